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

/// A number, a symbol or a constant: nothing to rebuild or to share.
inline bool atomic(const GiNaC::ex& e) {
  return e.nops() == 0 || GiNaC::is_a<GiNaC::numeric>(e) || GiNaC::is_a<GiNaC::symbol>(e);
}

}  // namespace adyn::sym
