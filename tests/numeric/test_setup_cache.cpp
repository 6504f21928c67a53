// The set-up cache (src/numeric/setup_cache.hpp): the tree equations of a robot read again from its
// URDF (or of a model file's tree) are evaluated from the kept program with the same values, bit for
// bit, and nothing derived;
// a changed model or a damaged entry finds nothing and derives; tree equations of a system that
// turns out not to be a tree are derived by their method. Equations in the mass-matrix form are
// kept by their values: the same equations derived again, from any source, are compiled from the
// kept programs, and changed equations find nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>
#include <memory>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "cache_directory.hpp"
#include "test_support.hpp"

using namespace adyn;
using test::CacheDirectory;

namespace {

const std::string arm_path = test::example("two_link_arm.urdf");

std::unique_ptr<const numeric::CompiledSystem> compiled(const model::System& system,
                                                        numeric::Backend backend = numeric::Backend::Tape) {
  const auto eom = formulations::tree_equations(system, "kane");
  if (!eom) throw Error("no tree equations");
  return std::make_unique<const numeric::CompiledSystem>(system, *eom, numeric::CompileOptions{backend, true});
}

std::unique_ptr<const numeric::CompiledSystem> compiled_arm(numeric::Backend backend = numeric::Backend::Tape) {
  return compiled(io::read_urdf(arm_path).system, backend);
}

// q̇ then u̇ at a state away from the reference.
std::vector<double> rates(const numeric::CompiledSystem& c) {
  const std::vector<double> q = {0.3, -0.7, 0.04}, u = {0.5, -1.1, 0.02};
  std::vector<double> out(c.n() + c.p());
  c.evaluator().rates(0.2, q.data(), u.data(), out.data(), out.data() + c.n());
  return out;
}

std::vector<double> mass_matrix(const numeric::CompiledSystem& c) {
  const std::vector<double> q = {0.3, -0.7, 0.04};
  auto w = c.rigid_body().workspace();
  std::vector<double> M(c.p() * c.p());
  c.rigid_body().mass_matrix(0, q.data(), c.parameter_values().data(), M.data(), w);
  return M;
}

std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(SetupCache, ARobotReadAgainIsEvaluatedFromTheKeptProgram) {
  CacheDirectory cache("adyn-setup-cache-again");
  const auto first = compiled_arm();
  EXPECT_FALSE(first->found_in_setup_cache());
  ASSERT_EQ(cache.files(".program").size(), 1u);
  const auto again = compiled_arm();
  EXPECT_TRUE(again->found_in_setup_cache());
  EXPECT_EQ(again->evaluator_choice(), first->evaluator_choice());
  EXPECT_EQ(again->evaluator_choice().rfind("articulated-body algorithm, O(n): an unconstrained tree of 3 bodies", 0), 0u);
  EXPECT_EQ(rates(*again), rates(*first));
  // What the kept program does not hold is derived when first asked for.
  EXPECT_EQ(mass_matrix(*again), mass_matrix(*first));
  const Eigen::Vector3d q(0.3, -0.7, 0.04), u(0.5, -1.1, 0.02);
  const auto a = again->evaluator().derivatives(0, q, u), b = first->evaluator().derivatives(0, q, u);
  EXPECT_TRUE(a.udot_q.isApprox(b.udot_q, 1e-12));
  EXPECT_TRUE(a.udot_u.isApprox(b.udot_u, 1e-12));
}

// The inverse dynamics and the mass matrix are kept too, at their first calls, and found again
// unchanged: their entries are not written again.
TEST(SetupCache, TheRigidBodyCallsAreKeptAtTheirFirstCalls) {
  CacheDirectory cache("adyn-setup-cache-rigid-body");
  const auto first = compiled_arm();
  const auto M = mass_matrix(*first);
  const std::vector<double> q = {0.3, -0.7, 0.04}, u = {0.5, -1.1, 0.02}, a = {0.2, 0.1, -0.3};
  std::vector<double> tau(3), tau_again(3);
  auto w = first->rigid_body().workspace();
  first->rigid_body().inverse_dynamics(0, q.data(), u.data(), a.data(), first->parameter_values().data(), tau.data(), w);
  const auto entries = cache.files(".program");
  ASSERT_EQ(entries.size(), 3u);
  std::vector<std::pair<std::uintmax_t, std::uintmax_t>> written;
  for (const auto& e : entries) written.push_back(test::file_identity(e));
  const auto again = compiled_arm();
  EXPECT_EQ(mass_matrix(*again), M);
  auto w_again = again->rigid_body().workspace();
  again->rigid_body().inverse_dynamics(0, q.data(), u.data(), a.data(), again->parameter_values().data(),
                                       tau_again.data(), w_again);
  EXPECT_EQ(tau_again, tau);
  for (std::size_t i = 0; i < entries.size(); ++i) EXPECT_EQ(test::file_identity(entries[i]), written[i]);  // not rewritten
}

// The generated C's library is loaded again by its name in the entry, without printing the C; a
// compiler other than the one that built it ($CC) compiles it anew.
TEST(SetupCache, TheGeneratedCIsLoadedAgainUnlessTheCompilerChanged) {
  if (!test::on_path("cc")) GTEST_SKIP() << "no C compiler (cc) to compile the generated code";
  CacheDirectory cache("adyn-setup-cache-native");
  const char* given = std::getenv("CC");
  const std::string restore = given ? given : "";
  ::setenv("CC", "cc", 1);
  const auto tape = rates(*compiled_arm());
  const auto first = compiled_arm(numeric::Backend::Native);  // the entry found, its C compiled and named in it
  ASSERT_EQ(first->evaluator().backend(), numeric::Backend::Native) << first->evaluator().backend_note();
  EXPECT_TRUE(first->found_in_setup_cache());
  const auto again = compiled_arm(numeric::Backend::Native);
  EXPECT_EQ(again->evaluator().backend(), numeric::Backend::Native);
  EXPECT_EQ(cache.files(".so").size(), 1u);
  EXPECT_EQ(rates(*again), rates(*first));
  for (std::size_t i = 0; i < tape.size(); ++i) EXPECT_NEAR(rates(*again)[i], tape[i], 1e-12 * (1 + std::abs(tape[i])));
  ::setenv("CC", "env cc", 1);
  const auto other = compiled_arm(numeric::Backend::Native);
  EXPECT_EQ(cache.files(".so").size(), 2u);
  EXPECT_EQ(rates(*other), rates(*first));
  if (given) ::setenv("CC", restore.c_str(), 1);
  else ::unsetenv("CC");
}

// A model file's tree is kept as a URDF's is: by the file's name and text.
TEST(SetupCache, AModelFileReadAgainIsEvaluatedFromTheKeptProgram) {
  CacheDirectory cache("adyn-setup-cache-model-file");
  const std::string path = test::example("double_pendulum.yaml");
  const auto first = compiled(io::read_model_document(path).system);
  const auto again = compiled(io::read_model_document(path).system);
  EXPECT_FALSE(first->found_in_setup_cache());
  EXPECT_TRUE(again->found_in_setup_cache());
  const std::vector<double> q = {0.8, -0.4}, u = {0.3, 0.1};
  std::vector<double> a(4), b(4);
  first->evaluator().rates(0, q.data(), u.data(), a.data(), a.data() + 2);
  again->evaluator().rates(0, q.data(), u.data(), b.data(), b.data() + 2);
  EXPECT_EQ(a, b);
  // The same text under another name is another model file (its name is part of what was read).
  EXPECT_FALSE(compiled(io::read_model_document_text(io::read_model_text(path), "copy.yaml").system)->found_in_setup_cache());
}

// Parameter and input values and units are run-time inputs: they leave the source as read.
TEST(SetupCache, ValuesLeaveTheModelAsRead) {
  CacheDirectory cache("adyn-setup-cache-values");
  compiled_arm();
  auto doc = io::read_urdf(arm_path);
  doc.system.set_input_values({{"tau_shoulder", 1.5}});
  ASSERT_NE(doc.system.source(), nullptr);
  const auto c = compiled(doc.system);
  EXPECT_TRUE(c->found_in_setup_cache());
  std::vector<double> q = {0.3, -0.7, 0.04}, u = {0.5, -1.1, 0.02}, qdot(3), udot(3);
  auto forced = c->evaluator();  // the model's values: τ_shoulder = 1.5
  forced.rates(0, q.data(), u.data(), qdot.data(), udot.data());
  const auto fresh = compiled_arm();  // τ_shoulder = 0
  std::vector<double> unforced(3);
  fresh->evaluator().rates(0, q.data(), u.data(), qdot.data(), unforced.data());
  EXPECT_NE(udot, unforced);
}

TEST(SetupCache, AChangedModelFindsNothing) {
  CacheDirectory cache("adyn-setup-cache-changed");
  compiled_arm();
  auto doc = io::read_urdf(arm_path);
  doc.system.add_parameter("unused", 1.0);
  EXPECT_EQ(doc.system.source(), nullptr);
  EXPECT_FALSE(compiled(doc.system)->found_in_setup_cache());
  // A point or frame changed anywhere in the process may be one of the model's.
  auto other = io::read_urdf(arm_path);
  ASSERT_NE(other.system.source(), nullptr);
  kin::Point P("elsewhere");
  P.fix_in(kin::ReferenceFrame("E"));
  EXPECT_EQ(other.system.source(), nullptr);
  EXPECT_FALSE(compiled(other.system)->found_in_setup_cache());
}

TEST(SetupCache, ADamagedEntryIsDerivedAndWrittenAgain) {
  CacheDirectory cache("adyn-setup-cache-damaged");
  const auto expected = rates(*compiled_arm());
  const auto entry = cache.files(".program").at(0);
  std::string bytes = file_text(entry);
  bytes[bytes.size() - 3] = static_cast<char>(bytes[bytes.size() - 3] ^ 0x5a);
  std::ofstream(entry, std::ios::binary | std::ios::trunc) << bytes;
  const auto again = compiled_arm();
  EXPECT_FALSE(again->found_in_setup_cache());
  EXPECT_EQ(rates(*again), expected);
  EXPECT_TRUE(compiled_arm()->found_in_setup_cache());
}

// Two particles moved by one coordinate: not a tree, though unconstrained. The tree equations say
// so when compiled, and are Lagrange's M u' = F.
TEST(SetupCache, TreeEquationsOfASystemThatIsNotATreeAreDerivedByTheirMethod) {
  const auto doc = io::read_model_document_text(R"(
name: Two carts on one coordinate
parameters: {m: {value: 2.0}, g: {value: 9.81}}
coordinates: [x]
points:
  - {name: A, from: O, position: {N: [x, 0, 0]}}
  - {name: B, from: O, position: {N: [x, 1, 0]}}
particles:
  - {name: a, point: A, mass: m}
  - {name: b, point: B, mass: m}
gravity: {N: [-g, 0, 0]}
)",
                                                "carts.yaml");
  const auto eom = formulations::tree_equations(doc.system, "lagrange");
  ASSERT_TRUE(eom);
  const numeric::CompiledSystem c(doc.system, *eom);
  EXPECT_EQ(c.evaluator_choice().rfind("mass matrix M u' = F: speed", 0), 0u) << c.evaluator_choice();
  const double q = 0.1, u = 0.2;
  double qdot = 0, udot = 0;
  c.evaluator().rates(0, &q, &u, &qdot, &udot);
  EXPECT_DOUBLE_EQ(udot, -9.81);
  EXPECT_DOUBLE_EQ(qdot, 0.2);
}

