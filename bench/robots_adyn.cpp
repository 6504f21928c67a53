// The adyn side of bench/robots (issue 32, item 4): a robot of ../shared/robots read from its URDF
// (mimic joints as independent joints, as Pinocchio's buildModel reads them), its equations by Kane
// through the tree, compiled with the tape and with the generated C. Records as
// bench/peers/robot_common.hpp says.
//
//   adyn_robots state ROBOT.urdf [free]
//       the state file: for joint i = 0, 1, ... in adyn's coordinate order, q = 0.5 sin(1.3 i + 0.2),
//       v = 0.7 cos(0.9 i + 0.1), τ = 2 sin(0.6 i + 0.3), a = 1.1 cos(0.7 i + 0.4); with `free` the
//       root link floats (io::UrdfOptions::floating_base) and a base line comes first: p =
//       (0.3, −0.2, 0.5), Euler parameters ∝ (0.8, 0.3, −0.4, 0.2), v = (0.4, −0.3, 0.2),
//       ω = (0.5, −0.6, 0.3), rates (0.2, 0.1, −0.3, 0.4, 0.2, −0.1), as tests/numeric's floating-base
//       robots against Pinocchio;
//   adyn_robots measure ROBOT.urdf LABEL STATE     (the base as the state file says)
//       for the tape (adyn-tape) and the C (adyn-c): q̈ (forward: EquationsEvaluator::rates, the
//       integrators' path, u̇ by the articulated-body algorithm, the inputs tau_<joint> = τ), τ
//       (inverse: RigidBodyCalls::inverse_dynamics, inputs 0), M (mass: RigidBodyCalls::mass_matrix),
//       and for the C ∂q̈/∂q, ∂q̈/∂v (derivatives: EquationsEvaluator::derivatives through the tree;
//       fixed base only: a floating base's are by its Euler parameters, not Pinocchio's tangent),
//       values and the time per call;
//   adyn_robots setup ROBOT.urdf LABEL {tape|c} [free]
//       the wall time from the URDF file to a ready forward-dynamics evaluator (read, derive, compile
//       or find the C in $ADYN_CACHE_DIR, first call), and the same for the first calls of the
//       inverse dynamics and the mass matrix (generated and compiled at their first call).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/rigid_body_calls.hpp"
#include "peers/robot_common.hpp"

using namespace adyn;

namespace {

struct Robot {
  io::ModelDocument doc;
  std::unique_ptr<const numeric::CompiledSystem> compiled;
};

Robot load(const std::string& file, numeric::Backend backend, bool floating_base) {
  io::UrdfOptions options;
  options.mimic_constraints = false;  // as Pinocchio reads them
  options.floating_base = floating_base;
  Robot r{io::read_urdf(file, options), nullptr};
  const auto eom = formulations::tree_equations(r.doc.system, "kane");
  if (!eom) throw std::runtime_error(file + ": not a tree");
  r.compiled = std::make_unique<const numeric::CompiledSystem>(r.doc.system, *eom, numeric::CompileOptions{backend, true});
  if (r.compiled->evaluator().backend() != backend) throw std::runtime_error(file + ": the C did not compile (tape instead)");
  return r;
}

// The base's coordinates and speeds come first (io::read_urdf with floating_base).
constexpr std::size_t base_coordinates = 7;

void print_state(const std::string& file, bool floating_base) {
  const auto r = load(file, numeric::Backend::Tape, floating_base);
  const auto& names = r.compiled->names().coordinates;
  const std::size_t first = floating_base ? base_coordinates : 0;
  if (floating_base) {
    const double norm = std::sqrt(0.8 * 0.8 + 0.3 * 0.3 + 0.4 * 0.4 + 0.2 * 0.2);
    std::printf("base 0.3 -0.2 0.5 %.17g %.17g %.17g %.17g 0.4 -0.3 0.2 0.5 -0.6 0.3 0.2 0.1 -0.3 0.4 0.2 -0.1\n",
                0.8 / norm, 0.3 / norm, -0.4 / norm, 0.2 / norm);
  }
  for (std::size_t i = first; i < names.size(); ++i) {
    const double k = static_cast<double>(i - first);
    std::printf("%s %.17g %.17g %.17g %.17g\n", names[i].c_str(), 0.5 * std::sin(1.3 * k + 0.2),
                0.7 * std::cos(0.9 * k + 0.1), 2 * std::sin(0.6 * k + 0.3), 1.1 * std::cos(0.7 * k + 0.4));
  }
}

std::vector<double> row_major(const Eigen::MatrixXd& m) {
  std::vector<double> v;
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) v.push_back(m(i, j));
  return v;
}

// The state file's q, u (the base's first when it floats) and u̇ in adyn's order.
struct AdynState {
  std::vector<double> q, u, a;
  explicit AdynState(const robot::State& s) {
    if (s.floating_base) {
      q.assign(s.base_q.begin(), s.base_q.end());
      u.assign(s.base_v.begin(), s.base_v.end());
      a.assign(s.base_a.begin(), s.base_a.end());
    }
    q.insert(q.end(), s.q.begin(), s.q.end());
    u.insert(u.end(), s.v.begin(), s.v.end());
    a.insert(a.end(), s.a.begin(), s.a.end());
  }
};

