// Bad input on the command line (the model files are in tests/io/test_malformed_models.cpp): each
// case asserts the exit status (2 for bad input from flags or files, 1 for a run that fails) and the
// message, and that no output file was written. Interruption: SIGINT and SIGTERM keep the
// trajectory so far and exit 130 and 143.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_support.hpp"

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
       "'zz' is not a coordinate, rate, speed or parameter of the model"},
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

// A long run interrupted by SIGINT (Ctrl-C) or SIGTERM writes the trajectory so far, completely
// (written aside and renamed), says so, and exits 128 + the signal; no temporary file is left.
TEST(Interruption, SignalsKeepTheTrajectorySoFar) {
  for (int signal_number : {SIGINT, SIGTERM}) {
    const fs::path dir = adyn::test::temporary_file("dir" + std::to_string(signal_number));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string out = (dir / "long.csv").string(), log = (dir / "log.txt").string();
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      freopen(log.c_str(), "w", stderr);
      freopen("/dev/null", "w", stdout);
      execl(ADYN_CLI_PATH, ADYN_CLI_PATH, "simulate", example("double_pendulum.yaml").c_str(), "--t-end", "1e5", "--dt",
            "1", "-o", out.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    kill(pid, signal_number);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal_number);
    const auto err = adyn::test::read_text(log);
    EXPECT_NE(err.find("adyn: interrupted at t = "), std::string::npos) << err;
    EXPECT_NE(err.find("the trajectory so far was written"), std::string::npos) << err;
    const auto csv = adyn::test::read_text(out);
    EXPECT_EQ(csv.rfind("t,q1,q2,q1_d,q2_d,energy,violation\n0,", 0), 0u) << csv.substr(0, 80);
    EXPECT_GT(std::count(csv.begin(), csv.end(), '\n'), 100);
    EXPECT_EQ(csv.back(), '\n');
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) files += entry.is_regular_file();
    EXPECT_EQ(files, 2u) << "a temporary file was left beside the output";
  }
}

}  // namespace
