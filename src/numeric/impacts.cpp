// Impacts and the Zeno guard (impacts.hpp).
#include "impacts.hpp"

namespace adyn::numeric {

std::vector<double> event_values(const Problem& pb, double t, const double* Y) {
  std::vector<double> out(pb.monitors->events->output_count());
  auto in = pb.inputs(t, Y, Y + pb.n);
  pb.monitors->events->evaluate(in.data(), out.data());
  return out;
}

void apply_impact(const Problem& pb, double t, double* Y, const std::vector<int>& closed) {
  const auto& mon = *pb.monitors;
  const auto n = static_cast<Eigen::Index>(pb.n), P = static_cast<Eigen::Index>(pb.p);
  Eigen::Map<Eigen::VectorXd> q(Y, n), u(Y + n, P);
  const auto events = static_cast<std::size_t>(mon.event_names.size());
  const auto values = event_values(pb, t, Y);
  auto mats = pb.evaluator->matrices(t, q, u);
  const Eigen::Index R = mats.G.rows(), C = static_cast<Eigen::Index>(closed.size());
  Eigen::MatrixXd J(C, P);
  for (Eigen::Index c = 0; c < C; ++c)
    for (Eigen::Index j = 0; j < P; ++j)
      J(c, j) = values[events + static_cast<std::size_t>(closed[static_cast<std::size_t>(c)] * P + j)];
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(P + R + C, P + R + C);
  K.topLeftCorner(P, P) = mats.M;
  K.block(0, P, P, R) = -mats.G.transpose();
  K.block(0, P + R, P, C) = -J.transpose();
  K.block(P, 0, R, P) = mats.G;
  K.block(P + R, 0, C, P) = J;
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(P + R + C);
  for (Eigen::Index c = 0; c < C; ++c)
    rhs(P + R + c) = -(1 + mon.restitution[static_cast<std::size_t>(closed[static_cast<std::size_t>(c)])]) * J.row(c).dot(u);
  u += K.completeOrthogonalDecomposition().solve(rhs).head(P);
}

bool ZenoGuard::storm_after(double t) {
  recent_.push_back(t);
  if (recent_.size() > 6) recent_.erase(recent_.begin());
  if (recent_.size() < 6) return false;
  for (std::size_t i = 1; i < recent_.size(); ++i)
    if (!(recent_[i] - recent_[i - 1] < 1e-4 * span_)) return false;
  return true;
}

}  // namespace adyn::numeric
