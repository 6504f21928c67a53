#include "adyn/kinematics/orientation.hpp"

#include <cctype>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/kinematics/attitude.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/printers.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::kin {
namespace {

using GiNaC::cos;
using GiNaC::sin;

Mat unit_column(int axis) {
  Mat e(3, 1);
  e(axis, 0) = 1;
  return e;
}

Mat identity3() { return GiNaC::ex_to<Mat>(GiNaC::unit_matrix(3)); }

Mat column3(const ex& a, const ex& b, const ex& c) {
  Mat m(3, 1);
  m(0, 0) = a;
  m(1, 0) = b;
  m(2, 0) = c;
  return m;
}

std::vector<ex> as_vector(const auto& array) { return std::vector<ex>(array.begin(), array.end()); }

bool all_dynamic(const std::vector<ex>& xs) {
  for (const auto& x : xs)
    if (!sym::is_dynamic(x)) return false;
  return true;
}

// ^A ω ^B in B components for C = R_i(θ1) R_j(θ2) R_k(θ3) (addition theorem through the two
// auxiliary frames): θ̇3 e_k + R_k(θ3)ᵀ θ̇2 e_j + (R_j(θ2) R_k(θ3))ᵀ θ̇1 e_i.
Mat body_fixed_omega(const std::array<int, 3>& axes, const std::array<ex, 3>& th) {
  Mat Rk = elementary_rotation(axes[2], th[2]);
  Mat Rj = elementary_rotation(axes[1], th[1]);
  Mat w3 = unit_column(axes[2]).mul_scalar(sym::time_derivative(th[2]));
  Mat w2 = Rk.transpose().mul(unit_column(axes[1])).mul_scalar(sym::time_derivative(th[1]));
  Mat w1 = Rj.mul(Rk).transpose().mul(unit_column(axes[0])).mul_scalar(sym::time_derivative(th[0]));
  return w1.add(w2).add(w3);
}

std::string sequence_digits(const std::array<int, 3>& axes) {
  return {char('1' + axes[0]), char('1' + axes[1]), char('1' + axes[2])};
}

}  // namespace

Mat elementary_rotation(int axis, const ex& angle) {
  ex c = cos(angle), s = sin(angle);
  switch (axis) {
    case 0: return Mat(3, 3, GiNaC::lst{1, 0, 0, 0, c, -s, 0, s, c});
    case 1: return Mat(3, 3, GiNaC::lst{c, 0, s, 0, 1, 0, -s, 0, c});
    case 2: return Mat(3, 3, GiNaC::lst{c, -s, 0, s, c, 0, 0, 0, 1});
    default: throw Error("elementary_rotation: axis index must be 0, 1 or 2");
  }
}

std::array<int, 3> parse_rotation_sequence(const std::string& sequence) {
  std::vector<int> axes;
  for (char ch : sequence) {
    char u = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (u == '-' || u == ' ') continue;
    if (u >= '1' && u <= '3') axes.push_back(u - '1');
    else if (u >= 'X' && u <= 'Z') axes.push_back(u - 'X');
    else axes.push_back(-1);
  }
  if (axes.size() != 3 || axes[0] < 0 || axes[1] < 0 || axes[2] < 0 || axes[0] == axes[1] ||
      axes[1] == axes[2])
    throw ModelError("rotation sequence '" + sequence + "'",
                     "not one of the 12 Euler/Tait-Bryan sequences (e.g. 313, ZXZ, 123, XYZ)");
  return {axes[0], axes[1], axes[2]};
}

Mat skew(const Mat& a) {
  return Mat(3, 3, GiNaC::lst{0, -a(2, 0), a(1, 0), a(2, 0), 0, -a(0, 0), -a(1, 0), a(0, 0), 0});
}

Mat vect(const Mat& W) { return column3(W(2, 1), W(0, 2), W(1, 0)); }

Orientation::Orientation(Kind kind, Mat dcm, Mat omega, std::vector<ex> coordinates,
                         std::string sequence)
    : kind_(kind),
      dcm_(std::move(dcm)),
      omega_(std::move(omega)),
      coordinates_(std::move(coordinates)),
      sequence_(std::move(sequence)) {}

Orientation Orientation::axis(const Mat& axis, const ex& angle) {
  if (axis.rows() != 3 || axis.cols() != 1) throw Error("Orientation::axis: axis must be 3x1");
  ex norm2 = (axis.transpose().mul(axis))(0, 0);
  Mat k = axis;
  if (norm2.is_zero()) throw ModelError("rotation axis", "is the zero vector");
  if (!(norm2 - 1).is_zero()) k = axis.mul_scalar(1 / GiNaC::sqrt(norm2));
  // Rodrigues' rotation formula: C = cθ I + (1 − cθ) k kᵀ + sθ [k×].
  ex c = cos(angle), s = sin(angle);
  Mat C = identity3().mul_scalar(c).add(k.mul(k.transpose()).mul_scalar(1 - c)).add(skew(k).mul_scalar(s));
  Orientation out(Kind::Axis, C, k.mul_scalar(sym::time_derivative(angle)), {angle}, "");
  out.axis_ = k;
  return out;
}

