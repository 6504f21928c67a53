#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/printers.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;

namespace {

const GiNaC::symbol a("a"), b("b"), c("c");

// Substitutes the temporaries back, last first.
ex expand_temporaries(const sym::CseResult& r, ex e) {
  for (auto it = r.temporaries.rbegin(); it != r.temporaries.rend(); ++it) e = e.subs(it->first == it->second);
  return e;
}

}  // namespace

TEST(Cse, RepeatedSubexpressionsBecomeTemporaries) {
  ex s = sin(a + b);
  std::vector<ex> exprs = {s * c + pow(s, 2), cos(a + b) * s, a * b};
  auto r = sym::cse(exprs);
  ASSERT_FALSE(r.temporaries.empty());
  EXPECT_TRUE(r.temporaries[0].second.is_equal(a + b));
  for (std::size_t i = 0; i < exprs.size(); ++i)
    EXPECT_TRUE(test::numerically_equal(expand_temporaries(r, r.outputs[i]), exprs[i]));
  std::size_t before = 0;
  for (const auto& e : exprs) before += sym::operation_count(e);
  EXPECT_LT(r.operation_count(), before);
}

TEST(Cse, NothingRepeatedNothingChanged) {
  auto r = sym::cse({a + b, c * sin(a)});
  EXPECT_TRUE(r.temporaries.empty());
  EXPECT_TRUE(r.outputs[0].is_equal(a + b));
}

TEST(Cse, OperationCount) {
  EXPECT_EQ(sym::operation_count(a + b + c), 2u);
  EXPECT_EQ(sym::operation_count(a * sin(b)), 2u);
  EXPECT_EQ(sym::operation_count(pow(a, 2)), 1u);
}

TEST(Printers, Latex) {
  auto q = sym::dynamic_symbol("q1");
  EXPECT_EQ(sym::to_latex(sym::derivative_of(q)), "\\dot{q}_{1}");
  EXPECT_EQ(sym::to_latex(sym::derivative_of(q, 2)), "\\ddot{q}_{1}");
  GiNaC::matrix M(2, 2, GiNaC::lst{a, 0, 0, b});
  EXPECT_EQ(sym::to_latex(M), "\\begin{bmatrix}a & 0 \\\\ 0 & b\\end{bmatrix}");
}

// The generated C compiles with the system compiler and computes what the expressions say.
TEST(Printers, GeneratedCCompilesAndAgrees) {
  auto q = sym::dynamic_symbol("q1");
  GiNaC::symbol odd("1st weird-name"), x0("x0");  // not a C identifier; clashes with a temporary name
  std::vector<ex> outs = {sin(q) * cos(q) + pow(sin(q), 2) * odd, pow(odd + x0, 3) / (1 + pow(sin(q), 2)),
                          GiNaC::sqrt(x0 * x0 + 1) + sin(q)};
  std::string src = "#include <math.h>\n" +
                    sym::c_function("f", {{"in", {q, odd, x0}}}, {{"out", outs}});
  auto dir = std::filesystem::temp_directory_path() / ("adyn_c_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "f.c") << src;
  std::string cmd = "cc -O2 -shared -fPIC -o " + (dir / "f.so").string() + " " + (dir / "f.c").string() + " -lm";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << src;
  void* lib = dlopen((dir / "f.so").c_str(), RTLD_NOW);
  ASSERT_NE(lib, nullptr) << dlerror();
  using Fn = void (*)(const double*, double*);
  auto f = reinterpret_cast<Fn>(dlsym(lib, "f"));
  ASSERT_NE(f, nullptr);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> dist(-2, 2);
  for (int k = 0; k < 5; ++k) {
    double in[3] = {dist(rng), dist(rng), dist(rng)}, out[3];
    f(in, out);
    GiNaC::exmap at{{q, in[0]}, {odd, in[1]}, {x0, in[2]}};
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(out[i], sym::evaluate(outs[i], at), 1e-12)) << src;
  }
  dlclose(lib);
  std::filesystem::remove_all(dir);
}

TEST(Printers, OutputWithUnknownSymbolIsAnError) {
  EXPECT_THROW(sym::c_function("g", {{"in", {a}}}, {{"out", {a + b}}}), Error);
}
