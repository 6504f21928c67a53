"""adyn.System: a model built in Python with the vocabulary of the C++ API and of model files.

Each call adds one entry of a model-file section (docs/model-format.md) — the same names, keys and
expressions (strings in the model's symbols, vectors as {frame: [x, y, z]} or vector expressions
such as "l*B.x") — and is checked at once by adyn's model reader: an error raises adyn.ModelError
naming the object, and leaves the system as it was.

    s = adyn.System("pendulum")
    s.add_parameter("m", 1.0, unit="kg"); s.add_parameter("l", 0.5, unit="m"); s.add_parameter("g", 9.81)
    s.add_coordinate("theta")
    s.add_frame("B", parent="N", axis="z", angle="theta")
    s.add_point("P", from_="O", position={"B": ["l", 0, 0]})
    s.add_particle("bob", point="P", mass="m")
    s.set_gravity({"N": [0, "-g", 0]})
    model = s.model()          # an adyn.Model: derive, simulate, ...
"""
import copy
import json
import re

from . import _adyn

_POSITION = re.compile(r"^[^:]*:\d+:\d+: ")


def _fields(**fields):
    """Model-file keys from keyword arguments: None left out, a trailing _ dropped (from_)."""
    return {k.rstrip("_"): v for k, v in fields.items() if v is not None}


