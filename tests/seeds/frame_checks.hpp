#pragma once
// What the frame tests of the seed texts check with (test_kane_frames.cpp, test_kane_spinning_frames.cpp,
// test_angeles_e0b_rotation.cpp): identities of expressions, matrices and vectors as rational
// functions of sines and cosines, and the derivative of a vector "by brute force" — differentiating
// its components in the derivative's own frame, which does not use the library's angular velocities
// or the transport theorem.
#include <gtest/gtest.h>

#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::test::frames {

using GiNaC::ex;
using kin::Mat;
using kin::ReferenceFrame;
using kin::Vector;

// a − b vanishes identically as a rational function of sines and cosines.
inline ::testing::AssertionResult trig_equal(const ex& a, const ex& b) {
  if (sym::is_zero_trig(a - b)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "not identically equal:\n  lhs: " << a << "\n  rhs: " << b;
}

inline ::testing::AssertionResult trig_equal(const Mat& a, const Mat& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return ::testing::AssertionFailure() << "shape mismatch";
  for (unsigned i = 0; i < a.rows(); ++i)
    for (unsigned j = 0; j < a.cols(); ++j) {
      auto r = trig_equal(a(i, j), b(i, j));
      if (!r) return r << "\n  (entry " << i << "," << j << ")";
    }
  return ::testing::AssertionSuccess();
}

// Component-wise identity of two vectors in frame F.
inline ::testing::AssertionResult trig_equal(const Vector& a, const Vector& b, const ReferenceFrame& F) {
  auto r = trig_equal(a.components_in(F), b.components_in(F));
  if (!r) return r << "\n  (components in frame " << F.name() << ")";
  return r;
}

// ^F dv/dt by brute force: the time derivatives of v's components in F (Kane's definition,
// L413–512), independent of angular velocities and of the transport theorem.
inline Vector brute_dt(const Vector& v, const ReferenceFrame& F) {
  return Vector(F, sym::time_derivative(v.components_in(F)));
}

inline Mat subs_entries(const Mat& m, const GiNaC::exmap& values) {
  return sym::map_entries(m, [&](const ex& e) { return e.subs(values); });
}

inline Mat column(const ex& a, const ex& b, const ex& c) { return Mat(3, 1, GiNaC::lst{a, b, c}); }

inline Mat identity3() { return GiNaC::ex_to<Mat>(GiNaC::unit_matrix(3)); }

inline ex d(const ex& x, int order = 1) { return sym::derivative_of(x, order); }

}  // namespace adyn::test::frames
