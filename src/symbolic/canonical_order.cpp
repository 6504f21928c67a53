#include "adyn/symbolic/canonical_order.hpp"

#include <cln/complex.h>
#include <cln/real.h>

#include <algorithm>
#include <sstream>
#include <string_view>
#include <tuple>

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {
namespace {

using GiNaC::ex;
using GiNaC::is_a;

enum Kind : int { Number, Constant, Symbol, Power, Function, Product, Sum, Other };

// splitmix64's finalizer over the running hash and the next word.
std::uint64_t mix(std::uint64_t h, std::uint64_t x) {
  std::uint64_t z = h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// FNV-1a.
std::uint64_t text_hash(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

std::string printed(const ex& e) {
  std::ostringstream os;
  os << e;
  return os.str();
}

// A number's exact value as text: an exact number as it prints, a float as the rational it equals
// (−1.0 as −1, 0.5 as 1/2). GiNaC holds such numbers as one (−1 and −1.0 compare equal and hash
// alike), so the memo of keys holds whichever it met first; its key must not depend on which, or
// the order, and the code printed in it, would change with GiNaC's order of operands, run to run.
std::string exact_text(const GiNaC::numeric& n) {
  const cln::cl_N z = n.to_cl_N();
  return printed(GiNaC::numeric(cln::complex(cln::rational(cln::realpart(z)), cln::rational(cln::imagpart(z)))));
}

// The operands' hashes regardless of their order.
std::uint64_t combined(int kind, std::vector<std::uint64_t> hashes) {
  std::sort(hashes.begin(), hashes.end());
  std::uint64_t h = static_cast<std::uint64_t>(kind);
  for (auto x : hashes) h = mix(h, x);
  return h;
}

constexpr std::size_t kLeadNames = 3;  // a product's lead: its first few factors' names

}  // namespace

const CanonicalOrder::Key& CanonicalOrder::key(const ex& e) {
  if (auto it = keys_.find(e); it != keys_.end()) return it->second;
  Key k = make_key(e);
  k.hash = mix(k.magnitude, k.negative ? 1 : 0);
  return keys_.emplace(e, std::move(k)).first->second;
}

CanonicalOrder::Key CanonicalOrder::make_key(const ex& e) {
  const NodeKind node = node_kind(e);
  if (node == NodeKind::Number) {
    const auto& n = GiNaC::ex_to<GiNaC::numeric>(e);
    const bool negative = n.is_real() && n.is_negative();
    return {Number, "", mix(Number, text_hash(exact_text(negative ? -n : n))), negative};
  }
  if (node == NodeKind::Symbol) {
    std::string name = GiNaC::ex_to<GiNaC::symbol>(e).get_name();
    const auto h = mix(Symbol, text_hash(name));
    return {Symbol, std::move(name), h, false};
  }
  if (node == NodeKind::Constant) {
    std::string name = printed(e);
    const auto h = mix(Constant, text_hash(name));
    return {Constant, std::move(name), h, false};
  }
  if (node == NodeKind::Power) return power_key(e);
  if (node == NodeKind::Product) return product_key(e);
  if (node == NodeKind::Sum) return sum_key(e);
  // Functions and anything else: the name, then the operands in their (meaningful) order.
  const bool function = node == NodeKind::Function;
  std::string name =
      function ? GiNaC::ex_to<GiNaC::function>(e).get_name() : GiNaC::ex_to<GiNaC::basic>(e).class_name();
  Key k{function ? Function : Other, name, mix(function ? Function : Other, text_hash(name)), false};
  // (A named intermediate's lead is its name alone: nested ones would repeat it at every level.)
  if (e.nops() > 0 && !is_intermediate(e)) k.lead.append("(").append(key(e.op(0)).lead);
  for (const auto& op : e) k.magnitude = mix(k.magnitude, key(op).hash);
  return k;
}

// (−s)^k = ±s^k for an integer k: the power of a sum keeps the sum's sign when k is odd.
CanonicalOrder::Key CanonicalOrder::power_key(const ex& e) {
  const Key& base = key(e.op(0));
  const bool integer = e.op(1).info(GiNaC::info_flags::integer);
  const bool simple = base.kind == Symbol || base.kind == Constant;
  return {simple ? base.kind : Power, base.lead, mix(mix(Power, integer ? base.magnitude : base.hash), key(e.op(1)).hash),
          integer && base.negative && e.op(1).info(GiNaC::info_flags::odd)};
}

// A product is ordered by its factors, not its coefficient, so that a term and its negation take
// the same place in a sum; its sign is that of the coefficient and of its factors. Only the
// factors its lead names are put in order (a partial sort: the key needs no more).
CanonicalOrder::Key CanonicalOrder::product_key(const ex& e) {
  Key k{Product, "", 0, false};
  std::vector<std::uint64_t> factors;
  std::vector<ex> named;  // the factors that are not numbers
  GiNaC::numeric magnitude = 1;
  for (const auto& op : e) {
    const Key& factor = key(op);
    k.negative ^= factor.negative;
    if (factor.kind == Number) {
      magnitude = GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(op));
      continue;
    }
    factors.push_back(factor.magnitude);
    named.push_back(op);
  }
  const auto lead = named.begin() + static_cast<std::ptrdiff_t>(std::min(named.size(), kLeadNames));
  std::partial_sort(named.begin(), lead, named.end(), [this](const ex& a, const ex& b) { return less(a, b); });
  for (auto f = named.begin(); f != lead; ++f) k.lead.append(f == named.begin() ? "" : "*").append(key(*f).lead);
  if (named.size() == 1) {
    const Key& only = key(named.front());
    std::tie(k.kind, k.lead, k.magnitude) = std::make_tuple(only.kind, only.lead, only.magnitude);
  } else {
    k.magnitude = combined(Product, std::move(factors));
  }
  if (!magnitude.is_equal(1)) k.magnitude = mix(k.magnitude, text_hash(exact_text(magnitude)));
  return k;
}

// A sum's sign is that of its first term (the least in this order that is not a number); its
// magnitude, its terms with that sign taken out.
CanonicalOrder::Key CanonicalOrder::sum_key(const ex& e) {
  Key k{Sum, "", 0, false};
  const std::vector<ex> ops(e.begin(), e.end());  // (GiNaC makes each term anew when asked for it)
  const ex* first = nullptr;
  for (const auto& op : ops)
    if (key(op).kind != Number && (!first || less(op, *first))) first = &op;
  if (first) {
    const Key& term = key(*first);
    k.lead = term.lead;
    k.negative = term.negative;
  }
  std::vector<std::uint64_t> terms;
  for (const auto& op : ops) {
    const Key& term = key(op);
    terms.push_back(mix(term.magnitude, term.negative != k.negative ? 1 : 0));
  }
  k.magnitude = combined(Sum, std::move(terms));
  return k;
}

namespace {

// Distinct expressions whose keys tie (x·(a − b) beside −x·(b − a), whose keys are alike by design,
// or hashes that collide): told apart node by node, operands in this order, since GiNaC's order
// changes from run to run (a sum evaluated in it rounds differently in each). 0 where this cannot
// tell them apart.
int structural_compare(CanonicalOrder& order, const ex& a, const ex& b) {
  const NodeKind na = node_kind(a), nb = node_kind(b);
  if (na != nb) return na < nb ? -1 : 1;
  auto by_name = [](const std::string& x, const std::string& y) { return x == y ? 0 : x < y ? -1 : 1; };
  if (na == NodeKind::Symbol) return by_name(GiNaC::ex_to<GiNaC::symbol>(a).get_name(), GiNaC::ex_to<GiNaC::symbol>(b).get_name());
  if (na == NodeKind::Number || na == NodeKind::Constant || na == NodeKind::Other) return 0;
  if (na == NodeKind::Function)
    if (const int c = by_name(GiNaC::ex_to<GiNaC::function>(a).get_name(), GiNaC::ex_to<GiNaC::function>(b).get_name())) return c;
  const auto oa = order.operands(a), ob = order.operands(b);
  if (oa.size() != ob.size()) return oa.size() < ob.size() ? -1 : 1;
  for (std::size_t i = 0; i < oa.size(); ++i) {
    if (order.less(oa[i], ob[i])) return -1;
    if (order.less(ob[i], oa[i])) return 1;
  }
  return 0;
}

}  // namespace

bool CanonicalOrder::less(const ex& a, const ex& b) {
  if (a.is_equal(b)) return false;
  const Key& ka = key(a);
  const Key& kb = key(b);
  if (ka.kind != kb.kind) return ka.kind < kb.kind;
  if (ka.kind == Number) return GiNaC::ex_to<GiNaC::numeric>(a).compare(GiNaC::ex_to<GiNaC::numeric>(b)) < 0;
  if (ka.lead != kb.lead) return ka.lead < kb.lead;
  if (ka.magnitude != kb.magnitude) return ka.magnitude < kb.magnitude;
  if (ka.negative != kb.negative) return kb.negative;
  if (const int c = structural_compare(*this, a, b)) return c < 0;
  return a.compare(b) < 0;  // nothing left to tell them apart by (symbols of one name): GiNaC's order
}

std::vector<ex> CanonicalOrder::operands(const ex& e) {
  std::vector<ex> ops(e.begin(), e.end());
  if (const auto node = node_kind(e); node == NodeKind::Sum || node == NodeKind::Product)
    std::sort(ops.begin(), ops.end(), [this](const ex& a, const ex& b) { return less(a, b); });
  return ops;
}

CanonicalOrder::Signed CanonicalOrder::positive_form(const ex& e) {
  if (!negative(e)) return {e, false};
  if (is<GiNaC::power>(e)) return {GiNaC::power(-e.op(0), e.op(1)).hold(), true};
  return {-e, true};
}

std::vector<ex> canonically_sorted(std::vector<ex> list) {
  CanonicalOrder order;
  std::sort(list.begin(), list.end(), [&](const ex& a, const ex& b) { return order.less(a, b); });
  return list;
}

}  // namespace adyn::sym
