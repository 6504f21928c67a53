#include "adyn/symbolic/cse.hpp"

#include <algorithm>
#include <cctype>

#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {

DECLARE_FUNCTION_1P(adyn_intermediate)
// Commutative, declared: GiNaC would otherwise ask the argument, and that one its own, through
// every level of a recursion, each time a product is built.
REGISTER_FUNCTION(adyn_intermediate, set_return_type(GiNaC::return_types::commutative))

GiNaC::ex intermediate(const GiNaC::ex& e) { return atomic(e) ? e : adyn_intermediate(e); }
bool is_intermediate(const GiNaC::ex& e) { return is_ex_the_function(e, adyn_intermediate); }

namespace {

using GiNaC::ex;

// An expression and its negation are one subexpression, counted, named and walked through its
// positive form (CanonicalOrder::positive_form): GiNaC keeps a sum inside a product or a power
// with either sign, depending on its own order, which changes from run to run.

// References of each subexpression by distinct parents (children are visited once).
void count_references(const ex& e, ExMap<unsigned>& refs, CanonicalOrder& order) {
  if (atomic(e)) return;
  const ex r = order.positive_form(e).positive;
  if (atomic(r) || ++refs[r] > 1) return;
  for (const auto& child : r) count_references(child, refs, order);
}

class Rebuilder : public GiNaC::map_function {
 public:
  Rebuilder(const ExMap<unsigned>& refs, std::string prefix, CseResult& out, CanonicalOrder& order)
      : refs_(refs), prefix_(std::move(prefix)), out_(out), order_(order) {}

  ex operator()(const ex& e) override {
    if (atomic(e)) return e;
    const auto [r, negated] = order_.positive_form(e);
    if (atomic(r)) return e;
    auto done = memo_.find(r);
    if (done == memo_.end()) {
      // The operands in the canonical order first, so that temporaries are numbered the same
      // way in every process; the map below then finds them rebuilt.
      for (const auto& child : order_.operands(r)) (*this)(child);
      const bool named = is_intermediate(r);
      ex rebuilt = named ? (*this)(r.op(0)) : r.map(*this);
      auto c = refs_.find(r);
      if (named ? !atomic(rebuilt) : c != refs_.end() && c->second > 1) {
        GiNaC::symbol t = interned_symbol(prefix_ + std::to_string(out_.temporaries.size()));
        out_.temporaries.emplace_back(t, rebuilt);
        rebuilt = t;
      }
      done = memo_.emplace(r, rebuilt).first;
    }
    return negated ? ex(-done->second) : done->second;
  }

 private:
  const ExMap<unsigned>& refs_;
  std::string prefix_;
  CseResult& out_;
  CanonicalOrder& order_;
  ExMap<ex> memo_;
};

}  // namespace

namespace {

// Operations of the expanded tree (a subexpression counted as often as it is referenced),
// computed over the graph: each distinct subexpression's count is found once. A sign costs
// nothing (it becomes a subtraction), so an expression and its negation, and the forms GiNaC may
// give a product of a sum (l·(a − b) or −l·(b − a)), count alike.
std::size_t tree_operations(const ex& e, ExMap<std::size_t>& memo) {
  if (atomic(e)) return 0;
  if (auto done = memo.find(e); done != memo.end()) return done->second;
  std::size_t n = is<GiNaC::add>(e) || is<GiNaC::mul>(e) ? e.nops() - 1 : 1;  // else power, function
  if (is<GiNaC::mul>(e))
    for (const auto& factor : e) n -= factor.is_equal(-1) ? 1 : 0;
  for (const auto& child : e) n += tree_operations(child, memo);
  memo.emplace(e, n);
  return n;
}

}  // namespace

std::size_t operation_count(const ex& e) {
  ExMap<std::size_t> memo;
  return tree_operations(e, memo);
}

std::size_t CseResult::operation_count() const {
  std::size_t n = 0;
  for (const auto& [t, e] : temporaries) n += sym::operation_count(e);
  for (const auto& e : outputs) n += sym::operation_count(e);
  return n;
}

CseResult cse(const std::vector<ex>& exprs, const std::string& prefix) {
  CanonicalOrder order;
  ExMap<unsigned> refs;
  for (const auto& e : exprs) count_references(e, refs, order);
  CseResult out;
  Rebuilder rebuild(refs, prefix, out, order);
  for (const auto& e : exprs) out.outputs.push_back(rebuild(e));
  return out;
}

std::string unused_prefix(const std::vector<GiNaC::ex>& exprs, const std::string& base) {
  std::vector<std::string> names;
  for (const auto& e : exprs)
    for (const auto& s : free_symbols(e)) names.push_back(GiNaC::ex_to<GiNaC::symbol>(s).get_name());
  std::string prefix = base;
  auto clashes = [&](const std::string& name) {
    return name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
           std::all_of(name.begin() + static_cast<std::ptrdiff_t>(prefix.size()), name.end(), ::isdigit);
  };
  while (std::any_of(names.begin(), names.end(), clashes)) prefix += base;
  return prefix;
}

}  // namespace adyn::sym
