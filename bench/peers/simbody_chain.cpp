// Peer of bench/compare: Simbody 3.7 on the planar n-link pendulum of chain_common.hpp.
//
//   simbody_chain forward N                 q̈ at the test state and the time of one
//                                           realize(state, Stage::Acceleration)
//   simbody_chain simulate N T ACCURACY...  T seconds with RungeKuttaMersonIntegrator + TimeStepper
//
// The model: a chain of MobilizedBody::Pin (rotation about the common z axis), each body a point
// mass (MassProperties(m, 0, Inertia(0))) at its own origin, its inboard pin l above it
// (outboard frame at (0, l, 0)), the next pin at its origin; Force::UniformGravity (0, −g, 0).
// Simbody's pin angles are relative: states are converted from and to chain_common.hpp's absolute
// angles. Build with plain -O2: Debian's Simbody 3.7 crashes at run time when its headers are
// compiled with -DNDEBUG.
#include <Simbody.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "chain_common.hpp"

namespace {

using namespace SimTK;

struct Chain {
  MultibodySystem system;
  SimbodyMatterSubsystem matter{system};
  GeneralForceSubsystem forces{system};
  Force::UniformGravity gravity{forces, matter, Vec3(0, -chain::gravity, 0)};
  State state;
  int n;

  explicit Chain(int links) : n(links) {
    MobilizedBody parent = matter.Ground();
    for (int i = 0; i < n; ++i) {
      Body::Rigid body(MassProperties(chain::mass(i), Vec3(0), Inertia(0)));
      parent = MobilizedBody::Pin(parent, Transform(), body, Transform(Vec3(0, chain::length, 0)));
    }
    system.realizeTopology();
    state = system.getDefaultState();
  }
  void set_state(const std::vector<double>& hinge_angles, const std::vector<double>& hinge_rates) {
    Vector &q = state.updQ(), &u = state.updU();  // each upd invalidates the later stages once
    for (int i = 0; i < n; ++i) {
      q[i] = hinge_angles[static_cast<std::size_t>(i)];
      u[i] = hinge_rates[static_cast<std::size_t>(i)];
    }
  }
  static std::vector<double> values(const Vector& v) {
    std::vector<double> out(static_cast<std::size_t>(v.size()));
    for (int i = 0; i < v.size(); ++i) out[static_cast<std::size_t>(i)] = v[i];
    return out;
  }
};

void forward(int n) {
  Chain c(n);
  const auto q = chain::to_relative(chain::test_angles(n)), u = chain::to_relative(chain::test_rates(n));
  c.set_state(q, u);
  c.system.realize(c.state, Stage::Acceleration);
  chain::record("simbody", "forward", n, "-", "qdd", chain::numbers(chain::to_absolute(Chain::values(c.state.getUDot()))));
  const double per_call = chain::time_per_call([&] {
    c.set_state(q, u);  // invalidates the cached stages: every call realizes from Stage::Model on
    c.system.realize(c.state, Stage::Acceleration);
  });
  chain::record("simbody", "forward", n, "-", "seconds", chain::number(per_call));
}

void simulate(int n, double t_end, double accuracy) {
  Chain c(n);
  State final_state;
  long steps = 0, realizations = 0;
  auto run = [&] {
    c.set_state(chain::to_relative(chain::test_angles(n)), chain::to_relative(chain::test_rates(n)));
    c.state.setTime(0);
    RungeKuttaMersonIntegrator integrator(c.system);
    integrator.setAccuracy(accuracy);
    integrator.setFinalTime(t_end);
    TimeStepper stepper(c.system, integrator);
    stepper.initialize(c.state);
    stepper.stepTo(t_end);
    final_state = integrator.getState();
    steps = integrator.getNumStepsTaken();
    realizations = integrator.getNumRealizations();
  };
  const double seconds = chain::time_job(run);
  const std::string setting = chain::setting_label("accuracy", accuracy), workload = "simulate";
  chain::record("simbody", workload, n, setting, "seconds", chain::number(seconds));
  chain::record("simbody", workload, n, setting, "steps", std::to_string(steps));
  chain::record("simbody", workload, n, setting, "evaluations", std::to_string(realizations));
  chain::record("simbody", workload, n, setting, "time", chain::number(final_state.getTime()));
  chain::record("simbody", workload, n, setting, "q", chain::numbers(chain::to_absolute(Chain::values(final_state.getQ()))));
  chain::record("simbody", workload, n, setting, "u", chain::numbers(chain::to_absolute(Chain::values(final_state.getU()))));
}

}  // namespace

int main(int argc, char** argv) {
  return chain::peer_main(argc, argv, "usage: simbody_chain forward N | simulate N T ACCURACY...", forward, simulate);
}
