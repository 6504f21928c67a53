#pragma once
// Hash maps keyed by expressions, compared structurally (GiNaC's is_equal, not operator==, which
// builds a relational): the memo tables of the passes that walk an expression DAG once.
#include <ginac/ginac.h>

#include <unordered_map>

namespace adyn::sym {

struct ExHash {
  std::size_t operator()(const GiNaC::ex& e) const { return e.gethash(); }
};
// compare(), not is_equal(): when two distinct but equal trees meet, compare() makes their
// handles share one tree, level by level (GiNaC's ex::share), so that the next comparison of the
// same pair is a pointer test instead of a walk of the whole tree.
struct ExEqual {
  bool operator()(const GiNaC::ex& a, const GiNaC::ex& b) const { return a.compare(b) == 0; }
};
template <class V>
using ExMap = std::unordered_map<GiNaC::ex, V, ExHash, ExEqual>;

/// A number, a symbol or a constant: nothing to rebuild or to share. (Those, and only those of
/// GiNaC's classes adyn builds, have no operands. The test is not GiNaC::is_a: a dynamic_cast,
/// which for anything else walks the class hierarchy comparing type names as strings across the
/// library boundary — 30 % of generating the C of the articulated-body algorithm.)
inline bool atomic(const GiNaC::ex& e) { return e.nops() == 0; }

}  // namespace adyn::sym
