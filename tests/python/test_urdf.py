"""URDF robot descriptions from Python (issue 32): adyn.load("robot.urdf") reads them as any model
file; examples/two_link_arm.urdf's accelerations equal the SymPy reference of
tests/io/references/urdf_two_link_arm.py, and so do its inverse dynamics, mass matrix and the wrist's
pose and Jacobian (the compiled handle's rigid-body calls)."""
import pickle

import numpy as np
import pytest

import adyn
from conftest import SOURCE, robot

SYMPY_QDD = [-12.127498708917164, -10.551898183640841, 2.659025900562308]
# urdf_two_link_arm.py at q = (0.3, -0.7, 0.04), q' = (0.5, -1.1, 0.02), a = (0.9, -0.4, 0.2).
SYMPY_M = [[0.5448360358231453, 0.1473472743273958, -0.03726497968216717],
           [0.1473472743273958, 0.0879196660014479, 0.017259319389751296],
           [-0.03726497968216717, 0.017259319389751296, 0.20000000000000004]]
SYMPY_TAU = [10.185340830088672, 2.3696768102435435, -0.50205980164602537]
SYMPY_WRIST_R = [[0.96792051071206031, 0.24131161084877784, 0.069989937937337446],
                 [0.099626375608993428, -0.11287575010344553, -0.98860186643643377],
                 [-0.23066094213351362, 0.96386086729784415, -0.13329575486836551]]
SYMPY_WRIST_P = [0.64703013320706559, -0.11595918370278438, 0.13830925978543715]
SYMPY_WRIST_J = [[-3.6291602505591595e-17, -0.17731212399680374, 0],
                 [-0.99999999999999978, -0.80000000000000004, 0],
                 [0, 0.57320189347536354, 0],
                 [-0.038309259785437116, 0.13038708196757251, 0],
                 [0, 0.13767159371120793, 0],
                 [0.64703013320706559, 0.23247739920473476, 0]]
Q, U, A = np.array([0.3, -0.7, 0.04]), np.array([0.5, -1.1, 0.02]), np.array([0.9, -0.4, 0.2])


def test_load_reads_a_robot_description(example):
    m = adyn.load(example("two_link_arm.urdf"))
    assert m.coordinates == ["shoulder", "elbow", "gripper_slide"]
    assert m.inputs == {"tau_shoulder": 0.0, "tau_elbow": 0.0, "tau_gripper_slide": 0.0}
    assert m.parameters == {"g": 9.81}
    assert pickle.loads(pickle.dumps(m)).coordinates == m.coordinates


def test_compiled_rates_equal_the_sympy_reference(example):
    compiled = adyn.load(example("two_link_arm.urdf")).derive("kane").compile()
    assert compiled.articulated_body
    assert compiled.evaluator == "articulated-body algorithm, O(n): an unconstrained tree of 3 bodies"
    compiled.set_parameters({"tau_shoulder": 1.5, "tau_elbow": -0.4, "tau_gripper_slide": 0.3})
    udot = compiled.rates(np.array([0.3, -0.7, 0.04]), np.array([0.5, -1.1, 0.02]))
    np.testing.assert_allclose(udot, SYMPY_QDD, rtol=1e-10, atol=0)


def test_a_run_that_leaves_the_joint_limits_says_so(example):
    """The gripper of two_link_arm.urdf slides out of its range [0, 0.1] m under gravity: the run is
    not changed (no joint stop), and the warning names the joint, its first sample beyond and the
    furthest."""
    equations = adyn.load(example("two_link_arm.urdf")).derive("lagrange")
    with pytest.warns(RuntimeWarning, match=r"joint 'gripper_slide' left its range \[0, 0.1\] m at t = 0.01"):
        run = equations.simulate(0.5, 0.01)
    assert min(run["gripper_slide"]) < 0 < max(run["gripper_slide"]) - 0.1
    assert any("'shoulder' exceeded its speed bound 3 rad/s" in w for w in run.summary["warnings"])


