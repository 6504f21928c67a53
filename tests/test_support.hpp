#pragma once
// Shared helpers for tests: numeric comparison of symbolic results at random states.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::test {

/// A model file of examples/ (ADYN_SOURCE_DIR, set by CTest, locates the source tree).
inline std::string example(const std::string& name) {
  const char* root = std::getenv("ADYN_SOURCE_DIR");
  return std::string(root ? root : ".") + "/examples/" + name;
}

/// A robot description of Gepetto's example-robot-data (UR5, Panda, Solo-12, ANYmal B, Talos
/// reduced), third-party data kept out of the repository: in the folder ADYN_ROBOTS_DIR, which CTest
/// sets from CMake's ADYN_ROBOTS_DIR.
/// The file at `p` as the file system knows it (device, inode): the same after a cache hit, which
/// reads an entry and marks it used (its modification time), another once the entry is written
/// again (a new file renamed into place).
inline std::pair<std::uintmax_t, std::uintmax_t> file_identity(const std::filesystem::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return {0, 0};
  return {static_cast<std::uintmax_t>(st.st_dev), static_cast<std::uintmax_t>(st.st_ino)};
}

inline std::string robot(const std::string& file) {
  const char* folder = std::getenv("ADYN_ROBOTS_DIR");
  if (!folder || !*folder)
    throw std::runtime_error("ADYN_ROBOTS_DIR is not set: the folder of the robot descriptions (CTest sets it "
                             "from CMake's ADYN_ROBOTS_DIR)");
  return std::string(folder) + "/" + file;
}


/// Random values in [lo, hi] for every free symbol of the given expressions.
inline GiNaC::exmap random_values(const std::vector<GiNaC::ex>& exprs, std::mt19937& rng, double lo = -1.3,
                                  double hi = 1.7) {
  std::uniform_real_distribution<double> dist(lo, hi);
  GiNaC::exmap values;
  for (const auto& e : exprs) {
    const auto symbols = sym::free_symbols(e);  // drawn in the canonical order: the same values every run
    for (const auto& s : sym::canonically_sorted({symbols.begin(), symbols.end()}))
      if (!values.count(s)) values[s] = dist(rng);
  }
  return values;
}

/// Relative-or-absolute closeness: |a − b| <= tol · max(1, |a|, |b|).
inline ::testing::AssertionResult close(double a, double b, double tol) {
  double scale = std::max({1.0, std::abs(a), std::abs(b)});
  if (std::abs(a - b) <= tol * scale) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << a << " vs " << b << " (diff " << a - b << ")";
}

/// a and b agree at `samples` random values of all their symbols.
inline ::testing::AssertionResult numerically_equal(const GiNaC::ex& a, const GiNaC::ex& b, int samples = 5,
                                                    double tol = 1e-10, unsigned seed = 12345) {
  std::mt19937 rng(seed);
  for (int k = 0; k < samples; ++k) {
    auto values = random_values({a, b}, rng);
    double va = sym::evaluate(a, values), vb = sym::evaluate(b, values);
    auto r = close(va, vb, tol);
    if (!r) return r << "\n  lhs: " << a << "\n  rhs: " << b;
  }
  return ::testing::AssertionSuccess();
}

/// Two vectors agree component-wise in frame F at random states.
inline ::testing::AssertionResult numerically_equal(const kin::Vector& a, const kin::Vector& b,
                                                    const kin::ReferenceFrame& F, int samples = 5,
                                                    double tol = 1e-10) {
  auto ca = a.components_in(F), cb = b.components_in(F);
  for (unsigned i = 0; i < 3; ++i) {
    auto r = numerically_equal(ca(i, 0), cb(i, 0), samples, tol);
    if (!r) return r << "\n  (component " << i << " in frame " << F.name() << ")";
  }
  return ::testing::AssertionSuccess();
}

/// Two symbolic matrices agree entry-wise at random states.
inline ::testing::AssertionResult numerically_equal(const GiNaC::matrix& a, const GiNaC::matrix& b, int samples = 5,
                                                    double tol = 1e-10) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return ::testing::AssertionFailure() << "shape mismatch";
  for (unsigned i = 0; i < a.rows(); ++i)
    for (unsigned j = 0; j < a.cols(); ++j) {
      auto r = numerically_equal(a(i, j), b(i, j), samples, tol);
      if (!r) return r << "\n  (entry " << i << "," << j << ")";
    }
  return ::testing::AssertionSuccess();
}

/// The message of the E thrown by f, or "" (and a test failure) if f throws nothing.
template <class E = adyn::Error>
std::string thrown_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an exception, none was thrown";
  return "";
}

/// The three components of v in F as equations "= 0" (rolling, no-slip, ...).
inline std::vector<GiNaC::ex> component_equations(const kin::Vector& v, const kin::ReferenceFrame& F) {
  auto c = v.components_in(F);
  return {c(0, 0), c(1, 0), c(2, 0)};
}

/// Solves equations (each "= 0") linear in `unknowns` with GiNaC's lsolve; redundant consistent
/// rows are allowed. Returns unknown -> solution.
inline GiNaC::exmap solve_linear(const std::vector<GiNaC::ex>& equations, const std::vector<GiNaC::symbol>& unknowns) {
  GiNaC::lst eqs, vars;
  for (const auto& e : equations) eqs.append(e == 0);
  for (const auto& u : unknowns) vars.append(u);
  GiNaC::ex solution = GiNaC::lsolve(eqs, vars);
  if (solution.nops() != unknowns.size()) throw std::runtime_error("solve_linear: inconsistent linear system");
  GiNaC::exmap out;
  for (const auto& rel : solution) out[rel.lhs()] = rel.rhs();
  return out;
}

/// Whether `program` is found on PATH (e.g. gnuplot, cc).
inline bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::error_code ec;
    const auto candidate = std::filesystem::path(dir) / program;
    if (std::filesystem::is_regular_file(candidate, ec) &&
        (std::filesystem::status(candidate, ec).permissions() & std::filesystem::perms::owner_exec) != std::filesystem::perms::none)
      return true;
  }
  return false;
}

}  // namespace adyn::test
