// The adyn side of bench/compare (issue 8): one measurement per command line, printed as the
// tab-separated records of bench/peers/chain_common.hpp (tool, workload, n, setting, metric, value).
//
//   adyn_compare derive {kane|lagrange|hamilton} {planar|planar-relative|spatial} N
//       time to build the model and derive M u̇ = F (fastest of repeated runs), and the operation
//       count (SymPy's count_ops convention) of M and F as derived and as compiled (terms
//       collected by kinematic factor, then CSE);
//   adyn_compare forward N
//       q̈ of the planar chain at the test state and the time per call of EquationsEvaluator::
//       evaluate as simulate() builds it (u̇ by the articulated-body algorithm), with the tape and
//       the compiled C, its set-up (wall time), and rates() (the integrators' path, writing into
//       given arrays); then, as adyn-tape-mass-matrix and adyn-c-mass-matrix, Kane's M u̇ = F
//       (M, F, q̇ and the Cholesky solve) and the part spent in matrices() (M, F, q̇ only);
//   adyn_compare derivatives N
//       ∂u̇/∂q and ∂u̇/∂u of the planar chain at the test state by EquationsEvaluator::derivatives
//       through the tree (numeric/tree_derivatives.hpp, compiled C, into a result of the right
//       size), per call, beside one rates() of the same evaluator (the articulated-body algorithm),
//       and the wall time of the set-up and first call (generating and compiling everything);
//   adyn_compare setup N
//       the wall time of the whole set-up of the compiled forward dynamics in a fresh process (the
//       model, the articulated-body dynamics, the C found in the cache `forward N` filled);
//   adyn_compare profile-forward N {tape|c} CALLS
//       CALLS articulated-body evaluations, untimed: for valgrind --tool=callgrind;
//   adyn_compare simulate N T RTOL...
//       T seconds of the planar chain from the test state with numeric::simulate (Dormand–Prince,
//       rtol = atol = RTOL, compiled C, u̇ by the articulated-body algorithm as simulate() chooses for
//       a tree, output only at T): final state, steps, evaluations, CPU time
//       of the whole call and of its set-up (the same call with T = 1e-9).
//
// The planar chain is the model of bench_evaluation.cpp: absolute angles q_i, point masses and
// lengths of chain_common.hpp. The spatial chain is n rigid bodies on spherical joints, each
// oriented relative to the previous body by body-fixed 1-2-3 Euler angles, mass centre l/2 below
// its joint along −B.z, the next joint at l, principal inertias (Ixx, Iyy, Izz) in B, gravity −g N.z
// (bench/peers/sympy_mechanics.py builds the same two systems).
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "adyn/formulations/hamilton.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/numeric/dynamics_derivatives.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/numeric/simulation.hpp"
#include "adyn/symbolic/collect.hpp"
#include "adyn/symbolic/cse.hpp"
#include "peers/chain_common.hpp"

using namespace adyn;

