#pragma once
// Models of tests/io/test_joints_section.cpp: a 3-D chain written with joints and the same chain
// written with frames and points; a small robot as URDF and as a model file with joints.
namespace adyn::test {

// Revolute, revolute about a skew axis (origin turned by rpy), universal (origin by axis-angle)
// and prismatic (origin by a matrix).
inline const char* const chain_with_joints = R"(
name: chain
parameters: {l: 0.4, g: 9.81}
joints:
  - {name: j1, type: revolute, parent: ground, child: b1, axis: z, origin: {translation: [0, 0, 0.1]}}
  - {name: j2, type: revolute, parent: b1, child: b2, axis: [0, 0.6, 0.8], origin: {translation: [l, 0, 0], rpy: [Pi/2, 0, 0.3]}}
  - {name: j3, type: universal, parent: b2, child: b3, axis: x, second_axis: y,
     origin: {translation: [0.3, 0, 0], axis_angle: {axis: y, angle: 0.5}}}
  - {name: j4, type: prismatic, parent: b3, child: b4, axis: x,
     origin: {translation: [0.2, 0.1, 0], matrix: [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}}
bodies:
  - {name: b1, mass: 2, mass_center: [0.2, 0, 0], inertia: {Ixx: 0.01, Iyy: 0.02, Izz: 0.025}}
  - {name: b2, mass: 1.2, mass_center: [0.2, 0.01, 0], inertia: {Ixx: 0.001, Iyy: 0.02, Izz: 0.021, Ixy: 0.0001}}
  - {name: b3, mass: 0.8, mass_center: [0.15, 0, 0.02], inertia: {Ixx: 0.0005, Iyy: 0.006, Izz: 0.0062}}
  - {name: b4, mass: 0.3, mass_center: [0.02, 0, 0], inertia: {Ixx: 0.0002, Iyy: 0.0003, Izz: 0.0003}}
gravity: {N: [0, 0, -g]}
)";

inline const char* const chain_with_frames = R"(
name: chain
parameters: {l: 0.4, g: 9.81}
coordinates: [j1, j2, j3_1, j3_2, j4]
frames:
  - {name: B1, parent: N, axis: z, angle: j1}
  - {name: J2, parent: B1, space_fixed: XYZ, angles: [Pi/2, 0, 0.3]}
  - {name: B2, parent: J2, axis: [0, 0.6, 0.8], angle: j2}
  - {name: J3, parent: B2, axis: y, angle: 0.5}
  - {name: X3, parent: J3, axis: x, angle: j3_1}
  - {name: B3, parent: X3, axis: y, angle: j3_2}
  - {name: B4, parent: B3, dcm: [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}
points:
  - {name: P1, from: O, position: {N: [0, 0, 0.1]}}
  - {name: G1, from: P1, position: {B1: [0.2, 0, 0]}}
  - {name: P2, from: P1, position: {B1: [l, 0, 0]}}
  - {name: G2, from: P2, position: {B2: [0.2, 0.01, 0]}}
  - {name: P3, from: P2, position: {B2: [0.3, 0, 0]}}
  - {name: G3, from: P3, position: {B3: [0.15, 0, 0.02]}}
  - {name: P4, from: P3, position: {B3: [0.2, 0.1, 0], B4: [j4, 0, 0]}}
  - {name: G4, from: P4, position: {B4: [0.02, 0, 0]}}
bodies:
  - {name: b1, frame: B1, mass: 2, mass_center: G1, inertia: {Ixx: 0.01, Iyy: 0.02, Izz: 0.025}}
  - {name: b2, frame: B2, mass: 1.2, mass_center: G2, inertia: {Ixx: 0.001, Iyy: 0.02, Izz: 0.021, Ixy: 0.0001}}
  - {name: b3, frame: B3, mass: 0.8, mass_center: G3, inertia: {Ixx: 0.0005, Iyy: 0.006, Izz: 0.0062}}
  - {name: b4, frame: B4, mass: 0.3, mass_center: G4, inertia: {Ixx: 0.0002, Iyy: 0.0003, Izz: 0.0003}}
gravity: {N: [0, 0, -g]}
)";

inline const char* const robot_urdf = R"(<robot name="arm">
  <link name="base"/>
  <joint name="shoulder" type="revolute">
    <parent link="base"/><child link="upper"/>
    <origin xyz="0 0 0.1" rpy="1.5707963267948966 0 0"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="30" velocity="3"/>
  </joint>
  <link name="upper"><inertial><origin xyz="0.2 0 0"/><mass value="1.2"/>
    <inertia ixx="0.001" iyy="0.02" izz="0.021" ixy="0.0001" ixz="0" iyz="0"/></inertial></link>
  <joint name="elbow" type="continuous">
    <parent link="upper"/><child link="fore"/><origin xyz="0.4 0 0"/><axis xyz="0 0.6 0.8"/>
  </joint>
  <link name="fore"><inertial><origin xyz="0.15 0.01 0"/><mass value="0.8"/>
    <inertia ixx="0.0005" iyy="0.006" izz="0.0062" ixy="0" ixz="0.0001" iyz="0"/></inertial></link>
  <joint name="slide" type="prismatic">
    <parent link="fore"/><child link="tool"/><origin xyz="0.3 0 0" rpy="0 0.5 0"/><axis xyz="1 0 0"/>
    <limit lower="0" upper="0.1" effort="10" velocity="0.2"/>
  </joint>
  <link name="tool"><inertial><origin xyz="0.02 0 0"/><mass value="0.3"/>
    <inertia ixx="0.0002" iyy="0.0003" izz="0.0003" ixy="0" ixz="0" iyz="0"/></inertial></link>
</robot>)";

