#pragma once
// What kind of node an expression is, told by its class's registration with GiNaC: one virtual
// call and a few pointer comparisons. GiNaC's is_a<T> is a dynamic_cast, and across the
// shared-library boundary every step of its walk up a class hierarchy that does not match compares
// type names as strings (strcmp and the casts were 15 % of the UR5's set-up, docs/performance.md).
// The hot passes over expression graphs (the canonical order, the straight-line program, the chain
// rule, the gathering of terms, hoisting, common subexpressions, the printers, evaluation) ask
// sym::is<T> instead, which answers as is_a<T> does.
#include <ginac/ginac.h>

#include <type_traits>

namespace adyn::sym {

enum class NodeKind { Number, Symbol, Constant, Sum, Product, Power, Function, Other };

/// The kind of e's node by the class GiNaC registered it under (realsymbol and possymbol are
/// symbols); a class that other code derives from one of these, by GiNaC's type test.
NodeKind node_kind_by_type_test(const GiNaC::ex& e);

inline NodeKind node_kind(const GiNaC::ex& e) {
  const GiNaC::registered_class_info* info = &GiNaC::ex_to<GiNaC::basic>(e).get_class_info();
  if (info == &GiNaC::symbol::get_class_info_static()) return NodeKind::Symbol;
  if (info == &GiNaC::mul::get_class_info_static()) return NodeKind::Product;
  if (info == &GiNaC::add::get_class_info_static()) return NodeKind::Sum;
  if (info == &GiNaC::numeric::get_class_info_static()) return NodeKind::Number;
  if (info == &GiNaC::power::get_class_info_static()) return NodeKind::Power;
  if (info == &GiNaC::function::get_class_info_static()) return NodeKind::Function;
  if (info == &GiNaC::constant::get_class_info_static()) return NodeKind::Constant;
  return node_kind_by_type_test(e);
}

/// GiNaC::is_a<T>(e): by node_kind for the classes it tells, by is_a for any other T.
template <class T>
bool is(const GiNaC::ex& e) {
  if constexpr (std::is_same_v<T, GiNaC::numeric>) return node_kind(e) == NodeKind::Number;
  else if constexpr (std::is_same_v<T, GiNaC::symbol>) return node_kind(e) == NodeKind::Symbol;
  else if constexpr (std::is_same_v<T, GiNaC::constant>) return node_kind(e) == NodeKind::Constant;
  else if constexpr (std::is_same_v<T, GiNaC::add>) return node_kind(e) == NodeKind::Sum;
  else if constexpr (std::is_same_v<T, GiNaC::mul>) return node_kind(e) == NodeKind::Product;
  else if constexpr (std::is_same_v<T, GiNaC::power>) return node_kind(e) == NodeKind::Power;
  else if constexpr (std::is_same_v<T, GiNaC::function>) return node_kind(e) == NodeKind::Function;
  else return GiNaC::is_a<T>(e);
}

}  // namespace adyn::sym
