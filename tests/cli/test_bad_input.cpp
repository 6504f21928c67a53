// Bad input on the command line (the model files are in tests/io/test_malformed_models.cpp): each
// case asserts the exit status (2 for bad input from flags or files, 1 for a run that fails) and the
// message, and that no output file was written. Hostile inputs (huge models, expressions that
// expand to billions of terms, YAML aliases that stand for endless documents) end well within a
// deadline.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_support.hpp"
#include "hostile_models.hpp"
#include "tool_process.hpp"

namespace {

namespace fs = std::filesystem;
using adyn::test::example;

struct BadInput {
  std::string name;
  std::vector<std::string> args;  // "MODEL" is the double pendulum, "OUT" a fresh output path (also
                                  // as "{OUT}" inside an argument)
  int status;
  std::string message;
};

// Models written for the cases below, in the test's temporary directory.
// Written aside and renamed into place: CTest runs the cases as parallel processes, and two cases
// of one model must never read it half written.
std::string model_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "adyn_bad_input_" + name + ".yaml";
  const std::string aside = path + "." + std::to_string(getpid());
  std::ofstream(aside) << text;
  fs::rename(aside, path);
  return path;
}

// A model of a particle of mass 1 at `position` (in N, or in the frames `head` declares).
std::string particle_with(const std::string& head, const std::string& position) {
  const std::string at = position.front() == '{' ? position : "{N: " + position + "}";
  return "name: particle\n" + head + "points:\n  - {name: P, from: O, position: " + at +
         "}\nparticles:\n  - {name: p, point: P, mass: 1}\n";
}

std::string double_pendulum_with(const std::string& initial) {
  auto text = adyn::test::read_text(example("double_pendulum.yaml"));
  const auto at = text.find("initial:");
  return text.substr(0, at) + "initial: " + initial + "\n";
}

// n particles on a line, each joined to the next by a holonomic constraint too long to normalize:
// n − 1 dependent speeds for Kane's equations.
std::string chain_of_constraints(int n) {
  std::ostringstream text;
  text << "name: chain of constraints\nparameters: {m: 1}\ncoordinates: [x0";
  for (int i = 1; i < n; ++i) text << ", x" << i;
  text << "]\npoints:\n";
  for (int i = 0; i < n; ++i) text << "  - {name: P" << i << ", from: O, position: {N: [x" << i << ", 0, 0]}}\n";
  text << "particles:\n";
  for (int i = 0; i < n; ++i) text << "  - {name: p" << i << ", point: P" << i << ", mass: m}\n";
  text << "constraints:\n";
  for (int i = 0; i + 1 < n; ++i)
    text << "  - {name: c" << i << ", holonomic: x" << i + 1 << " - x" << i << " - sin(x" << i << " + x" << i + 1
         << ")*cos(x" << i << "*x" << i + 1 << ")*exp(sin(x" << i << ") + cos(x" << i + 1 << ")*sin(2*x" << i
         << "))*atan(x" << i << "^2 + x" << i + 1 << "^3)}\n";
  return text.str();
}

// A planar pendulum of n links; with `angles`, its operating point is given by parameters a0, a1, ...
std::string pendulum_chain(int n, bool angles = false) {
  std::ostringstream text;
  text << "name: pendulum chain\nparameters: {m: 1, l: 1, g: 9.81";
  for (int i = 0; angles && i < n; ++i) text << ", a" << i << ": 0." << i % 9 + 1;
  text << "}\ncoordinates: [q0";
  for (int i = 1; i < n; ++i) text << ", q" << i;
  text << "]\nframes:\n";
  for (int i = 0; i < n; ++i) text << "  - {name: A" << i << ", parent: N, axis: z, angle: q" << i << "}\n";
  text << "points:\n  - {name: P0, from: O, position: {A0: [0, -l, 0]}}\n";
  for (int i = 1; i < n; ++i)
    text << "  - {name: P" << i << ", from: P" << i - 1 << ", position: {A" << i << ": [0, -l, 0]}}\n";
  text << "particles:\n";
  for (int i = 0; i < n; ++i) text << "  - {name: b" << i << ", point: P" << i << ", mass: m}\n";
  text << "gravity: {N: [0, -g, 0]}\n";
  for (int i = 0; angles && i < n; ++i)
    text << (i ? ", q" : "operating_point: {q") << i << ": a" << i << (i + 1 < n ? "" : "}\n");
  return text.str();
}