namespace {

// The four-bar linkage's Lagrange equations with multipliers (M, F and the constraint rows G, g).
std::unique_ptr<const numeric::CompiledSystem> compiled_four_bar(
    const std::string& name = "four_bar_linkage.yaml",
    const std::function<void(formulations::EquationsOfMotion&)>& change = {}) {
  const auto doc = io::read_model_document_text(io::read_model_text(test::example("four_bar_linkage.yaml")), name);
  auto eom = formulations::derive(doc.system, "lagrange");
  if (change) change(eom);
  return std::make_unique<const numeric::CompiledSystem>(doc.system, eom);
}

// u̇ and the multipliers at a state off the constraints (the values need not be consistent).
Eigen::VectorXd accelerations(const numeric::CompiledSystem& c) {
  const Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(static_cast<Eigen::Index>(c.n()), 0.3, 1.1);
  const Eigen::VectorXd u = Eigen::VectorXd::LinSpaced(static_cast<Eigen::Index>(c.p()), -0.5, 0.4);
  const auto d = c.evaluator().evaluate(0.1, q, u);
  Eigen::VectorXd out(d.udot.size() + d.lambda.size());
  out << d.udot, d.lambda;
  return out;
}

}  // namespace

TEST(SetupCache, TheMassMatrixFormDerivedAgainIsCompiledFromTheKeptPrograms) {
  CacheDirectory cache("adyn-setup-cache-mass-matrix");
  const auto first = compiled_four_bar();
  ASSERT_NE(first->evaluator().augmented_lagrangian(), nullptr);  // with its constraint rows
  EXPECT_FALSE(first->found_in_setup_cache());
  EXPECT_EQ(cache.files(".program").size(), 2u);  // the state function, the parameters' constants
  const auto again = compiled_four_bar();
  EXPECT_TRUE(again->found_in_setup_cache());
  EXPECT_TRUE(again->evaluator().matrices_from_setup_cache());
  EXPECT_EQ(accelerations(*again), accelerations(*first));
  // Keyed by the equations' values, not by the model's source: the same text under another name.
  EXPECT_TRUE(compiled_four_bar("another_name.yaml")->found_in_setup_cache());
  EXPECT_EQ(cache.files(".program").size(), 2u);
}

TEST(SetupCache, ChangedEquationsInMassMatrixFormFindNothing) {
  CacheDirectory cache("adyn-setup-cache-mass-matrix-changed");
  const auto original = compiled_four_bar();
  const auto changed = compiled_four_bar("four_bar_linkage.yaml", [](formulations::EquationsOfMotion& eom) {
    eom.forcing(0, 0) += 1e-7 * eom.coordinates.at(0);
  });
  EXPECT_FALSE(changed->found_in_setup_cache());
  EXPECT_NE(accelerations(*changed), accelerations(*original));
  EXPECT_EQ(cache.files(".program").size(), 4u);
}