inline const char* const robot_with_joints = R"(
name: arm
parameters: {g: 9.81}
joints:
  - {name: shoulder, type: revolute, parent: ground, child: upper, axis: z, origin: {translation: [0, 0, 0.1], rpy: [Pi/2, 0, 0]}}
  - {name: elbow, type: revolute, parent: upper, child: fore, axis: [0, 0.6, 0.8], origin: {translation: [0.4, 0, 0]}}
  - {name: slide, type: prismatic, parent: fore, child: tool, axis: x, origin: {translation: [0.3, 0, 0], rpy: [0, 0.5, 0]}}
bodies:
  - {name: upper, mass: 1.2, mass_center: [0.2, 0, 0], inertia: {Ixx: 0.001, Iyy: 0.02, Izz: 0.021, Ixy: 0.0001}}
  - {name: fore, mass: 0.8, mass_center: [0.15, 0.01, 0], inertia: {Ixx: 0.0005, Iyy: 0.006, Izz: 0.0062, Izx: 0.0001}}
  - {name: tool, mass: 0.3, mass_center: [0.02, 0, 0], inertia: {Ixx: 0.0002, Iyy: 0.0003, Izz: 0.0003}}
gravity: {N: [0, 0, -g]}
)";

// Every one-body-per-joint type the chain above leaves out: fixed, universal after it, planar, and
// a revolute joint on the planar joint's child.
inline const char* const every_type = R"(
parameters: {g: 9.81}
joints:
  - {name: hinge, type: revolute, parent: ground, child: arm, axis: z}
  - {name: weld, type: fixed, parent: arm, child: tip, origin: {translation: [0.5, 0, 0], rpy: [0, 0, 0.3]}}
  - {name: pivot, type: universal, parent: tip, child: hand, axis: x, second_axis: y}
  - {name: plane, type: planar, parent: ground, child: puck, axis: y}
  - {name: flyer, type: revolute, parent: puck, child: flap, axis: x}
bodies:
  - {name: arm, mass: 1, mass_center: [0.25, 0, 0], inertia: {Ixx: 0.01, Iyy: 0.02, Izz: 0.02}}
  - {name: tip, mass: 0.5, mass_center: [0.05, 0, 0], inertia: {Ixx: 0.001, Iyy: 0.001, Izz: 0.001}}
  - {name: hand, mass: 0.2, mass_center: [0, 0, -0.1], inertia: {Ixx: 0.001, Iyy: 0.001, Izz: 0.001}}
  - {name: puck, mass: 0.7, mass_center: [0, 0, 0], inertia: {Ixx: 0.001, Iyy: 0.001, Izz: 0.001}}
  - {name: flap, mass: 0.1, mass_center: [0, 0.1, 0], inertia: {Ixx: 0.001, Iyy: 0.001, Izz: 0.001}}
gravity: {N: [0, -g, 0]}
)";

}  // namespace adyn::test