Orientation Orientation::body_fixed(const std::string& sequence, const std::array<ex, 3>& angles) {
  auto axes = parse_rotation_sequence(sequence);
  Mat C = elementary_rotation(axes[0], angles[0])
              .mul(elementary_rotation(axes[1], angles[1]))
              .mul(elementary_rotation(axes[2], angles[2]));
  return Orientation(Kind::BodyFixed, C, body_fixed_omega(axes, angles), as_vector(angles),
                     sequence_digits(axes));
}

Orientation Orientation::space_fixed(const std::string& sequence, const std::array<ex, 3>& angles) {
  // A space-fixed i-j-k sequence through (θ1, θ2, θ3) is the body-fixed k-j-i sequence through
  // (θ3, θ2, θ1): C = R_k(θ3) R_j(θ2) R_i(θ1).
  auto axes = parse_rotation_sequence(sequence);
  std::array<int, 3> rev{axes[2], axes[1], axes[0]};
  std::array<ex, 3> rev_angles{angles[2], angles[1], angles[0]};
  Mat C = elementary_rotation(rev[0], rev_angles[0])
              .mul(elementary_rotation(rev[1], rev_angles[1]))
              .mul(elementary_rotation(rev[2], rev_angles[2]));
  return Orientation(Kind::SpaceFixed, C, body_fixed_omega(rev, rev_angles), as_vector(angles),
                     sequence_digits(axes));
}

Orientation Orientation::quaternion(const std::array<ex, 4>& e) {
  const ex &e0 = e[0], &e1 = e[1], &e2 = e[2], &e3 = e[3];
  Mat C(3, 3,
        GiNaC::lst{e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3, 2 * (e1 * e2 - e0 * e3), 2 * (e1 * e3 + e0 * e2),
                   2 * (e1 * e2 + e0 * e3), e0 * e0 - e1 * e1 + e2 * e2 - e3 * e3, 2 * (e2 * e3 - e0 * e1),
                   2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1), e0 * e0 - e1 * e1 - e2 * e2 + e3 * e3});
  // ω_B = 2 (e0 ė − ė0 e − e × ė) (Kane, Likins & Levinson 1983 §1.13; valid on Σe² = 1).
  Mat ev = column3(e1, e2, e3);
  Mat ed = column3(sym::time_derivative(e1), sym::time_derivative(e2), sym::time_derivative(e3));
  Mat w = ed.mul_scalar(e0).sub(ev.mul_scalar(sym::time_derivative(e0))).sub(skew(ev).mul(ed)).mul_scalar(2);
  return Orientation(Kind::Quaternion, C, w, as_vector(e), "");
}

Orientation Orientation::quaternion(const std::array<ex, 4>& e, const Mat& omega_child) {
  if (omega_child.rows() != 3 || omega_child.cols() != 1) throw ModelError("angular velocity", "must be 3x1");
  const Orientation rates_form = quaternion(e);
  return Orientation(Kind::Quaternion, rates_form.dcm(), omega_child, as_vector(e), "");
}

Orientation Orientation::rodrigues(const std::array<ex, 3>& rho) {
  Mat r = column3(rho[0], rho[1], rho[2]);
  ex n = 1 + rho[0] * rho[0] + rho[1] * rho[1] + rho[2] * rho[2];
  Mat K = skew(r);
  // C = I + 2/(1 + ρ·ρ) ([ρ×] + [ρ×]²).
  Mat C = identity3().add(K.add(K.mul(K)).mul_scalar(2 / n));
  // ω_B = 2/(1 + ρ·ρ) (ρ̇ − ρ × ρ̇).
  Mat rd = sym::time_derivative(r);
  Mat w = rd.sub(K.mul(rd)).mul_scalar(2 / n);
  return Orientation(Kind::Rodrigues, C, w, as_vector(rho), "");
}

Orientation Orientation::dcm(const Mat& C) {
  if (C.rows() != 3 || C.cols() != 3) throw ModelError("direction-cosine matrix", "must be 3x3");
  if (sym::free_symbols(C).empty())  // a constant matrix can be checked now
    check_rotation_matrix(sym::evaluate(C, {}), "direction-cosine matrix", 1e-9);
  // Kane's definition ω = (ḃ2·b3) b1 + (ḃ3·b1) b2 + (ḃ1·b2) b3 = vect(Cᵀ Ċ) in B components.
  Mat w = vect(C.transpose().mul(sym::time_derivative(C)));
  return Orientation(Kind::Dcm, C, w, {}, "");
}

std::string Orientation::description() const {
  auto list = [&] {
    std::ostringstream os;
    for (std::size_t i = 0; i < coordinates_.size(); ++i) os << (i ? ", " : "") << sym::to_text(coordinates_[i]);
    return os.str();
  };
  std::string seq = sequence_.empty() ? "" : std::string{sequence_[0], '-', sequence_[1], '-', sequence_[2]};
  switch (kind_) {
    case Kind::Axis: return "simple rotation through " + list();
    case Kind::BodyFixed: return "body-fixed " + seq + " angles (" + list() + ")";
    case Kind::SpaceFixed: return "space-fixed " + seq + " angles (" + list() + ")";
    case Kind::Quaternion: return "Euler parameters (" + list() + ")";
    case Kind::Rodrigues: return "Rodrigues parameters (" + list() + ")";
    case Kind::Dcm: return "given direction-cosine matrix";
  }
  return "";
}