def test_rigid_body_calls_equal_the_sympy_reference(example):
    compiled = adyn.load(example("two_link_arm.urdf")).derive("kane").compile()
    assert compiled.rigid_body_path == "recursive Newton-Euler and composite rigid bodies over the tree"
    np.testing.assert_allclose(compiled.inverse_dynamics(Q, U, A), SYMPY_TAU, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(compiled.mass_matrix(Q), SYMPY_M, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(compiled.mass_matrix(Q), compiled.matrices(Q, U)["M"], rtol=1e-12, atol=1e-14)
    R, p = compiled.frame_pose("wrist", Q)
    np.testing.assert_allclose(R, SYMPY_WRIST_R, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(p, SYMPY_WRIST_P, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(compiled.frame_jacobian("wrist", Q), SYMPY_WRIST_J, rtol=1e-10, atol=1e-12)


def test_inverse_dynamics_at_the_rates_gives_the_inputs(example):
    compiled = adyn.load(example("two_link_arm.urdf")).derive("kane").compile()
    inputs = {"tau_shoulder": 1.5, "tau_elbow": -0.4, "tau_gripper_slide": 0.3}
    compiled.set_parameters(inputs)
    udot = compiled.rates(Q, U)
    np.testing.assert_allclose(compiled.inverse_dynamics(Q, U, udot), [1.5, -0.4, 0.3], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(compiled.inverse_dynamics(Q, U, udot, inputs=inputs), 0, atol=1e-12)


def test_rigid_body_calls_refuse_bad_arguments(example):
    compiled = adyn.load(example("two_link_arm.urdf")).derive("kane").compile()
    with pytest.raises(adyn.ModelError, match="frame 'elbow_link': no frame with a point of that name"):
        compiled.frame_pose("elbow_link", Q)
    with pytest.raises(adyn.ModelError, match="udot: expected 3 values, got 2"):
        compiled.inverse_dynamics(Q, U, A[:2])
    with pytest.raises(adyn.ModelError, match="input 'tau_wrist': no such input"):
        compiled.inverse_dynamics(Q, U, A, inputs={"tau_wrist": 1.0})


def test_floating_base(tmp_path):
    """adyn.load(..., floating_base=True): Solo-12's root link on a free joint 'root' (19 coordinates,
    18 speeds); falling from a turning, moving state its Euler parameters stay unit, as the summary
    says; the option survives pickling and is refused for a model file."""
    path = robot("solo12.urdf")
    m = adyn.load(path, floating_base=True)
    assert m.coordinates[:8] == ["root_x", "root_y", "root_z", "root_e0", "root_e1", "root_e2", "root_e3", "FL_HAA"]
    assert m.speeds[:7] == ["root_vx", "root_vy", "root_vz", "root_wx", "root_wy", "root_wz", "FL_HAA_u"]
    assert len(m.coordinates) == 19 and len(m.speeds) == 18
    assert "tau_root" not in m.inputs
    initial = {"root_z": 0.4, "root_vx": 0.5, "root_wz": 2.0, "FL_HAA_u": 1.0}
    run = m.derive("kane").simulate(0.3, 0.01, initial=initial)
    assert run.summary["evaluator"] == "articulated-body algorithm, O(n): an unconstrained tree of 13 bodies"
    euler = run.summary["euler_parameters"]
    assert euler["frames"] == ["base_link"] and euler["largest_norm_error"] < 1e-8
    e = np.array([run["root_e0"], run["root_e1"], run["root_e2"], run["root_e3"]])
    np.testing.assert_allclose(np.linalg.norm(e, axis=0), 1, atol=1e-8)
    assert abs(run["root_e3"][-1]) > 0.2  # it turned about z
    assert len(pickle.loads(pickle.dumps(m)).speeds) == 18
    assert adyn.load(path).speeds[0] == "FL_HAA_d"
    with pytest.raises(adyn.ModelFileError, match="floating base: applies to a robot description"):
        adyn.load(str(SOURCE / "examples" / "double_pendulum.yaml"), floating_base=True)
