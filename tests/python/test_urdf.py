"""URDF robot descriptions from Python (issue 32): adyn.load("robot.urdf") reads them as any model
file; examples/two_link_arm.urdf's accelerations equal the SymPy reference of
tests/io/references/urdf_two_link_arm.py."""
import pickle

import numpy as np

import adyn

SYMPY_QDD = [-12.127498708917164, -10.551898183640841, 2.659025900562308]


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