namespace {

/// prefix followed by the 1-based index i + 1 ("m", 0 → "m1").
std::string name(const char* prefix, int i) { return std::string(prefix) + std::to_string(i + 1); }

/// The planar n-link pendulum of point masses, as in bench_evaluation.cpp: absolute angles, or
/// with `relative` each link's angle from the previous link (MuJoCo's and Simbody's hinge angles).
model::System planar_chain(int n, bool relative = false) {
  model::System s("planar chain");
  auto g = s.add_parameter("g", chain::gravity);
  auto N = s.inertial_frame();
  kin::Point prev = s.origin();
  kin::ReferenceFrame parent = N;
  for (int i = 0; i < n; ++i) {
    auto m = s.add_parameter(name("m", i), chain::mass(i)), l = s.add_parameter(name("l", i), chain::length);
    auto q = s.add_coordinate(name("q", i));
    auto A = s.add_frame((relative ? parent : N).orient_new_axis(name("A", i), N.z(), q));
    parent = A;
    prev = s.add_point(prev.locate_new(name("P", i), -l * A.y()));
    s.add_particle({name("bob", i), prev, m});
  }
  s.set_gravity(-g * N.y());
  return s;
}

/// n rigid bodies on spherical joints, body-fixed 1-2-3 Euler angles relative to the previous body.
model::System spatial_chain(int n) {
  model::System s("spatial chain");
  auto g = s.add_parameter("g", chain::gravity);
  kin::ReferenceFrame parent = s.inertial_frame();
  kin::Point joint = s.origin();
  for (int i = 0; i < n; ++i) {
    auto m = s.add_parameter(name("m", i), chain::mass(i)), l = s.add_parameter(name("l", i), chain::length);
    auto Ixx = s.add_parameter(name("Ixx", i), 0.02 + 0.002 * i), Iyy = s.add_parameter(name("Iyy", i), 0.025 + 0.001 * i),
         Izz = s.add_parameter(name("Izz", i), 0.01);
    std::array<GiNaC::ex, 3> angles = {s.add_coordinate(name("q", 3 * i)), s.add_coordinate(name("q", 3 * i + 1)),
                                       s.add_coordinate(name("q", 3 * i + 2))};
    auto B = s.add_frame(parent.orient_new_body_fixed(name("B", i), "123", angles));
    auto G = s.add_point(joint.locate_new(name("G", i), -l / 2 * B.z()));
    s.add_body(model::RigidBody(name("body", i), G, B, m, model::inertia_dyadic(B, Ixx, Iyy, Izz)));
    joint = s.add_point(joint.locate_new(name("P", i), -l * B.z()));
    parent = B;
  }
  s.set_gravity(-g * s.inertial_frame().z());
  return s;
}

formulations::EquationsOfMotion derive(const std::string& method, const model::System& s) {
  if (method == "hamilton") return formulations::hamilton(s);
  return method == "kane" ? formulations::kane(s) : formulations::lagrange(s);
}

std::vector<GiNaC::ex> mass_matrix_and_forcing(const formulations::EquationsOfMotion& eom) {
  std::vector<GiNaC::ex> out;
  for (unsigned i = 0; i < eom.mass_matrix.rows(); ++i)
    for (unsigned j = 0; j < eom.mass_matrix.cols(); ++j) out.push_back(eom.mass_matrix(i, j));
  for (unsigned i = 0; i < eom.forcing.rows(); ++i) out.push_back(eom.forcing(i, 0));
  return out;
}

void derive_command(const std::string& method, const std::string& system, int n) {
  auto build = [&] { return system == "spatial" ? spatial_chain(n) : planar_chain(n, system == "planar-relative"); };
  formulations::EquationsOfMotion eom;
  const double seconds = chain::time_job([&] { eom = derive(method, build()); });
  const std::string workload = std::string("derive-") + method + "-" + system;
  chain::record("adyn", workload, n, "-", "seconds", chain::number(seconds));
  const auto exprs = mass_matrix_and_forcing(eom);
  std::size_t raw = 0;
  for (const auto& e : exprs) raw += sym::operation_count(e);
  chain::record("adyn", workload, n, "-", "ops", std::to_string(raw));
  sym::CseResult reduced;
  const double cse_seconds = chain::time_job([&] { reduced = sym::cse(sym::collect_state_terms(exprs)); });
  chain::record("adyn", workload, n, "-", "ops_cse", std::to_string(reduced.operation_count()));
  chain::record("adyn", workload, n, "-", "cse_seconds", chain::number(cse_seconds));
}

Eigen::VectorXd vector(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}
std::vector<double> values(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }

void forward_command(int n) {
  const auto s = planar_chain(n);
  const auto eom = formulations::kane(s);
  const Eigen::VectorXd q = vector(chain::test_angles(n)), u = vector(chain::test_rates(n));
  for (auto [backend, tool] : {std::pair{numeric::Backend::Tape, "adyn-tape"}, std::pair{numeric::Backend::Native, "adyn-c"}}) {
    double sink = 0;
    Eigen::VectorXd qdot(n), udot(n);
    // As simulate() evaluates the chain: by the articulated-body algorithm.
    const double start = chain::wall_seconds();  // wall time: the C compiler runs in another process
    const auto articulated = formulations::articulated_body_dynamics(s);
    const auto ev = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), backend, &articulated);
    chain::record(tool, "forward", n, "-", "setup_wall_seconds", chain::number(chain::wall_seconds() - start));
    chain::record(tool, "forward", n, "-", "qdd", chain::numbers(values(ev.evaluate(0, q, u).udot)));
    chain::record(tool, "forward", n, "-", "seconds", chain::number(chain::time_per_call([&] { sink += ev.evaluate(0, q, u).udot(0); })));
    const double rates = chain::time_per_call([&] {
      ev.rates(0, q.data(), u.data(), qdot.data(), udot.data());
      sink += udot(0);
    });
    chain::record(tool, "forward", n, "-", "seconds_rates", chain::number(rates));
    // Kane's M u̇ = F: M, F, q̇ evaluated, then solved; and the part spent in matrices().
    const std::string dense_tool = std::string(tool) + "-mass-matrix";
    const auto dense = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), backend);
    chain::record(dense_tool, "forward", n, "-", "qdd", chain::numbers(values(dense.evaluate(0, q, u).udot)));
    chain::record(dense_tool, "forward", n, "-", "seconds",
                  chain::number(chain::time_per_call([&] { sink += dense.evaluate(0, q, u).udot(0); })));
    chain::record(dense_tool, "forward", n, "-", "seconds_matrices",
                  chain::number(chain::time_per_call([&] { sink += dense.matrices(0, q, u).F(0); })));
    if (sink == 0.123456789) std::printf("#\n");  // keeps the calls observable
  }
}

