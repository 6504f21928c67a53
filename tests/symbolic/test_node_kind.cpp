// sym::is<T> answers as GiNaC::is_a<T> on every kind of node, the classes derived from GiNaC's
// included (node_kind.hpp).
#include <gtest/gtest.h>

#include "adyn/symbolic/node_kind.hpp"

namespace {

using GiNaC::ex;

template <class T>
void expect_as_is_a(const std::vector<ex>& nodes) {
  for (const auto& e : nodes) EXPECT_EQ(adyn::sym::is<T>(e), GiNaC::is_a<T>(e)) << e << " as " << typeid(T).name();
}

TEST(NodeKind, AnswersAsGinacTypeTestOnEveryKindOfNode) {
  const GiNaC::symbol x("x"), y("y");
  const GiNaC::realsymbol r("r");
  const GiNaC::possymbol s("s");
  const std::vector<ex> nodes = {x,           r,          s,          ex(3),       ex(GiNaC::numeric(1, 2)), GiNaC::Pi,
                                 x + y,       x * y,      pow(x, 2),  sin(x),      atan2(x, y),               x == y,
                                 GiNaC::lst{x, y}, GiNaC::matrix{{1, x}}, ex(2.5) * x, pow(x + y, -1)};
  expect_as_is_a<GiNaC::numeric>(nodes);
  expect_as_is_a<GiNaC::symbol>(nodes);
  expect_as_is_a<GiNaC::constant>(nodes);
  expect_as_is_a<GiNaC::add>(nodes);
  expect_as_is_a<GiNaC::mul>(nodes);
  expect_as_is_a<GiNaC::power>(nodes);
  expect_as_is_a<GiNaC::function>(nodes);
  expect_as_is_a<GiNaC::realsymbol>(nodes);  // not one of node_kind's: GiNaC's own test
  expect_as_is_a<GiNaC::expairseq>(nodes);
}

TEST(NodeKind, NamesTheKindOfEachNode) {
  using adyn::sym::NodeKind;
  const GiNaC::symbol x("x"), y("y");
  EXPECT_EQ(adyn::sym::node_kind(x), NodeKind::Symbol);
  EXPECT_EQ(adyn::sym::node_kind(GiNaC::possymbol("p")), NodeKind::Symbol);
  EXPECT_EQ(adyn::sym::node_kind(ex(7)), NodeKind::Number);
  EXPECT_EQ(adyn::sym::node_kind(GiNaC::Euler), NodeKind::Constant);
  EXPECT_EQ(adyn::sym::node_kind(x + y), NodeKind::Sum);
  EXPECT_EQ(adyn::sym::node_kind(x * y), NodeKind::Product);
  EXPECT_EQ(adyn::sym::node_kind(pow(x, y)), NodeKind::Power);
  EXPECT_EQ(adyn::sym::node_kind(cos(x)), NodeKind::Function);
  EXPECT_EQ(adyn::sym::node_kind(GiNaC::lst{x}), NodeKind::Other);
}

}  // namespace
