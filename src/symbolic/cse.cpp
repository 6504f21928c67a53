#include "adyn/symbolic/cse.hpp"

#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/ex_map.hpp"

namespace adyn::sym {
namespace {

using GiNaC::ex;

// References of each subexpression by distinct parents (children are visited once).
void count_references(const ex& e, ExMap<unsigned>& refs) {
  if (atomic(e)) return;
  if (++refs[e] > 1) return;
  for (const auto& child : e) count_references(child, refs);
}

class Rebuilder : public GiNaC::map_function {
 public:
  Rebuilder(const ExMap<unsigned>& refs, std::string prefix, CseResult& out)
      : refs_(refs), prefix_(std::move(prefix)), out_(out) {}

  ex operator()(const ex& e) override {
    if (atomic(e)) return e;
    auto done = memo_.find(e);
    if (done != memo_.end()) return done->second;
    ex rebuilt = e.map(*this);
    auto r = refs_.find(e);
    if (r != refs_.end() && r->second > 1) {
      GiNaC::symbol t = interned_symbol(prefix_ + std::to_string(out_.temporaries.size()));
      out_.temporaries.emplace_back(t, rebuilt);
      rebuilt = t;
    }
    memo_.emplace(e, rebuilt);
    return rebuilt;
  }

 private:
  const ExMap<unsigned>& refs_;
  std::string prefix_;
  CseResult& out_;
  ExMap<ex> memo_;
};

}  // namespace

namespace {

// Operations of the expanded tree (a subexpression counted as often as it is referenced),
// computed over the graph: each distinct subexpression's count is found once.
std::size_t tree_operations(const ex& e, ExMap<std::size_t>& memo) {
  if (atomic(e)) return GiNaC::is_a<GiNaC::numeric>(e) && e.info(GiNaC::info_flags::negative) ? 1 : 0;
  if (auto done = memo.find(e); done != memo.end()) return done->second;
  std::size_t n = GiNaC::is_a<GiNaC::add>(e) || GiNaC::is_a<GiNaC::mul>(e) ? e.nops() - 1 : 1;  // else power, function
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
  ExMap<unsigned> refs;
  for (const auto& e : exprs) count_references(e, refs);
  CseResult out;
  Rebuilder rebuild(refs, prefix, out);
  for (const auto& e : exprs) out.outputs.push_back(rebuild(e));
  return out;
}

}  // namespace adyn::sym