void derivatives_command(int n) {
  const auto s = planar_chain(n);
  const auto eom = formulations::kane(s);
  const Eigen::VectorXd q = vector(chain::test_angles(n)), u = vector(chain::test_rates(n));
  // As simulate() builds the chain's evaluator: u̇ by the articulated-body algorithm, and with it
  // the derivatives through the tree (numeric/tree_derivatives.hpp).
  const double start = chain::wall_seconds();
  const auto articulated = formulations::articulated_body_dynamics(s);
  const auto ev = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), numeric::Backend::Native, &articulated);
  numeric::AccelerationDerivatives d;
  ev.derivatives(0, q, u, d);
  chain::record("adyn-c", "derivatives", n, "-", "setup_wall_seconds", chain::number(chain::wall_seconds() - start));
  chain::record("adyn-c", "derivatives", n, "-", "dqdd_dq_row0", chain::numbers(values(d.udot_q.row(0).transpose())));
  chain::record("adyn-c", "derivatives", n, "-", "dqdd_dv_row0", chain::numbers(values(d.udot_u.row(0).transpose())));
  double sink = 0;
  chain::record("adyn-c", "derivatives", n, "-", "seconds", chain::number(chain::time_per_call([&] {
                  ev.derivatives(0, q, u, d);
                  sink += d.udot_q(0, 0);
                })));
  Eigen::VectorXd qdot(n), udot(n);
  chain::record("adyn-c", "derivatives", n, "-", "seconds_forward", chain::number(chain::time_per_call([&] {
                  ev.rates(0, q.data(), u.data(), qdot.data(), udot.data());
                  sink += udot(0);
                })));
  if (sink == 0.123456789) std::printf("#\n");  // keeps the calls observable
}

/// The whole set-up of the chain's compiled forward dynamics in a fresh process (the model, the
/// articulated-body dynamics, the C: compiled, or found in the cache that `forward N` filled).
void setup_command(int n) {
  const double start = chain::wall_seconds();
  const auto s = planar_chain(n);
  const auto articulated = formulations::articulated_body_dynamics(s);
  const auto ev = numeric::ArticulatedBodyEvaluator::for_parameters(articulated, s.parameter_values(), numeric::Backend::Native);
  chain::record("adyn-c", "setup", n, "-", "setup_wall_seconds", chain::number(chain::wall_seconds() - start));
  chain::record("adyn-c", "setup", n, "-", "backend", ev.backend() == numeric::Backend::Native ? "native" : "tape");
}

/// For profiling (valgrind --tool=callgrind): `calls` evaluations of the chain at the test state.
void profile_forward_command(int n, const std::string& backend, long calls) {
  const auto s = planar_chain(n);
  const Eigen::VectorXd q = vector(chain::test_angles(n)), u = vector(chain::test_rates(n));
  const auto ev = numeric::ArticulatedBodyEvaluator::for_parameters(
      formulations::articulated_body_dynamics(s), s.parameter_values(), backend == "c" ? numeric::Backend::Native : numeric::Backend::Tape);
  double sink = 0;
  for (long k = 0; k < calls; ++k) sink += ev.evaluate(0, q, u).udot(0);
  std::printf("%g\n", sink);
}