Mat Orientation::rates_from_angular_velocity(const Mat& w) const {
  if (kind_ == Kind::Dcm)
    throw ModelError("orientation (" + description() + ")", "has no coordinates to take rates of");
  if (!all_dynamic(coordinates_))
    throw ModelError("orientation (" + description() + ")",
                     "the inverse map needs coordinates that are dynamic variables");
  switch (kind_) {
    case Kind::Axis: {
      Mat k = omega_.mul_scalar(1 / sym::time_derivative(coordinates_[0]));
      return Mat(1, 1, GiNaC::lst{sym::canonical_normal((k.transpose().mul(w))(0, 0))});
    }
    case Kind::Quaternion: {
      const auto& e = coordinates_;
      Mat G(4, 3, GiNaC::lst{-e[1], -e[2], -e[3], e[0], -e[3], e[2], e[3], e[0], -e[1], -e[2], e[1], e[0]});
      return G.mul(w).mul_scalar(GiNaC::numeric(1, 2));
    }
    case Kind::Rodrigues: {
      Mat r = column3(coordinates_[0], coordinates_[1], coordinates_[2]);
      Mat A = identity3().add(r.mul(r.transpose())).add(skew(r));
      return A.mul(w).mul_scalar(GiNaC::numeric(1, 2));
    }
    default: {  // Euler/Tait–Bryan: ω = S(θ) θ̇, θ̇ = S⁻¹ ω.
      auto rates = sym::derivatives_of({GiNaC::ex_to<GiNaC::symbol>(coordinates_[0]),
                                        GiNaC::ex_to<GiNaC::symbol>(coordinates_[1]),
                                        GiNaC::ex_to<GiNaC::symbol>(coordinates_[2])});
      Mat S = sym::jacobian(omega_, rates);
      Mat Sinv = S.inverse();
      Mat out = Sinv.mul(w);
      for (unsigned i = 0; i < 3; ++i) out(i, 0) = sym::canonical_normal(out(i, 0));
      return out;
    }
  }
}

ex Orientation::singularity_function() const {
  if (kind_ != Kind::BodyFixed && kind_ != Kind::SpaceFixed) return 1;
  std::vector<GiNaC::symbol> rates;
  for (const auto& c : coordinates_) {
    if (!sym::is_dynamic(c))
      throw ModelError("orientation (" + description() + ")",
                       "the inverse map needs coordinates that are dynamic variables");
    rates.push_back(sym::derivative_of(c));
  }
  return sym::canonical_normal(sym::jacobian(omega_, rates).determinant());
}

void Orientation::check_regular(const GiNaC::exmap& values, const std::string& frame_name,
                                double tol) const {
  if (kind_ == Kind::Rodrigues) {
    // ρ = n tan(θ/2) is infinite at θ = π: report when ρ·ρ exceeds 1/tol.
    ex rr = 0;
    for (const auto& c : coordinates_) rr += c * c;
    if (sym::evaluate(rr, values, "frame '" + frame_name + "' Rodrigues parameters") > 1 / tol)
      throw SingularityError("frame '" + frame_name + "'",
                             "Rodrigues parameters are singular near a rotation by 180 degrees");
    return;
  }
  double d = sym::evaluate(singularity_function(), values, "frame '" + frame_name + "' orientation");
  if (std::abs(d) < tol)
    throw SingularityError("frame '" + frame_name + "'",
                           description() + " are singular here (gimbal lock: the Euler-angle rates "
                           "cannot be found from the angular velocity)");
}

std::string RotationDefect::text(const std::string& where) const {
  return problem + (where.empty() ? "" : " at " + where) + " (" + measure + ")";
}

RotationDefect Orientation::rotation_defect(const Eigen::Matrix3d& C, double tolerance) const {
  if (kind_ == Kind::Quaternion) {  // C Cᵀ = |e|⁴ 1 for Euler parameters e
    const double norm = std::sqrt(std::sqrt(std::abs((C * C.transpose()).trace() / 3)));
    if (std::abs(norm - 1) <= tolerance) return {};
    std::ostringstream os;
    os << std::setprecision(10) << "norm " << norm;
    return {"its Euler parameters do not have unit norm", os.str()};
  }
  if (kind_ != Kind::Dcm) return {};
  if (auto defect = rotation_matrix_defect(C, tolerance); !defect.empty())
    return {"its direction-cosine matrix is not a rotation", defect};
  return {};
}

RotationDefect Orientation::rotation_defect(const GiNaC::exmap& values, double tolerance) const {
  if (!may_not_be_rotation()) return {};
  try {
    return rotation_defect(sym::evaluate(dcm_, values, "orientation"), tolerance);
  } catch (const Error&) {  // symbols without values: no verdict here
    return {};
  }
}

}  // namespace adyn::kin
