#include "adyn/kinematics/reference_frame.hpp"

#include <atomic>
#include <map>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "epochs.hpp"

namespace adyn::kin {
namespace detail {

// Invalidates every cached direction-cosine matrix when bumped (epochs.hpp).
std::atomic<std::uint64_t> orientation_epoch{0};

struct FrameNode {
  std::size_t id;
  std::string name;
  std::array<std::string, 3> basis_latex;
  std::shared_ptr<FrameNode> parent;
  std::optional<Orientation> orientation;  // relative to parent
  // ^this C ^other for frames asked before, valid while the epoch is unchanged.
  std::map<std::size_t, std::pair<std::uint64_t, Mat>> dcm_cache;
  // ^A C ^this for ancestors A (by id), the same way.
  std::map<std::size_t, std::pair<std::uint64_t, Mat>> down_cache;
};

}  // namespace detail

namespace {

std::size_t next_frame_id() {
  static std::atomic<std::size_t> counter{0};
  return ++counter;
}

using NodePtr = std::shared_ptr<detail::FrameNode>;

// The chain from a node up to its root: [node, parent, grandparent, ..., root].
std::vector<NodePtr> ancestry(const NodePtr& node) {
  std::vector<NodePtr> chain;
  for (NodePtr n = node; n; n = n->parent) chain.push_back(n);
  return chain;
}

struct TreePath {
  std::vector<NodePtr> up_from_a;  // a, ..., child of the common ancestor (excluded)
  std::vector<NodePtr> up_from_b;
  NodePtr common;
};

TreePath path_between(const NodePtr& a, const NodePtr& b) {
  auto ca = ancestry(a), cb = ancestry(b);
  // Strip the shared tail (the common ancestors).
  std::size_t ia = ca.size(), ib = cb.size();
  if (ca.back() != cb.back())
    throw ModelError("frames '" + a->name + "' and '" + b->name + "'",
                     "are not connected: no chain of orientations leads from one to the other "
                     "(orient one of them relative to the other's tree)");
  while (ia > 0 && ib > 0 && ca[ia - 1] == cb[ib - 1]) --ia, --ib;
  TreePath p;
  p.common = ca[ia];
  p.up_from_a.assign(ca.begin(), ca.begin() + ia);
  p.up_from_b.assign(cb.begin(), cb.begin() + ib);
  return p;
}

bool same_axis(const Mat& a, const Mat& b) {
  for (unsigned i = 0; i < 3; ++i)
    if (!(a(i, 0) - b(i, 0)).is_zero()) return false;
  return true;
}

Mat identity() { return GiNaC::ex_to<Mat>(GiNaC::unit_matrix(3)); }

// ^A C ^X for A an ancestor of X: the parent's matrix times X's own step, cached on X while no
// frame is re-oriented. The direction cosines of a chain are so built once, body by body, and
// every descendant refers to its parent's entries instead of a fresh product of all the steps
// above it (each entry is three products of the parent's entries: the named intermediate of
// Autolev). Consecutive simple rotations about one axis are folded into one rotation by the
// summed angle, R(k, a) R(k, b) = R(k, a + b) (k has the same components in both frames): a
// planar chain in relative angles then has sin(q1 + … + qk) instead of the product of k rotation
// matrices, which swells the equations (docs/performance.md).
Mat dcm_from_ancestor(const NodePtr& A, const NodePtr& X) {
  if (X == A) return identity();
  const std::uint64_t epoch = detail::orientation_epoch.load();
  auto hit = X->down_cache.find(A->id);
  if (hit != X->down_cache.end() && hit->second.first == epoch) return hit->second.second;
  const Orientation& o = *X->orientation;
  NodePtr top = X->parent;
  Mat step = o.dcm();
  if (o.kind() == Orientation::Kind::Axis) {
    ex angle = o.coordinates().front();
    for (; top != A && top->orientation->kind() == Orientation::Kind::Axis &&
           same_axis(top->orientation->rotation_axis(), o.rotation_axis());
         top = top->parent)
      angle += top->orientation->coordinates().front();
    step = Orientation::axis(o.rotation_axis(), angle).dcm();
  }
  Mat C = top == A ? step : sym::product(dcm_from_ancestor(A, top), step);
  X->down_cache[A->id] = {epoch, C};
  return C;
}

std::array<std::string, 3> default_basis_latex(const std::string& name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::array<std::string, 3> out;
  for (int i = 0; i < 3; ++i) out[i] = "\\hat{" + lower + "}_{" + std::to_string(i + 1) + "}";
  return out;
}

}  // namespace

ReferenceFrame::ReferenceFrame(const std::string& name, const std::array<std::string, 3>& basis_latex)
    : node_(std::make_shared<detail::FrameNode>()) {
  if (name.empty()) throw ModelError("frame", "a frame needs a name");
  node_->id = next_frame_id();
  node_->name = name;
  node_->basis_latex = basis_latex[0].empty() ? default_basis_latex(name) : basis_latex;
}

const std::string& ReferenceFrame::name() const { return node_->name; }
const std::string& ReferenceFrame::basis_latex(int i) const { return node_->basis_latex.at(i); }
std::size_t ReferenceFrame::id() const { return node_->id; }

Vector ReferenceFrame::basis(int i) const {
  if (i < 0 || i > 2) throw ModelError("frame '" + name() + "'", "basis index must be 0, 1 or 2");
  Mat c(3, 1);
  c(i, 0) = 1;
  return Vector(*this, c);
}
Vector ReferenceFrame::x() const { return basis(0); }
Vector ReferenceFrame::y() const { return basis(1); }
Vector ReferenceFrame::z() const { return basis(2); }

void ReferenceFrame::orient(const ReferenceFrame& parent, const Orientation& orientation) {
  for (NodePtr n = parent.node_; n; n = n->parent)
    if (n == node_)
      throw ModelError("frame '" + name() + "'",
                       "cannot be oriented relative to '" + parent.name() +
                           "': that frame is this one or depends on it (a frame cycle)");
  node_->parent = parent.node_;
  node_->orientation = orientation;
  ++detail::orientation_epoch;
}

void ReferenceFrame::orient_axis(const ReferenceFrame& parent, const Vector& axis, const ex& angle) {
  orient(parent, Orientation::axis(axis.components_in(parent), angle));
}
void ReferenceFrame::orient_body_fixed(const ReferenceFrame& parent, const std::string& sequence,
                                       const std::array<ex, 3>& angles) {
  orient(parent, Orientation::body_fixed(sequence, angles));
}
void ReferenceFrame::orient_space_fixed(const ReferenceFrame& parent, const std::string& sequence,
                                        const std::array<ex, 3>& angles) {
  orient(parent, Orientation::space_fixed(sequence, angles));
}
void ReferenceFrame::orient_quaternion(const ReferenceFrame& parent, const std::array<ex, 4>& e) {
  orient(parent, Orientation::quaternion(e));
}
void ReferenceFrame::orient_rodrigues(const ReferenceFrame& parent, const std::array<ex, 3>& rho) {
  orient(parent, Orientation::rodrigues(rho));
}
void ReferenceFrame::orient_dcm(const ReferenceFrame& parent, const Mat& C) {
  orient(parent, Orientation::dcm(C));
}

ReferenceFrame ReferenceFrame::orient_new_axis(const std::string& name, const Vector& axis,
                                               const ex& angle) const {
  ReferenceFrame f(name);
  f.orient_axis(*this, axis, angle);
  return f;
}
ReferenceFrame ReferenceFrame::orient_new_body_fixed(const std::string& name, const std::string& sequence,
                                                     const std::array<ex, 3>& angles) const {
  ReferenceFrame f(name);
  f.orient_body_fixed(*this, sequence, angles);
  return f;
}

std::optional<ReferenceFrame> ReferenceFrame::parent() const {
  if (!node_->parent) return std::nullopt;
  return ReferenceFrame(node_->parent);
}

const Orientation& ReferenceFrame::orientation() const {
  if (!node_->orientation)
    throw ModelError("frame '" + name() + "'", "has no orientation: it is the root of its tree");
  return *node_->orientation;
}

Mat ReferenceFrame::dcm(const ReferenceFrame& other) const {
  if (*this == other) return identity();
  std::uint64_t epoch = detail::orientation_epoch.load();
  auto hit = node_->dcm_cache.find(other.id());
  if (hit != node_->dcm_cache.end() && hit->second.first == epoch) return hit->second.second;
  TreePath p = path_between(node_, other.node_);
  // ^this C ^other = (^R C ^this)ᵀ ^R C ^other.
  const Mat to_this = dcm_from_ancestor(p.common, node_), to_other = dcm_from_ancestor(p.common, other.node_);
  const Mat C = p.up_from_a.empty()   ? to_other
                : p.up_from_b.empty() ? to_this.transpose()
                                      : sym::product(to_this.transpose(), to_other);
  node_->dcm_cache[other.id()] = {epoch, C};
  return C;
}

Vector ReferenceFrame::angular_velocity_in(const ReferenceFrame& A) const {
  TreePath p = path_between(A.node_, node_);
  // ^Aω^B = −Σ(path R→A) + Σ(path R→B); each step's ω is kept in its child's basis.
  Vector w;
  for (const auto& n : p.up_from_b) w += Vector(ReferenceFrame(n), n->orientation->angular_velocity());
  for (const auto& n : p.up_from_a) w -= Vector(ReferenceFrame(n), n->orientation->angular_velocity());
  return w;
}

Vector ReferenceFrame::angular_acceleration_in(const ReferenceFrame& A) const {
  return angular_velocity_in(A).dt(A);
}

Vector angular_velocity_from_definition(const ReferenceFrame& B, const ReferenceFrame& A) {
  Mat C = A.dcm(B);
  return Vector(B, vect(sym::product(C.transpose(), sym::time_derivative(C))));
}

}  // namespace adyn::kin