void measure(const std::string& file, const std::string& label, const robot::State& s, numeric::Backend backend) {
  const auto r = load(file, backend, s.floating_base);
  const auto& c = *r.compiled;
  const bool native = backend == numeric::Backend::Native;
  const robot::Recorder record{native ? "adyn-c" : "adyn-tape", label, s.n()};
  const auto& coordinates = c.names().coordinates;
  const auto first = static_cast<long>(s.floating_base ? base_coordinates : 0);
  if (std::vector<std::string>(coordinates.begin() + first, coordinates.end()) != s.joints)
    throw std::runtime_error(file + ": coordinates differ from the state file's");
  const AdynState x(s);
  const auto n = static_cast<std::size_t>(s.n());
  std::vector<std::pair<std::string, double>> inputs;
  for (std::size_t i = 0; i < s.joints.size(); ++i) inputs.emplace_back("tau_" + s.joints[i], s.tau[i]);
  auto evaluator = c.evaluator();
  evaluator.set_parameters(c.parameter_values(inputs));
  std::vector<double> qdot(x.q.size()), qdd(n), out(n * n);
  evaluator.rates(0, x.q.data(), x.u.data(), qdot.data(), qdd.data());
  record.values("forward", "qdd", qdd);
  record.seconds("forward", chain::time_per_call([&] { evaluator.rates(0, x.q.data(), x.u.data(), qdot.data(), qdd.data()); }));

  const auto& calls = c.rigid_body();
  auto w = calls.workspace();
  const double* zero_inputs = c.parameter_values().data();  // the model's: inputs 0
  calls.inverse_dynamics(0, x.q.data(), x.u.data(), x.a.data(), zero_inputs, out.data(), w);
  record.values("inverse", "tau", std::vector<double>(out.begin(), out.begin() + static_cast<long>(n)));
  record.seconds("inverse", chain::time_per_call([&] {
                   calls.inverse_dynamics(0, x.q.data(), x.u.data(), x.a.data(), zero_inputs, out.data(), w);
                 }));
  calls.mass_matrix(0, x.q.data(), zero_inputs, out.data(), w);
  record.values("mass", "M", out);
  record.seconds("mass", chain::time_per_call([&] { calls.mass_matrix(0, x.q.data(), zero_inputs, out.data(), w); }));
  if (!native || s.floating_base) return;

  const Eigen::VectorXd qv = Eigen::Map<const Eigen::VectorXd>(x.q.data(), static_cast<Eigen::Index>(n)),
                        vv = Eigen::Map<const Eigen::VectorXd>(x.u.data(), static_cast<Eigen::Index>(n));
  numeric::AccelerationDerivatives d;
  evaluator.derivatives(0, qv, vv, d);
  record.values("derivatives", "dqdd_dq", row_major(d.udot_q));
  record.values("derivatives", "dqdd_dv", row_major(d.udot_u));
  record.seconds("derivatives", chain::time_per_call([&] { evaluator.derivatives(0, qv, vv, d); }));
}

void setup(const std::string& file, const std::string& label, numeric::Backend backend, bool floating_base) {
  const bool native = backend == numeric::Backend::Native;
  std::unique_ptr<Robot> r;
  const double ready = robot::wall_time([&] {
    r = std::make_unique<Robot>(load(file, backend, floating_base));
    const auto n = r->compiled->n(), p = r->compiled->p();
    std::vector<double> q(n, 0.1), u(p, 0.1), qdot(n), udot(p);
    r->compiled->evaluator().rates(0, q.data(), u.data(), qdot.data(), udot.data());
  });
  const auto n = r->compiled->n(), p = r->compiled->p();
  const robot::Recorder record{native ? "adyn-c" : "adyn-tape", label, static_cast<int>(p)};
  record.seconds("setup-forward", ready);
  const auto& calls = r->compiled->rigid_body();
  auto w = calls.workspace();
  std::vector<double> q(n, 0.1), out(p * p);
  const double* values = r->compiled->parameter_values().data();
  record.seconds("setup-inverse",
                 robot::wall_time([&] { calls.inverse_dynamics(0, q.data(), q.data(), q.data(), values, out.data(), w); }));
  record.seconds("setup-mass", robot::wall_time([&] { calls.mass_matrix(0, q.data(), values, out.data(), w); }));
}

numeric::Backend backend(const std::string& name) {
  if (name == "c") return numeric::Backend::Native;
  if (name == "tape") return numeric::Backend::Tape;
  throw std::runtime_error("backend '" + name + "': c or tape");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> a(argv + 1, argv + argc);
  try {
    const bool floating_base = !a.empty() && a.back() == "free";
    if (floating_base) a.pop_back();
    if (a.size() == 2 && a[0] == "state") {
      print_state(a[1], floating_base);
    } else if (a.size() == 4 && a[0] == "measure") {
      const auto s = robot::read_state(a[3]);
      measure(a[1], a[2], s, numeric::Backend::Tape);
      measure(a[1], a[2], s, numeric::Backend::Native);
    } else if (a.size() == 4 && a[0] == "setup") {
      setup(a[1], a[2], backend(a[3]), floating_base);
    } else {
      std::fprintf(stderr,
                   "usage: adyn_robots state ROBOT.urdf [free] | measure ROBOT.urdf LABEL STATE | setup ROBOT.urdf LABEL "
                   "{tape|c} [free]\n");
      return 2;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "adyn_robots: %s\n", e.what());
    return 1;
  }
  return 0;
}
