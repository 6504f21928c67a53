// sym::canonical_normal gives one form for equal expressions written differently: GiNaC's normal()
// turns a power with a fractional exponent into a symbol of its own after normalizing its base to
// a fraction whose sign follows GiNaC's order of terms, so that equal inputs came out as
// √(a − b) in one run and 1/√(1/(a − b)) or √(−1/(b − a))⁻¹ in another (a linearization of the
// flyball governor printed either).
#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/printers.hpp"

namespace {

using GiNaC::ex;
using adyn::sym::canonical_normal;

const GiNaC::symbol a("a"), b("b"), x("x"), y("y");
const GiNaC::numeric half(1, 2), three_halves(3, 2);

TEST(CanonicalNormal, PowersOfOneBaseAreOneRootsPowers) {
  const ex s = a * a + b * b;
  const ex written = x * GiNaC::pow(s, -three_halves) + y / GiNaC::sqrt(s);
  const ex rewritten = (x + y * s) / (s * GiNaC::sqrt(s));
  EXPECT_EQ(adyn::sym::to_text(canonical_normal(written)), adyn::sym::to_text(canonical_normal(rewritten)));
  // The common root taken out and joined with the denominator, as written by hand.
  EXPECT_EQ(adyn::sym::to_text(canonical_normal(written)), "(x+a^2*y+b^2*y)/(a^2+b^2)^(3/2)");
}

TEST(CanonicalNormal, ABaseUnderARootIsNormalizedWhateverItsSignsAndFractions) {
  const ex forms[] = {GiNaC::sqrt((a - b) / x), GiNaC::sqrt(-(b - a) / x), GiNaC::sqrt((b - a) / (-x)),
                      GiNaC::sqrt(a / x - b / x)};
  const std::string first = adyn::sym::to_text(canonical_normal(y * forms[0]));
  for (const auto& form : forms) EXPECT_EQ(adyn::sym::to_text(canonical_normal(y * form)), first) << form;
}

TEST(CanonicalNormal, CancelsThroughFunctionsAndRoots) {
  const ex e = (GiNaC::sin(x) * GiNaC::sqrt(a) + GiNaC::sin(x) * b) / (GiNaC::sqrt(a) + b) - GiNaC::sin(x);
  EXPECT_TRUE(canonical_normal(e).is_zero()) << canonical_normal(e);
}

}  // namespace