class System:
    """A mechanical system under construction; .model() reads it into an adyn.Model."""

    def __init__(self, name="system", inertial_frame="N", origin="O"):
        self._document = {"name": name, "inertial_frame": inertial_frame, "origin": origin}
        self._check()

    # ---- the document ----------------------------------------------------------------------
    def document(self):
        """The model as a model-file mapping (a copy)."""
        return copy.deepcopy(self._document)

    def text(self):
        """The model as model-file text (JSON, which is YAML): `adyn` commands read it."""
        return json.dumps(self._document, indent=2) + "\n"

    def save(self, path):
        """Writes the model file."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.text())

    def model(self):
        """The system read into an adyn.Model (derive, simulate, linearize, ...)."""
        return _adyn.Model.from_text(self.text(), f"System '{self._document['name']}'")

    def _check(self):
        try:
            self.model()
        except _adyn.ModelFileError as e:
            # Positions in the generated text mean nothing to the caller: the object and the problem do.
            error = _adyn.ModelError(_POSITION.sub("", str(e)))
            error.object = e.object
            raise error from None

    def _change(self, change):
        before = copy.deepcopy(self._document)
        change(self._document)
        try:
            self._check()
        except _adyn.Error:
            self._document = before
            raise
        return self

    def _append(self, section, entry):
        return self._change(lambda d: d.setdefault(section, []).append(entry))

    def _set(self, key, value):
        def change(d):
            d[key] = value
        return self._change(change)

    # ---- symbols ---------------------------------------------------------------------------
    def add_parameter(self, name, value=None, *, unit=None, latex=None):
        entry = _fields(value=value, unit=unit, latex=latex)
        return self._change(lambda d: d.setdefault("parameters", {}).__setitem__(name, entry or None))

    def add_input(self, name, value=None, *, unit=None, latex=None):
        """A named input (a force or torque symbol kept in the equations, for loads); its value,
        0 unless given, is what simulations use; linearize differentiates with respect to it (B)."""
        entry = _fields(value=value, unit=unit, latex=latex)
        return self._change(lambda d: d.setdefault("inputs", {}).__setitem__(name, entry or None))

    def add_output(self, name, expression=None, *, position=None, velocity=None, component=None,
                   constraint_force=None, unit=None):
        """A named output, recorded with the state by simulations (Trajectory.outputs) and the rows
        of linearize's C and D: an expression in q, q_d (or the speeds), t, parameters and inputs
        ("dot(vel(P), B.y)"), a point's position or velocity component
        (position="P", component=["N", "x"]), or the force of a constraint (constraint_force="c": its
        multiplier, in the lagrange and gauss equations)."""
        entry = _fields(expression=expression, position=position, velocity=velocity,
                        component=list(component) if component is not None else None,
                        constraint_force=constraint_force, unit=unit)
        if list(entry) == ["expression"]:
            entry = expression
        return self._change(lambda d: d.setdefault("outputs", {}).__setitem__(name, entry))

    def add_coordinate(self, name, *, latex=None):
        return self._append("coordinates", _fields(name=name, latex=latex) if latex else name)

    def add_speed(self, name, *, latex=None):
        return self._append("speeds", _fields(name=name, latex=latex) if latex else name)

    def set_coordinate_rate(self, coordinate, rate):
        """The kinematic differential equation q' = rate (in the speeds), with declared speeds."""
        return self._change(lambda d: d.setdefault("coordinate_rates", {}).__setitem__(coordinate, rate))

    # ---- frames, points, particles, bodies -----------------------------------------------
    def add_frame(self, name, parent, *, axis=None, angle=None, body_fixed=None, space_fixed=None, angles=None,
                  quaternion=None, rodrigues=None, dcm=None):
        """A frame oriented relative to `parent`: axis + angle, body_fixed or space_fixed ("313",
        "XYZ", ...) + angles, quaternion, rodrigues or dcm."""
        return self._append("frames", _fields(name=name, parent=parent, axis=axis, angle=angle, body_fixed=body_fixed,
                                              space_fixed=space_fixed, angles=angles, quaternion=quaternion,
                                              rodrigues=rodrigues, dcm=dcm))

    def add_point(self, name, *, from_=None, position=None, fixed_in=None, velocity=None):
        return self._append("points", _fields(name=name, from_=from_, position=position, fixed_in=fixed_in,
                                              velocity=velocity))

    def add_particle(self, name, *, point, mass):
        return self._append("particles", _fields(name=name, point=point, mass=mass))

    def add_body(self, name, *, mass_center, mass, inertia, frame=None):
        """A rigid body; inertia about the mass centre in `frame`: {Ixx, Iyy, Izz, Ixy, Iyz, Izx}. A body
        a joint moves may leave out `frame` (the joint's) and give mass_center as [x, y, z] in it."""
        return self._append("bodies", _fields(name=name, mass_center=mass_center, frame=frame, mass=mass,
                                              inertia=inertia))

    def add_joint(self, name, type, *, parent, child, mass, mass_center, inertia, axis=None, second_axis=None,
                  origin=None, actuated=None, damping=None, friction=None, limits=None):
        """A joint (revolute, prismatic, universal, planar, spherical, free, fixed) that moves the body
        `child` relative to `parent` ("ground" or a body another joint moves), with the child body:
        its mass, mass_center ([x, y, z] in the joint's frame from its origin, or a point) and
        inertia. The joint makes its coordinates and speeds (named after it), the child's frame and
        origin point, and states the tree; `origin` is {translation: [x, y, z], and one of
        rpy: [roll, pitch, yaw], axis_angle: {axis, angle}, matrix: 3x3} in the parent's frame.
        actuated=True gives it an input tau_<coordinate> per coordinate (a torque about, or a force
        along, its axis); damping d the generalized force -d q' on each coordinate; friction (Coulomb)
        is recorded and noted, not applied; limits={"lower": .., "upper": .., "velocity": ..} (a
        revolute or prismatic joint) are reported by simulate when a run leaves them, not enforced."""
        joint = _fields(name=name, type=type, parent=parent, child=child, axis=axis, second_axis=second_axis,
                        origin=origin, actuated=actuated, damping=damping, friction=friction, limits=limits)
        body = _fields(name=child, mass=mass, mass_center=mass_center, inertia=inertia)

        def change(d):
            d.setdefault("joints", []).append(joint)
            d.setdefault("bodies", []).append(body)
        return self._change(change)

    # ---- constraints -------------------------------------------------------------------------
    def add_constraint(self, name, *, holonomic=None, velocity=None, general=None, nonideal_force=None,
                       friction=None, rolling=None, coincident=None, **geometric):
        """A constraint: holonomic (phi(q, t) = 0), velocity (linear in the rates), general, or a
        geometric one — rolling (a wheel or a convex body on a plane), coincident (a pin joint),
        and the other joints of docs/model-format.md; nonideal_force or friction make it nonideal."""
        return self._append("constraints", _fields(name=name, holonomic=holonomic, velocity=velocity, general=general,
                                                   nonideal_force=nonideal_force, friction=friction, rolling=rolling,
                                                   coincident=coincident, **geometric))

    def set_dependent_speeds(self, speeds):
        return self._set("dependent_speeds", list(speeds))

    def add_event(self, name, *, gap, restitution=None):
        return self._append("events", _fields(name=name, gap=gap, restitution=restitution))

    # ---- loads ---------------------------------------------------------------------------------
    def set_gravity(self, vector):
        return self._set("gravity", vector)

    def add_force(self, name, *, point, force):
        return self._append("forces", _fields(name=name, point=point, force=force))

    def add_torque(self, name, *, frame, torque, reaction_on=None):
        return self._append("torques", _fields(name=name, frame=frame, torque=torque, reaction_on=reaction_on))

    def add_spring(self, name, *, between, stiffness, free_length=None, tension=None):
        return self._append("springs", _fields(name=name, between=list(between), stiffness=stiffness,
                                               free_length=free_length, tension=tension))

    def add_damper(self, name, *, between, coefficient):
        return self._append("dampers", _fields(name=name, between=list(between), coefficient=coefficient))

    def add_potential(self, name, *, energy):
        return self._append("potentials", _fields(name=name, energy=energy))

    def add_dissipation(self, name, *, function):
        return self._append("dissipation", _fields(name=name, function=function))

    def add_generalized_force(self, name, *, coordinate, value):
        return self._append("generalized_forces", _fields(name=name, coordinate=coordinate, value=value))

    # ---- initial conditions and settings ------------------------------------------------------
    def set_initial(self, **values):
        """Initial values of coordinates and speeds (or rates q_d without declared speeds)."""
        return self._change(lambda d: d.setdefault("initial", {}).update(values))

    def set_operating_point(self, **values):
        return self._change(lambda d: d.setdefault("operating_point", {}).update(values))

    def set_simulation(self, **settings):
        """t_end, output_step, rtol, atol, method, integrator, projection, baumgarte, step."""
        return self._change(lambda d: d.setdefault("simulation", {}).update(settings))

    def __repr__(self):
        return f"<adyn.System '{self._document['name']}'>"
