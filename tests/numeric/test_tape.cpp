// The instruction tape (src/numeric/tape.cpp): values against GiNaC's own evaluation, signs carried
// to where they are used, every distinct subexpression computed once, products fused into the
// sums that use them once, and the errors it names.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/numeric/tape.hpp"

using namespace adyn;
using GiNaC::ex;
using GiNaC::symbol;

namespace {

// GiNaC's value of e at x, y, z (its own arithmetic, not the tape's).
double reference(const ex& e, const std::vector<symbol>& s, const std::vector<double>& v) {
  GiNaC::exmap at;
  for (std::size_t i = 0; i < s.size(); ++i) at[s[i]] = v[i];
  return GiNaC::ex_to<GiNaC::numeric>(e.subs(at).evalf()).to_double();
}

std::vector<double> run(const numeric::Tape& tape, const std::vector<double>& in) {
  std::vector<double> out(tape.output_count());
  tape.evaluate(in.data(), out.data());
  return out;
}

}  // namespace

TEST(Tape, AgreesWithGiNaCOnSumsProductsPowersAndFunctions) {
  const symbol x("x"), y("y"), z("z");
  const std::vector<ex> outputs = {
      x - y,
      -(x - y) * z,
      (y - x) * z + 3 * x * y - 2,
      -x * y * z,
      pow(x - y, 3) - pow(y - x, 2) / z,
      sin(x - y) * cos(z) - sqrt(GiNaC::abs(z)) + exp(-x * y),
      atan2(y - x, z) + pow(GiNaC::abs(x), GiNaC::numeric(1, 3)) - 1 / sqrt(z * z + 1),
      -sin(-x) + tanh(y * z - x) - log(z * z + 2) * GiNaC::Pi,
      ex(7.25),
      ex(-3),
      -y,
      x,
  };
  const numeric::Tape tape({x, y, z}, outputs);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int k = 0; k < 20; ++k) {
    const std::vector<double> v = {u(rng), u(rng), u(rng)};
    const auto out = run(tape, v);
    for (std::size_t i = 0; i < outputs.size(); ++i)
      EXPECT_NEAR(out[i], reference(outputs[i], {x, y, z}, v), 1e-13 * (1 + std::abs(out[i]))) << outputs[i];
  }
}

TEST(Tape, AnExpressionAndItsNegationShareTheirInstructions) {
  const symbol x("x"), y("y"), z("z");
  // (x − y)·z and (y − x)·z: one difference, one product, and one negation where the signed value
  // itself is an output.
  const numeric::Tape both({x, y, z}, {(x - y) * z, (y - x) * z});
  EXPECT_EQ(both.instruction_count(), 3u);
  const auto out = run(both, {1.5, 0.25, -2});
  EXPECT_EQ(out[0], (1.5 - 0.25) * -2);
  EXPECT_EQ(out[1], -out[0]);
  // Inside a sum, the sign becomes a subtraction: no negation at all.
  const numeric::Tape sum({x, y, z}, {x - y * z});
  EXPECT_EQ(sum.instruction_count(), 1u);  // x − y·z, the product fused
  EXPECT_EQ(run(sum, {1, 2, 3})[0], -5);
}

TEST(Tape, AProductUsedOnceBySumIsFusedAndOneUsedTwiceIsNot) {
  const symbol a("a"), b("b"), c("c"), d("d");
  // a·b + c·d: one product, fused with the other into one instruction.
  EXPECT_EQ(numeric::Tape({a, b, c, d}, {a * b + c * d}).instruction_count(), 2u);
  // Both products are also outputs: they stay, and the sum adds them.
  const numeric::Tape shared({a, b, c, d}, {a * b + c * d, a * b, c * d});
  EXPECT_EQ(shared.instruction_count(), 3u);
  const auto out = run(shared, {2, 3, 5, 7});
  EXPECT_EQ(out[0], 41);
  EXPECT_EQ(out[1], 6);
  EXPECT_EQ(out[2], 35);
}

TEST(Tape, ConstantsAreStoredOnceWhateverTheirSign) {
  const symbol x("x"), y("y");
  const numeric::Tape tape({x, y}, {2 * x - 2 * y, 2 * x * y, ex(2), ex(-2)});
  const auto out = run(tape, {3, 5});
  EXPECT_EQ(out[0], -4);
  EXPECT_EQ(out[1], 30);
  EXPECT_EQ(out[2], 2);
  EXPECT_EQ(out[3], -2);
}

TEST(Tape, RunsHoldInstructionsOfOneOperationThatDoNotDependOnEachOther) {
  // Four independent products, then their sums: two runs, not one per instruction.
  std::vector<symbol> s;
  std::vector<ex> outputs;
  for (int i = 0; i < 8; ++i) s.emplace_back(std::string("s").append(std::to_string(i)));  // (GCC 12's -Wrestrict)
  for (int i = 0; i < 8; i += 2) outputs.push_back(sin(s[i]) * cos(s[i + 1]));
  const numeric::Tape tape(s, outputs);
  EXPECT_EQ(tape.instruction_count(), 12u);
  EXPECT_EQ(tape.run_count(), 3u);  // the sines, the cosines, the products
}

TEST(Tape, NamesASymbolThatIsNotAnInput) {
  const symbol x("x"), k("k");
  try {
    numeric::Tape({x}, {k * x});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'k', which is not an input"), std::string::npos) << e.what();
  }
}

// evaluate_varying writes the outputs that are not constants (an input passed through, a computed
// value) and leaves the constants' places as they are: into a buffer evaluate() filled, it gives
// what evaluate() gives.
TEST(Tape, EvaluatingTheVaryingOutputsLeavesTheConstantsInPlace) {
  const symbol x("x"), y("y");
  const numeric::Tape tape({x, y}, {ex(0), x * y + 1, ex(2), y, sin(x), ex(-3)});
  std::vector<double> buffer(tape.output_count(), 0.0);
  tape.evaluate(std::vector<double>{0.5, 2.0}.data(), buffer.data());
  const std::vector<double> in{1.5, -4.0};
  tape.evaluate_varying(in.data(), buffer.data());
  EXPECT_EQ(buffer, run(tape, in));
  std::vector<double> sentinel(tape.output_count(), 7.0);
  tape.evaluate_varying(in.data(), sentinel.data());
  // (−3 is the negation of the constant 3, stored once whatever its sign: computed, so written.)
  EXPECT_EQ(sentinel, (std::vector<double>{7.0, 1.5 * -4.0 + 1, 7.0, -4.0, std::sin(1.5), -3.0}));
}
