// Parameter values set after a model is built (the command line's --at, Python's set_parameter,
// an ensemble's members) are checked as a model file's: finite, and making masses positive and
// inertias physical; a refused value leaves the parameters as they were.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/parameter_values.hpp"
#include "adyn/model/system.hpp"
#include "test_support.hpp"

using namespace adyn;
using adyn::test::thrown_message;

namespace {

// A bob of mass m·k on a rod, and a rod body of mass m with inertia I about its axes.
model::System bob_and_rod() {
  model::System s;
  auto m = s.add_parameter("m", 1.0), k = s.add_parameter("k", 2.0), I = s.add_parameter("I", 0.5);
  auto q = s.add_coordinate("q");
  kin::ReferenceFrame A("A");
  s.add_frame(A);
  A.orient(s.inertial_frame(), kin::Orientation::axis(GiNaC::matrix(3, 1, GiNaC::lst{0, 0, 1}), q));
  kin::Point P("P"), G("G");
  P.set_position(s.origin(), kin::Vector(A, 1, 0, 0));
  G.set_position(s.origin(), kin::Vector(A, 0.5, 0, 0));
  s.add_point(P), s.add_point(G);
  s.add_particle({"bob", P, m * k});
  s.add_body({"rod", G, A, m, model::inertia_dyadic(A, 0, I, I)});
  return s;
}

double value_of(const model::System& s, const std::string& name) {
  for (const auto& p : s.parameters())
    if (p.symbol.get_name() == name) return *p.value;
  return NAN;
}

}  // namespace

TEST(ParameterValues, NotFiniteIsRefusedAndLeavesTheValue) {
  auto s = bob_and_rod();
  EXPECT_EQ(thrown_message<ModelError>([&] { s.set_parameter_value("m", NAN); }),
            "parameter 'm': expected a finite number, got nan");
  EXPECT_EQ(thrown_message<ModelError>([&] { s.set_parameter_value("k", INFINITY); }),
            "parameter 'k': expected a finite number, got inf");
  EXPECT_EQ(value_of(s, "m"), 1.0);
}

TEST(ParameterValues, UnphysicalMassesAndInertiasAreRefusedNamingTheObject) {
  auto s = bob_and_rod();
  EXPECT_EQ(thrown_message<ModelError>([&] { s.set_parameter_value("k", -1); }),
            "parameter 'k' = -1: particle 'bob': its mass must be positive");
  EXPECT_EQ(thrown_message<ModelError>([&] { s.set_parameter_value("m", 0); }),
            "parameter 'm' = 0: particle 'bob': its mass must be positive");
  EXPECT_NE(thrown_message<ModelError>([&] { s.set_parameter_value("I", -0.5); }).find("body 'rod': its inertia has a "
                                                                                       "negative principal moment"),
            std::string::npos);
  EXPECT_EQ(value_of(s, "k"), 2.0);
  EXPECT_EQ(value_of(s, "I"), 0.5);
  s.set_parameter_value("k", 3);
  EXPECT_EQ(value_of(s, "k"), 3.0);
}

TEST(ParameterValues, SetTogetherTheyAreCheckedTogetherAllOrNone) {
  auto s = bob_and_rod();
  EXPECT_EQ(thrown_message<ModelError>([&] { s.set_parameter_values({{"k", 4}, {"m", -1}}); }),
            "parameter 'k' = 4, parameter 'm' = -1: particle 'bob': its mass must be positive");
  EXPECT_EQ(value_of(s, "k"), 2.0);  // none was set
  s.set_parameter_values({{"k", 4}, {"m", 2}});
  EXPECT_EQ(value_of(s, "k"), 4.0);
  EXPECT_EQ(value_of(s, "m"), 2.0);
}
