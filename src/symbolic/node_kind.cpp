// Node kinds of classes derived from GiNaC's (node_kind.hpp).
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {

NodeKind node_kind_by_type_test(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::symbol>(e)) return NodeKind::Symbol;
  if (GiNaC::is_a<GiNaC::numeric>(e)) return NodeKind::Number;
  if (GiNaC::is_a<GiNaC::constant>(e)) return NodeKind::Constant;
  if (GiNaC::is_a<GiNaC::add>(e)) return NodeKind::Sum;
  if (GiNaC::is_a<GiNaC::mul>(e)) return NodeKind::Product;
  if (GiNaC::is_a<GiNaC::power>(e)) return NodeKind::Power;
  if (GiNaC::is_a<GiNaC::function>(e)) return NodeKind::Function;
  return NodeKind::Other;
}

}  // namespace adyn::sym