// The file a placeholder of the cases' arguments stands for, written when first needed (not at
// test registration: the example directory is known only when the tests run).
std::string resolve(const std::string& placeholder) {
  if (placeholder == "FIFO") {
    const std::string fifo = ::testing::TempDir() + "adyn_bad_input_fifo.yaml";
    fs::remove(fifo);
    mkfifo(fifo.c_str(), 0600);
    return fifo;
  }
  if (placeholder == "BIG") {
    const std::string big = ::testing::TempDir() + "adyn_bad_input_big.yaml";
    std::ofstream(big) << std::string(9u << 20, '#');
    return big;
  }
  if (placeholder == "STABILITY") return example("rolling_disk_stability.yaml");
  if (placeholder == "FOUR_BAR") return example("four_bar_linkage.yaml");
  if (placeholder == "BICYCLE") return example("whipple_bicycle.yaml");
  if (placeholder == "IMPACTS") return example("newton_cradle.yaml");
  if (placeholder == "CHAIN_22") return model_file("chain_of_constraints", chain_of_constraints(22));
  if (placeholder == "PENDULUM_21") return model_file("pendulum_chain", pendulum_chain(21));
  if (placeholder == "PENDULUM_21_AT_PARAMETERS") return model_file("pendulum_chain_at", pendulum_chain(21, true));
  if (placeholder == "HUGE_ANGLE") return model_file("huge_angle", double_pendulum_with("{q1: 1e300}"));
  if (placeholder == "GIMBAL_LOCK") {
    auto top = adyn::test::read_text(example("heavy_symmetric_top.yaml"));
    top.replace(top.find("theta: 0.5"), 10, "theta: 0");
    return model_file("gimbal_lock", top);
  }
  if (placeholder == "INCONSISTENT")
    return model_file("inconsistent", R"(name: two walls
coordinates: [x, y]
points:
  - {name: P, from: O, position: {N: [x, y, 0]}}
particles:
  - {name: p, point: P, mass: 1}
constraints:
  - {name: a, holonomic: x}
  - {name: b, holonomic: x - 1}
)");
  if (placeholder == "SET_VELOCITY")
    return model_file("set_velocity", R"(name: cart with its velocity set
parameters: {m: 1, v: 2}
coordinates: [x]
points:
  - {name: P, from: O, position: {N: [x, 0, 0]}, velocity: {N: [v, 0, 0]}}
particles:
  - {name: cart, point: P, mass: m}
)");
  if (placeholder == "CIRCLE_X100") return model_file("circle_x100", particle_with(R"(coordinates: [x, y]
constraints:
  - {name: circle, holonomic: x^2 + y^2 - 1}
initial: {x: 100}
)", "[x, y, 0]"));
  if (placeholder == "WHIPPLE_TURNING") {
    auto bicycle = adyn::test::read_text(example("whipple_bicycle.yaml"));
    bicycle.replace(bicycle.find("psi_y_d: 0,"), 11, "psi_y_d: 0.5,");
    return model_file("whipple_turning", bicycle);
  }
  if (placeholder == "DCM_REFLECTION")
    return model_file("dcm_reflection", particle_with(R"(coordinates: [q]
frames:
  - {name: A, parent: N, dcm: [[cos(q), sin(q), 0], [sin(q), -cos(q), 0], [0, 0, 1]]}
)", "{A: [1, 0, 0]}"));
  if (placeholder == "DCM_STRETCH")
    return model_file("dcm_stretch", particle_with(R"(coordinates: [q]
frames:
  - {name: A, parent: N, dcm: [[cos(q), -sin(q), 0], [sin(q), cos(q), 0], [0, 0, 1 + q^2]]}
)", "{A: [1, 0, 0]}"));
  return placeholder;
}

std::vector<BadInput> cases() {
  return {
      {"t_end_infinite", {"simulate", "MODEL", "--t-end", "inf", "-o", "OUT"}, 2, "t_end must be a finite time"},
      {"t_end_beyond_double", {"simulate", "MODEL", "--t-end", "1e400", "-o", "OUT"}, 2, "(by more than rounding), got inf"},
      {"output_step_beyond_double", {"simulate", "MODEL", "--dt", "1e400", "-o", "OUT"}, 2,
       "--dt: must be a positive number, not '1e400'"},
      {"t_end_negative", {"simulate", "MODEL", "--t-end", "-1", "-o", "OUT"}, 2, "after the initial time 0"},
      {"t_end_below_rounding", {"simulate", "MODEL", "--t-end", "1e-320", "-o", "OUT"}, 2, "by more than rounding"},
      {"output_step_tiny", {"simulate", "MODEL", "--dt", "1e-300", "-o", "OUT"}, 2, "more than 1e+07"},
      {"output_step_zero", {"simulate", "MODEL", "--dt", "0", "-o", "OUT"}, 2, "must be a positive number, not '0'"},
      {"rtol_nan", {"simulate", "MODEL", "--rtol", "nan", "-o", "OUT"}, 2, "must be a positive number, not 'nan'"},
      {"atol_negative", {"simulate", "MODEL", "--atol", "-1", "-o", "OUT"}, 2, "must be a positive number, not '-1'"},
      {"baumgarte_negative", {"simulate", "MODEL", "--baumgarte", "-50", "-o", "OUT"}, 2,
       "a negative rate makes the constraint violation grow"},
      {"integrator_unknown", {"simulate", "MODEL", "--integrator", "rk4", "-o", "OUT"}, 2, "--integrator: rk4 not in"},
      {"backend_unknown", {"simulate", "MODEL", "--backend", "gpu", "-o", "OUT"}, 2, "--backend: gpu not in"},
      {"method_unknown", {"simulate", "MODEL", "-m", "newton", "-o", "OUT"}, 2, "--method: newton not in"},
      {"plot_extension", {"simulate", "MODEL", "--plot", "x.pdf"}, 2, "the plot file must end in .png or .svg"},
      {"output_is_model", {"simulate", "MODEL", "-o", "MODEL"}, 2, "is the model file; choose another file"},
      {"plot_is_output", {"simulate", "MODEL", "-o", "OUT.png", "--plot", "OUT.png"}, 2, "is also the file of --output"},
      {"codegen_output_is_model", {"codegen", "MODEL", "-o", "MODEL"}, 2, "is the model file"},
      {"output_directory_missing", {"simulate", "MODEL", "-o", "/nonexistent-adyn/x.csv"}, 2,
       "its directory '/nonexistent-adyn' does not exist (nothing was computed)"},
      {"output_is_directory", {"simulate", "MODEL", "-o", ::testing::TempDir()}, 2, "is a directory"},
      {"dependent_speed_unknown", {"derive", "MODEL", "-m", "kane", "--dependent", "zz"}, 2,
       "--dependent 'zz': is not a speed of the model"},
      {"format_unknown", {"derive", "MODEL", "-f", "pdf"}, 2, "--format: pdf not in"},
      {"operating_point_unknown", {"linearize", "MODEL", "--at", "zz=1"}, 2,
       "'zz' is not a coordinate, rate, speed, parameter or input of the model"},
      {"scan_too_many", {"equilibrium", "MODEL", "--scan", "1e9"}, 2, "--scan: Value 1e9 not in range 0 to 10000"},
      {"sweep_too_many", {"eigen", "STABILITY", "--sweep", "g=1:100:1e9"}, 2,
       "sweep 'g=1:100:1e9': expected NAME=LO:HI:COUNT with finite LO < HI and 2 <= COUNT <= 100000"},
      {"sweep_count_not_integer", {"eigen", "STABILITY", "--sweep", "g=1:100:3.5"}, 2, "2 <= COUNT <= 100000"},
      {"compare_no_states", {"compare", "MODEL", "--states", "0"}, 2, "--states: Value 0 not in range 1 to 1000"},
      {"compare_time_limit_negative", {"compare", "MODEL", "--time-limit", "-1"}, 2, "must be a positive number"},
      {"command_unknown", {"simulat", "MODEL"}, 2, "unknown command 'simulat' (did you mean 'simulate'?)"},
      {"model_is_device", {"check", "/dev/zero"}, 2, "/dev/zero:1:1: model file: is not a regular file"},
      {"model_is_fifo", {"check", "FIFO"}, 2, "model file: is not a regular file (a pipe or a device)"},
      {"model_is_directory", {"check", ::testing::TempDir()}, 2, "model file: is a directory"},
      {"model_too_large", {"check", "BIG"}, 2, "is larger than 8 MiB"},
      {"initial_angle_huge", {"simulate", "HUGE_ANGLE", "-o", "OUT"}, 2,
       "initial state: q1 = 1e+300 is too large to integrate"},
      {"gimbal_lock", {"simulate", "GIMBAL_LOCK", "-o", "OUT"}, 1, "frame 'B': body-fixed 3-1-3 angles"},
      {"inconsistent_constraints", {"check", "INCONSISTENT"}, 2, "constraint 'b': contradicts the constraints before it"},
      {"set_velocity_lagrange", {"derive", "SET_VELOCITY", "-m", "lagrange"}, 2,
       "point 'P' (particle 'cart'): its velocity is set explicitly"},
      {"set_velocity_boltzmann_hamel", {"derive", "SET_VELOCITY", "-m", "boltzmann-hamel"}, 2,
       "Boltzmann-Hamel's equations differentiate the kinetic energy"},
      // a line break in an output's name would reach gnuplot as a command (here one that makes OUT)
      {"plot_name_line_break", {"simulate", "MODEL", "--plot", "p'\nsystem \"touch {OUT}\"\n'.png"}, 2,
       "--plot 'p'\\x0asystem \"touch "},
      {"output_name_tab", {"simulate", "MODEL", "-o", "{OUT}\t.csv"}, 2,
       "\\x09.csv': the name holds a control character; choose another name (nothing was computed)"},
      {"animate_output_escape", {"animate", "MODEL", "-o", "{OUT}\x1b[2J.html"}, 2, "\\x1b[2J.html': the name holds a control"},
      {"codegen_output_carriage_return", {"codegen", "MODEL", "-o", "{OUT}\r.c"}, 2, "\\x0d.c': the name holds a control"},
      {"eigen_plot_line_break", {"eigen", "STABILITY", "--sweep", "g=1:2:3", "--plot", "{OUT}\n.png"}, 2,
       "\\x0a.png': the name holds a control character"},
      {"initial_coordinate_cannot_be_kept", {"simulate", "CIRCLE_X100", "-o", "OUT"}, 2,
       "initial conditions: x = 100 given: constraint 'circle' cannot be satisfied by completing y"},
      {"initial_speed_cannot_be_kept", {"simulate", "WHIPPLE_TURNING", "-o", "OUT"}, 2,
       "psi_y_d = 0.5, phi_d = 0, thetaB_d = 0, delta_d = 0, thetaF_d = -14.2857 given: they violate constraint 'front "
       "contact no-slip 2'"},
      {"operating_point_negative_mass", {"eigen", "MODEL", "--at", "m2=-1"}, 2,
       "parameter 'm2' = -1: particle 'bob2': its mass must be positive"},
      {"operating_point_zero_mass", {"linearize", "MODEL", "--at", "m1=0"}, 2,
       "parameter 'm1' = 0: particle 'bob1': its mass must be positive"},
      {"sweep_through_negative_mass", {"eigen", "MODEL", "--sweep", "m2=-1:1:5", "--csv", "OUT"}, 2,
       "sweep 'm2=-1:1:5': at m2 = -1, particle 'bob2': its mass must be positive"},
      {"dcm_reflection_in_coordinate", {"simulate", "DCM_REFLECTION", "-o", "OUT"}, 2,
       "frame 'A': its direction-cosine matrix is not a rotation at the initial state (det C = −1: a reflection)"},
      {"dcm_not_rotation_at_operating_point", {"linearize", "DCM_STRETCH", "--at", "q=1"}, 2,
       "frame 'A': its direction-cosine matrix is not a rotation at the operating point (|CᵀC − I| = "},
      // invisible characters in what the user typed are shown escaped, never raw (a right-to-left
      // override shows "p\u202egnp.csv" as "pvsc.png")
      {"command_unknown_right_to_left_override", {"\u202esimulate", "MODEL"}, 2, "unknown command '\\u202esimulate'"},
      {"method_zero_width_space", {"simulate", "MODEL", "-m", "kane\u200b", "-o", "OUT"}, 2, "--method: kane\\u200b not in"},
      {"output_name_right_to_left_override", {"simulate", "MODEL", "-o", "{OUT}\u202evsc.png"}, 2,
       "\\u202evsc.png': the name holds U+202E, an invisible character (the name is shown other than it is)"},
      // options that do not go with the method or the model: bad input, with what does go
      {"udwadia_kalaba_with_ida", {"simulate", "MODEL", "-m", "udwadia-kalaba", "--integrator", "ida", "-o", "OUT"}, 2,
       "integrator 'ida': integrates the multiplier form of lagrange, gauss or hamilton (a multiplier per constraint); "
       "the Udwadia-Kalaba equations are not one: integrate them with dopri, bdf or midpoint"},
      {"kane_with_ida", {"simulate", "FOUR_BAR", "-m", "kane", "--integrator", "ida", "-o", "OUT"}, 2,
       "integrator 'ida': integrates the multiplier form of lagrange, gauss or hamilton"},
      {"kane_with_baumgarte", {"simulate", "FOUR_BAR", "-m", "kane", "--baumgarte", "10", "-o", "OUT"}, 2,
       "Baumgarte stabilization: stabilizes the constraint rows of the equations of lagrange, gauss, udwadia-kalaba or "
       "hamilton; the Kane equations eliminate them"},
      {"ida_with_baumgarte", {"simulate", "FOUR_BAR", "--integrator", "ida", "--baumgarte", "10", "-o", "OUT"}, 2,
       "simulation options: IDA holds the constraints at the position and velocity levels itself"},
      {"midpoint_with_events", {"simulate", "IMPACTS", "--integrator", "midpoint", "-o", "OUT"}, 2,
       "integrator 'midpoint': does not locate the model's events ('bobs touch'): use dopri or bdf"},
      {"hamilton_with_impacts", {"simulate", "IMPACTS", "-m", "hamilton", "-o", "OUT"}, 2,
       "event 'bobs touch': an impact changes the speeds through the inertia in them; the speeds of the Hamilton "
       "equations are momenta"},
      // a symbolic solve beyond Cramer's rule over the expression graph (order 20), named with the method
      // (Kane's, Gibbs-Appell's and Maggi's 21 dependent speeds of CHAIN_22 are no longer refused: beyond 20
      // they are solved numerically, BeyondTheSymbolicLimit below)
      {"hamilton_mass_matrix_too_large", {"derive", "PENDULUM_21", "-m", "hamilton"}, 2,
       "method 'hamilton': cannot solve for the 21 rates in the momenta (the inverse of the mass matrix) symbolically"},
      {"linearization_too_many_speeds", {"linearize", "PENDULUM_21_AT_PARAMETERS", "-m", "kane"}, 2,
       "linearization: cannot solve for the 21 accelerations at the operating point symbolically (in the parameters): "
       "more than 20 unknowns for Cramer's rule over the expression graph (an operating point in numbers keeps the "
       "entries small enough to solve)"},
      // values beyond the range of doubles, named with the state
      {"operating_point_beyond_doubles", {"eigen", "MODEL", "--at", "q1=1e400"}, 2,
       "operating point: q1: its value, about 1e+400, is beyond the range of floating-point numbers"},
      {"linearization_beyond_doubles", {"linearize", "MODEL", "--at", "q1_d=1e200"}, 1,
       "motion at the operating point [d/dt q1_d]: its value, about -1.81e+399, is beyond the range of floating-point "
       "numbers at g = 9.81, l1 = 1, m1 = 1, m2 = 1 (operating point: q1 = 0.8, q2 = -0.4, q1_d = 1e+200, q2_d = 0)"},
      // the values of the model's inputs (--input NAME=VALUE), named
      {"input_unknown", {"simulate", "BICYCLE", "--input", "T_psi=1", "-o", "OUT"}, 2,
       "input 'T_psi': no such input in system 'Whipple bicycle (Meijaard et al. 2007 benchmark)' (its inputs: T_phi, "
       "T_delta)"},
      {"input_of_model_without_inputs", {"simulate", "MODEL", "--input", "T=1", "-o", "OUT"}, 2,
       "input 'T': no such input in system 'Double pendulum' (its inputs: none)"},
      {"input_infinite", {"simulate", "BICYCLE", "--input", "T_delta=inf", "-o", "OUT"}, 2,
       "input 'T_delta': expected a finite number, got inf"},
      {"input_beyond_doubles", {"simulate", "BICYCLE", "--input", "T_delta=1e400", "-o", "OUT"}, 2,
       "input 'T_delta': expected a finite number, got inf"},
      {"input_not_a_number", {"simulate", "BICYCLE", "--input", "T_delta=abc", "-o", "OUT"}, 2,
       "--input 'T_delta=abc': the value 'abc' is not a number"},
      {"input_without_value", {"simulate", "BICYCLE", "--input", "T_delta", "-o", "OUT"}, 2,
       "--input 'T_delta': expected NAME=VALUE"},
      {"input_given_twice", {"simulate", "BICYCLE", "--input", "T_delta=1", "--input", "T_delta=2", "-o", "OUT"}, 2,
       "--input 'T_delta=2': the input 'T_delta' is given twice"},
      {"input_at_beyond_doubles", {"linearize", "BICYCLE", "--at", "T_phi=1e400"}, 2,
       "operating point 'T_phi=1e400': T_phi: its value, about 1e+400, is beyond the range of floating-point numbers"},
      {"parameter_at_beyond_doubles", {"linearize", "MODEL", "--at", "m1=1e400"}, 2,
       "operating point 'm1=1e400': m1: its value, about 1e+400, is beyond the range of floating-point numbers"},
      // the run's step budget: a whole number of steps from 1 to 1e15
      {"max_steps_zero", {"simulate", "MODEL", "--max-steps", "0", "-o", "OUT"}, 2,
       "--max-steps: must be a whole number from 1 to 1e15, not '0'"},
      {"max_steps_negative", {"simulate", "MODEL", "--max-steps", "-5", "-o", "OUT"}, 2,
       "--max-steps: must be a whole number from 1 to 1e15, not '-5'"},
      {"max_steps_fraction", {"simulate", "MODEL", "--max-steps", "1.5", "-o", "OUT"}, 2,
       "--max-steps: must be a whole number from 1 to 1e15, not '1.5'"},
      {"max_steps_exponent", {"animate", "MODEL", "--max-steps", "1e3", "-o", "OUT"}, 2,
       "--max-steps: must be a whole number from 1 to 1e15, not '1e3'"},
      {"max_steps_word", {"simulate", "MODEL", "--max-steps", "many", "-o", "OUT"}, 2,
       "--max-steps: must be a whole number from 1 to 1e15, not 'many'"},
      {"max_steps_beyond_integers", {"simulate", "MODEL", "--max-steps", "99999999999999999999", "-o", "OUT"}, 2,
       "--max-steps: must be a whole number from 1 to 1e15, not '99999999999999999999'"},
      {"max_steps_missing", {"simulate", "MODEL", "--max-steps"}, 2, "--max-steps"},
      // the run's wall-clock budget: a positive number of seconds
      {"max_time_zero", {"simulate", "MODEL", "--max-time", "0", "-o", "OUT"}, 2,
       "simulation options: max time must be a positive number of seconds, got 0"},
      {"max_time_negative", {"simulate", "MODEL", "--max-time", "-1", "-o", "OUT"}, 2,
       "simulation options: max time must be a positive number of seconds, got -1"},
      {"max_time_infinite", {"simulate", "MODEL", "--max-time", "inf", "-o", "OUT"}, 2,
       "simulation options: max time must be a positive number of seconds, got inf"},
      {"max_time_word", {"simulate", "MODEL", "--max-time", "long", "-o", "OUT"}, 2, "--max-time"},
      // compare's selection of methods: known names, once each, --methods or --skip
      {"compare_method_unknown", {"compare", "MODEL", "--methods", "lagrange,newton"}, 2,
       "--methods 'newton': not a method; the methods are lagrange, kane, gibbs-appell, maggi, boltzmann-hamel, gauss, "
       "udwadia-kalaba, fundamental-equation, hamilton"},
      {"compare_skip_unknown", {"compare", "MODEL", "--skip", "Kane"}, 2, "--skip 'Kane': not a method; the methods are"},
      {"compare_method_twice", {"compare", "MODEL", "--methods", "kane,lagrange,kane"}, 2, "--methods 'kane': is listed twice"},
      {"compare_methods_and_skip", {"compare", "MODEL", "--methods", "kane", "--skip", "hamilton"}, 2,
       "--methods and --skip: give the methods to run or those to skip, not both"},
      {"compare_skip_everything", {"compare", "MODEL", "--skip",
                                   "lagrange,kane,gibbs-appell,maggi,boltzmann-hamel,gauss,udwadia-kalaba,"
                                   "fundamental-equation,hamilton"}, 2,
       "--skip: skips every method: none is left to compare"},
      {"compare_methods_empty", {"compare", "MODEL", "--methods", ","}, 2, "--methods"},
  };
}

class BadCommandLine : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadCommandLine, ExitsWithTheStatusAndMessageAndWritesNothing) {
  const auto& c = GetParam();
  const std::string model = ::testing::TempDir() + "adyn_bad_input_case_" + c.name + ".yaml";
  fs::copy_file(example("double_pendulum.yaml"), model, fs::copy_options::overwrite_existing);
  const auto before = adyn::test::read_text(model);
  const std::string out = ::testing::TempDir() + "adyn_bad_input_case_" + c.name + ".csv";
  fs::remove(out);
  std::vector<std::string> args;
  for (const auto& a : c.args) {
    const auto at = a.find("{OUT}");
    args.push_back(a == "MODEL"                 ? model
                   : a == "OUT"                 ? out
                   : a == "OUT.png"             ? out + ".png"
                   : at != std::string::npos    ? a.substr(0, at) + out + a.substr(at + 5)
                                                : resolve(a));
  }
  const auto r = adyn::test::run(args);
  EXPECT_EQ(r.status, c.status) << r.err;
  EXPECT_NE(r.err.find(c.message), std::string::npos) << "expected \"" << c.message << "\"\n got: " << r.err;
  EXPECT_FALSE(fs::exists(out)) << "an output was written";
  EXPECT_EQ(adyn::test::read_text(model), before) << "the model file was changed";
}

INSTANTIATE_TEST_SUITE_P(BadInput, BadCommandLine, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<BadInput>& p) { return p.param.name; });

// 21 dependent coordinates (22 coordinates in a chain of 21 constraints), one more than the symbolic
// solve takes: Maggi's equations (the orthogonal complement) were refused with exit 2 ("cannot solve for
// the orthogonal complement of the constraints (the inverse of their 21 x 21 block)"); now the dependent
// speeds are solved numerically at each evaluation, and the run from rest, with no force, stays there.
TEST(BeyondTheSymbolicLimit, MaggiSimulatesAChainOf21ConstraintsWithItsDependentSpeedsSolvedNumerically) {
  const std::string out = ::testing::TempDir() + "adyn_chain_22_maggi.csv";
  fs::remove(out);
  const auto r = adyn::test::run({"simulate", resolve("CHAIN_22"), "-m", "maggi", "--t-end", "1", "-o", out});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("trajectory (orthogonal complement) written"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("21 of 21 rows, no change"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(out));
}

// Hostile inputs that took minutes or gigabytes: each runs as a process that is killed at its
// deadline, and must end with its status and message well before it.
struct Hostile {
  std::string name;
  std::vector<std::string> args;  // placeholders below; "OUT" a fresh output path
  int status;
  std::string shown;  // a part of what the tool writes (standard output and error)
  double seconds;     // the deadline
};

std::string hostile_file(const std::string& placeholder) {
  const char* root = std::getenv("ADYN_SOURCE_DIR");
  if (placeholder == "MANY") return model_file("many", adyn::test::free_particles_model(10000));
  if (placeholder == "CHAIN300") return model_file("chain300", adyn::test::chain_model(300));
  if (placeholder == "ALIAS_LOOP") return std::string(root ? root : ".") + "/tests/io/malformed/yaml_alias_loop.yaml";
  const std::string head = "parameters: {k: 1}\ncoordinates: [x, y, z]\npoints:\n  - {name: P, from: O, position: "
                           "{N: [x, y, z]}}\nparticles:\n  - {name: p, point: P, mass: 1}\n";
  if (placeholder == "BOMB_CONSTRAINT")  // expands to 5456 terms: normal() of its derivatives took 75 s
    return model_file("bomb_constraint", "name: expand bomb\n" + head + "constraints: [{name: c, holonomic: (x+y+z+1)^30 - 2}]\n");
  if (placeholder == "BOMB_POTENTIAL")  // ~10^11 terms: simplifying its forces ran out of memory (std::bad_alloc)
    return model_file("bomb_potential", "name: expand bomb\n" + head + "potentials: [{name: V, energy: k*((x+y+1)^9+1)^9}]\n");
  return placeholder;
}

std::vector<Hostile> hostile_cases() {
  return {
      // before: > 120 s (a copy of the symbol table and a linear search per name: quadratic)
      {"ten_thousand_coordinates", {"check", "MANY"}, 0, "Degrees of freedom: configuration 10000", 20},
      // before: 75 s in normal() and the trigonometric simplification
      {"expand_bomb_in_a_constraint", {"derive", "BOMB_CONSTRAINT"}, 0, "Equations of motion (Lagrange)", 20},
      {"expand_bomb_in_a_constraint_hamilton", {"derive", "BOMB_CONSTRAINT", "-m", "hamilton"}, 0, "(Hamilton)", 20},
      // before: "std::bad_alloc", exit 1
      {"expand_bomb_in_a_potential", {"derive", "BOMB_POTENTIAL"}, 0, "F[1] = -81*k*", 20},
      {"expand_bomb_compared", {"compare", "BOMB_POTENTIAL", "--states", "2"}, 0, "agree", 60},
      // before: 60 s and 16 GB before "more than 2000000 YAML nodes"
      {"yaml_alias_loop", {"check", "ALIAS_LOOP"}, 2, "is inside the node it names", 10},
      // before: > 600 s deriving M u' = F (O(n^3) terms) and the energy monitor's T
      {"chain_of_300_links", {"simulate", "CHAIN300", "--t-end", "0.01", "-o", "OUT"}, 0, "simulated to t = 0.01", 60},
  };
}

class HostileInput : public ::testing::TestWithParam<Hostile> {};

TEST_P(HostileInput, EndsWellWithinItsDeadline) {
  const auto& c = GetParam();
  const std::string out = ::testing::TempDir() + "adyn_hostile_" + c.name + ".csv";
  std::vector<std::string> args;
  for (const auto& a : c.args) args.push_back(a == "OUT" ? out : hostile_file(a));
  const auto start = std::chrono::steady_clock::now();
  adyn::test::ToolProcess tool(args);
  ASSERT_TRUE(tool.started());
  const int status = tool.wait(c.seconds);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(status, c.status) << (status < 0 ? "killed at the deadline\n" : "") << tool.shown();
  EXPECT_NE(tool.shown().find(c.shown), std::string::npos) << "expected \"" << c.shown << "\"\n got: " << tool.shown();
  EXPECT_LT(seconds, c.seconds / 2) << "took " << seconds << " s";
}

INSTANTIATE_TEST_SUITE_P(BadInput, HostileInput, ::testing::ValuesIn(hostile_cases()),
                         [](const ::testing::TestParamInfo<Hostile>& p) { return p.param.name; });

}  // namespace