void simulate_run(const model::System& s, const formulations::EquationsOfMotion& eom, int n, double t_end, double rtol) {
  const formulations::State x0{0, vector(chain::test_angles(n)), vector(chain::test_rates(n))};
  numeric::SimulationOptions o;
  o.t_end = o.output_step = t_end;
  o.rtol = o.atol = rtol;
  o.project = false;
  o.backend = numeric::Backend::Native;
  numeric::Trajectory tr;
  const double seconds = chain::time_job([&] { tr = numeric::simulate(s, eom, x0, o); });
  numeric::SimulationOptions setup = o;
  setup.t_end = setup.output_step = 1e-9;
  const double setup_seconds = chain::time_job([&] { numeric::simulate(s, eom, x0, setup); });
  // Compiled once (numeric::CompiledSystem), then run: what a run costs beyond the integration.
  const numeric::CompiledSystem compiled(s, eom, {.backend = numeric::Backend::Native, .articulated_body = true});
  const double compiled_seconds = chain::time_job([&] { numeric::simulate(compiled, x0, o); });
  const double compiled_setup_seconds = chain::time_job([&] { numeric::simulate(compiled, x0, setup); });
  const std::string setting = chain::setting_label("rtol", rtol), tool = "adyn-c";
  chain::record(tool, "simulate", n, setting, "seconds", chain::number(seconds));
  chain::record(tool, "simulate", n, setting, "setup_seconds", chain::number(setup_seconds));
  chain::record(tool, "simulate", n, setting, "compiled_seconds", chain::number(compiled_seconds));
  chain::record(tool, "simulate", n, setting, "compiled_setup_seconds", chain::number(compiled_setup_seconds));
  chain::record(tool, "simulate", n, setting, "completed", tr.summary.completed ? "1" : "0");
  chain::record(tool, "simulate", n, setting, "steps", std::to_string(tr.summary.steps));
  chain::record(tool, "simulate", n, setting, "evaluations", std::to_string(tr.summary.rhs_evaluations));
  chain::record(tool, "simulate", n, setting, "time", chain::number(tr.t.back()));
  chain::record(tool, "simulate", n, setting, "q", chain::numbers(values(tr.q.back())));
  chain::record(tool, "simulate", n, setting, "u", chain::numbers(values(tr.u.back())));
}

void simulate_command(int n, double t_end, const std::vector<double>& rtols) {
  const auto s = planar_chain(n);
  const auto eom = formulations::kane(s);
  for (double rtol : rtols) simulate_run(s, eom, n, t_end, rtol);
}

int usage() {
  std::fprintf(stderr,
               "usage: adyn_compare derive {kane|lagrange|hamilton} {planar|planar-relative|spatial} N | forward N |\n"
               "       derivatives N | setup N | profile-forward N {tape|c} CALLS | simulate N T RTOL...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  if (a.size() == 4 && a[0] == "derive") derive_command(a[1], a[2], std::atoi(a[3].c_str()));
  else if (a.size() == 2 && a[0] == "forward") forward_command(std::atoi(a[1].c_str()));
  else if (a.size() == 2 && a[0] == "derivatives") derivatives_command(std::atoi(a[1].c_str()));
  else if (a.size() == 2 && a[0] == "setup") setup_command(std::atoi(a[1].c_str()));
  else if (a.size() == 4 && a[0] == "profile-forward")
    profile_forward_command(std::atoi(a[1].c_str()), a[2], std::atol(a[3].c_str()));
  else if (a.size() >= 4 && a[0] == "simulate") {
    std::vector<double> rtols;
    for (std::size_t k = 3; k < a.size(); ++k) rtols.push_back(std::atof(a[k].c_str()));
    simulate_command(std::atoi(a[1].c_str()), std::atof(a[2].c_str()), rtols);
  } else {
    return usage();
  }
  return 0;
}
