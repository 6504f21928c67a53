// The compiled-code cache (src/numeric/code_cache.hpp): a private directory, entries verified
// before they are loaded, a fallback to the tape with the reason when native code cannot be had.
// The cross-process cache hit is tested in tests/cli/test_determinism.cpp. Last, functions of
// several points in one call (Lanes). The C compiler (cc) is a dependency scripts/setup.sh
// installs, as for every native-code test.
#include <gtest/gtest.h>
#include <dlfcn.h>
#include <sys/stat.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "adyn/formulations/kane.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/numeric/native_code.hpp"
#include "adyn/numeric/tape.hpp"
#include "adyn/symbolic/printers.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "cache_directory.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
namespace fs = std::filesystem;

namespace {

using test::CacheDirectory;

const GiNaC::symbol x = sym::parameter("cache_x"), y = sym::parameter("cache_y");
const GiNaC::symbol lane_a = sym::parameter("lane_a"), lane_b = sym::parameter("lane_b"), lane_c = sym::parameter("lane_c");

double evaluate(const numeric::NativeFunction& f, double a, double b) {
  const double in[2] = {a, b};
  double out = 0;
  f.evaluate(in, &out);
  return out;
}

}  // namespace

TEST(NativeCode, CachedPrivatelyAndFoundAgain) {
  CacheDirectory cache("adyn-cache-private");
  numeric::NativeFunction first({x, y}, {x * y + 2 * x});
  EXPECT_DOUBLE_EQ(evaluate(first, 3, 4), 18);
  struct stat st {};
  ASSERT_EQ(::stat(cache.path().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  ASSERT_EQ(cache.files(".so").size(), 1u);
  ASSERT_EQ(cache.files(".key").size(), 1u);
  const auto built = test::file_identity(cache.files(".so")[0]);
  numeric::NativeFunction again({x, y}, {x * y + 2 * x});
  EXPECT_EQ(again.library(), first.library());
  EXPECT_EQ(test::file_identity(cache.files(".so")[0]), built);  // not compiled again
}

TEST(NativeCode, AnEntryWhoseKeyDiffersIsBuiltAgain) {
  CacheDirectory cache("adyn-cache-key");
  { numeric::NativeFunction f({x, y}, {x - y}); }
  const fs::path key = cache.files(".key").at(0);
  std::ofstream(key, std::ios::trunc) << "something else";
  numeric::NativeFunction rebuilt({x, y}, {x - y});
  EXPECT_DOUBLE_EQ(evaluate(rebuilt, 5, 2), 3);
  std::ifstream in(key);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("const double v2 = in[0] - in[1];"), std::string::npos) << text;  // the source, rewritten
}

// A library truncated to half its size (an interrupted copy, a full disk) once killed the process
// with SIGBUS when loaded: its content is now checked against the digest in its key file, and the
// entry compiled again, saying so.
TEST(NativeCode, ATruncatedEntryIsCompiledAgainNotLoaded) {
  CacheDirectory cache("adyn-cache-truncated");
  { numeric::NativeFunction f({x, y}, {x * x + y}); }
  const fs::path so = cache.files(".so").at(0);
  const auto size = fs::file_size(so);
  fs::resize_file(so, size / 2);
  numeric::NativeFunction again({x, y}, {x * x + y});
  EXPECT_DOUBLE_EQ(evaluate(again, 3, 1), 10);
  EXPECT_NE(again.note().find("does not match the digest in its key file"), std::string::npos) << again.note();
  EXPECT_EQ(fs::file_size(so), size);
  numeric::NativeFunction third({x, y}, {x * x + y});
  EXPECT_EQ(third.note(), "");  // the entry is whole again
}

// A valid library of other code put in place of an entry (by the same user: owner and mode pass)
// is not loaded: its bytes do not have the digest the key file records.
TEST(NativeCode, ALibraryPlantedInTheCacheIsNotLoaded) {
  fs::path other_library;
  {
    CacheDirectory elsewhere("adyn-cache-planted-source");
    numeric::NativeFunction other({x, y}, {x - 100 * y});
    other_library = elsewhere.files(".so").at(0);
  }
  CacheDirectory cache("adyn-cache-planted");
  { numeric::NativeFunction f({x, y}, {x + 100 * y}); }
  fs::copy_file(other_library, cache.files(".so").at(0), fs::copy_options::overwrite_existing);
  numeric::NativeFunction loaded({x, y}, {x + 100 * y});
  EXPECT_DOUBLE_EQ(evaluate(loaded, 1, 2), 201);
  EXPECT_NE(loaded.note().find("damaged or replaced"), std::string::npos) << loaded.note();
}

TEST(NativeCode, UnsafeCacheRefusedWithTheReason) {
  CacheDirectory cache("adyn-cache-unsafe");
  fs::create_directories(cache.path());
  ::chmod(cache.path().c_str(), 0777);
  auto what = test::thrown_message<NativeCodeError>([] { numeric::NativeFunction f({x, y}, {x + y}); });
  EXPECT_NE(what.find("writable by group or others"), std::string::npos) << what;
  EXPECT_NE(what.find(cache.path().string()), std::string::npos) << what;

  ::chmod(cache.path().c_str(), 0700);
  { numeric::NativeFunction f({x, y}, {x + y}); }
  ::chmod(cache.files(".so").at(0).c_str(), 0777);  // an entry others could have replaced
  what = test::thrown_message<NativeCodeError>([] { numeric::NativeFunction f({x, y}, {x + y}); });
  EXPECT_NE(what.find("writable by group or others"), std::string::npos) << what;
}

TEST(NativeCode, EvaluatorFallsBackToTheTapeSayingWhy) {
  CacheDirectory cache("adyn-cache-fallback");
  const char* cc = std::getenv("CC");
  const std::string saved = cc ? cc : "";
  ::setenv("CC", "/nonexistent/cc", 1);
  auto s = seeds::shaft_with_bar(0.5);
  auto eom = formulations::kane(s);
  auto ev = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), numeric::Backend::Native);
  if (saved.empty()) ::unsetenv("CC");
  else ::setenv("CC", saved.c_str(), 1);
  EXPECT_EQ(ev.backend(), numeric::Backend::Tape);
  EXPECT_NE(ev.backend_note().find("cannot run the C compiler '/nonexistent/cc'"), std::string::npos)
      << ev.backend_note();
  const auto d = ev.evaluate(0.2, Eigen::Vector2d(0.3, 0.8), Eigen::Vector2d(0.4, -0.2));
  EXPECT_TRUE(d.udot.allFinite());
}

// The text of the one source in the cache (its key file holds the compiler, the flags and the
// source's translation units, each after its length).
std::string cached_source(const CacheDirectory& cache) {
  std::ifstream in(cache.files(".key").at(0));
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Beyond 1000 instructions the generated C is split into parts that share a workspace (one function
// of the 100-link chain did not compile in 25 minutes), each a translation unit of its own (compiled
// in parallel, linked, its function hidden from the library's exports): 3000 outputs over values
// computed early and used throughout agree with the tape to rounding, and the source has the parts.
// (sym::c_function, the printer of `adyn codegen`, splits its statements likewise, in one file.)
TEST(NativeCode, LargeFunctionsAreSplitIntoPartsThatAgreeWithTheTape) {
  const CacheDirectory cache("adyn-split-cache");
  const GiNaC::symbol a = sym::parameter("split_a"), b = sym::parameter("split_b");
  std::vector<GiNaC::ex> outputs;
  for (int k = 0; k < 3000; ++k)
    outputs.push_back(GiNaC::sin(a * b) * (k + 1) + GiNaC::cos(a + b) * GiNaC::pow(a, k % 7) + GiNaC::sin(a + k * b));
  const std::string printed = sym::c_function("f", {{"in", {a, b}}}, {{"out", outputs}});
  EXPECT_NE(printed.find("static void f_part1("), std::string::npos);
  EXPECT_EQ(printed.find("static void f_part0(", printed.find("static void f_part0(") + 1), std::string::npos);
  const numeric::NativeFunction native({a, b}, outputs);
  const std::string source = cached_source(cache);
  const std::string part1 = "__attribute__((visibility(\"hidden\"))) void adyn_native_part1(const double* in, double* out, double* w)";
  EXPECT_NE(source.find(part1 + " {"), std::string::npos);  // its unit
  EXPECT_NE(source.find(part1 + ";"), std::string::npos);   // declared where it is called
  EXPECT_NE(source.find("adyn_native_power_int("), std::string::npos);  // a^5, a^6
  void* library = ::dlopen(native.library().c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(library, nullptr) << ::dlerror();
  EXPECT_NE(::dlsym(library, "adyn_native"), nullptr);
  EXPECT_EQ(::dlsym(library, "adyn_native_part1"), nullptr);
  ::dlclose(library);
  const numeric::Tape tape({a, b}, outputs);
  for (const auto& [va, vb] : {std::pair{0.3, -1.7}, std::pair{2.1, 0.4}}) {
    const double in[2] = {va, vb};
    std::vector<double> by_c(outputs.size()), by_tape(outputs.size());
    native.evaluate(in, by_c.data());
    tape.evaluate(in, by_tape.data());
    for (std::size_t k = 0; k < outputs.size(); ++k) EXPECT_NEAR(by_c[k], by_tape[k], 1e-13 * (1 + std::abs(by_tape[k]))) << k;
  }
}

// A compiler that fails on the parts' units, or that cannot be run: the error says so, and neither
// a library nor the compiler's working files are left in the cache.
TEST(NativeCode, AFailedCompilationOfSeveralUnitsLeavesNothingBehind) {
  const CacheDirectory cache("adyn-split-failed-cache");
  const GiNaC::symbol a = sym::parameter("fail_a"), b = sym::parameter("fail_b");
  std::vector<GiNaC::ex> outputs;
  for (int k = 0; k < 1500; ++k) outputs.push_back(GiNaC::sin(a + k * b) * (k + 2));
  const char* cc = std::getenv("CC");
  const std::string saved = cc ? cc : "";
  for (const auto& [compiler, says] : {std::pair<std::string, std::string>{"false", "the C compiler failed (status 1)"},
                                       {"/nonexistent/cc", "cannot run the C compiler '/nonexistent/cc'"}}) {
    ::setenv("CC", compiler.c_str(), 1);
    const std::string what = test::thrown_message<NativeCodeError>([&] { numeric::NativeFunction f({a, b}, outputs); });
    EXPECT_NE(what.find(says), std::string::npos) << what;
    EXPECT_TRUE(fs::is_empty(cache.path())) << compiler;
  }
  if (saved.empty()) ::unsetenv("CC");
  else ::setenv("CC", saved.c_str(), 1);
}

// The C is the tape's program printed: every operation, an output that is an input, a constant, a
// negated input, integer powers written out or by the helper, agree with the tape.
TEST(NativeCode, EveryOperationOfTheProgramAgreesWithTheTape) {
  const CacheDirectory cache("adyn-operations-cache");
  const GiNaC::symbol a = sym::parameter("op_a"), b = sym::parameter("op_b"), c = sym::parameter("op_c");
  const std::vector<GiNaC::ex> outputs = {
      a - b, -(a - b) * c, (b - a) * c + 3 * a * b - 2, -a * b * c, pow(a - b, 3) - pow(b - a, 2) / c,
      pow(a, 4) * pow(b, -3) + pow(c, 7) - pow(a, -6), sin(a - b) * cos(c) - sqrt(GiNaC::abs(c)) + exp(-a * b),
      atan2(b - a, c) + pow(GiNaC::abs(a), GiNaC::numeric(1, 3)) - 1 / sqrt(c * c + 1),
      -sin(-a) + tanh(b * c - a) - log(c * c + 2) * GiNaC::Pi + tan(a) * sinh(b) / cosh(c),
      asin(a / 3) + acos(b / 3) + atan(c) + GiNaC::csgn(a - b), GiNaC::ex(7.25), GiNaC::ex(-3), -b, a, a * 0.1};
  const numeric::NativeFunction native({a, b, c}, outputs);
  const std::string source = cached_source(cache);
  EXPECT_NE(source.find("in[0] * in[0]"), std::string::npos) << source;  // a^4 written out
  const numeric::Tape tape({a, b, c}, outputs);
  for (const auto& in : {std::array{0.3, -1.7, 0.9}, std::array{2.1, 0.4, -1.3}, std::array{-0.5, 0.5, 2.0}}) {
    std::vector<double> by_c(outputs.size()), by_tape(outputs.size());
    native.evaluate(in.data(), by_c.data());
    tape.evaluate(in.data(), by_tape.data());
    for (std::size_t k = 0; k < outputs.size(); ++k) EXPECT_NEAR(by_c[k], by_tape[k], 1e-14 * (1 + std::abs(by_tape[k]))) << outputs[k];
  }
}

namespace {

// f at four points that share `a` and differ in (b, c): by CompiledFunction with Lanes{1, 4}, and
// by the tape at each point (the result of lane l of output o at o·4 + l).
void expect_lanes_agree_with_the_tape(const std::vector<GiNaC::ex>& outputs, numeric::Backend backend, double tolerance) {
  const numeric::CompiledFunction lanes({lane_a, lane_b, lane_c}, outputs, backend, std::nullopt, numeric::Lanes{1, 4});
  ASSERT_EQ(lanes.backend(), backend) << lanes.backend_note();
  const numeric::Tape tape({lane_a, lane_b, lane_c}, outputs);
  const std::array<double, 4> b = {0.3, -1.7, 2.2, 0.05}, c = {0.9, -1.3, 2.0, -0.4};
  // in: a, then b of the four lanes, then c of the four.
  const std::array<double, 9> in = {0.7, b[0], b[1], b[2], b[3], c[0], c[1], c[2], c[3]};
  std::vector<double> by_lanes(4 * outputs.size());
  lanes.evaluate(in.data(), by_lanes.data());
  for (std::size_t l = 0; l < 4; ++l) {
    const std::array<double, 3> point = {in[0], b[l], c[l]};
    std::vector<double> by_tape(outputs.size());
    tape.evaluate(point.data(), by_tape.data());
    for (std::size_t o = 0; o < outputs.size(); ++o)
      EXPECT_NEAR(by_lanes[4 * o + l], by_tape[o], tolerance * (1 + std::abs(by_tape[o]))) << outputs[o] << " lane " << l;
  }
}

const std::vector<GiNaC::ex>& every_operation_in_lanes() {
  const GiNaC::symbol &a = lane_a, &b = lane_b, &c = lane_c;
  static const std::vector<GiNaC::ex> outputs = {
      a - b, -(a - b) * c, (b - a) * c + 3 * a * b - 2, -a * b * c, pow(a - b, 3) - pow(b - a, 2) / c,
      pow(b, 4) * pow(a, -3) + pow(c, 7) - pow(b, -6), sin(a - b) * cos(c) - sqrt(GiNaC::abs(c)) + exp(-a * b),
      atan2(b - a, c) + pow(GiNaC::abs(b), GiNaC::numeric(1, 3)) - 1 / sqrt(c * c + 1),
      -sin(-b) + tanh(b * c - a) - log(c * c + 2) * GiNaC::Pi + tan(b) * sinh(a) / cosh(c),
      asin(b / 3) + acos(a / 3) + atan(c) + GiNaC::csgn(b - c), GiNaC::ex(7.25), -b, c, a, a * a + sin(a), b / a};
  return outputs;
}

}  // namespace

// Four points in one call of the generated C (GNU C vectors for what depends on the points' own
// inputs; the shared input, a constant and an output of the shared input alone in every lane):
// every operation agrees with the tape at each point, and the source computes in vectors.
TEST(NativeCode, LanesComputeSeveralPointsInOneCallAsTheTapeDoesEach) {
  if (!test::on_path("cc")) GTEST_SKIP() << "no C compiler (cc) to compile the generated code";
  const CacheDirectory cache("adyn-lanes-cache");
  expect_lanes_agree_with_the_tape(every_operation_in_lanes(), numeric::Backend::Native, 1e-14);
  const std::string source = cached_source(cache);
  EXPECT_NE(source.find("#if defined(__AVX__)\n#define adyn_native_AT_ONCE 4\n#else\n#define adyn_native_AT_ONCE 2\n"),
            std::string::npos) << source;  // four lanes where the target's vectors hold four doubles, else two
  EXPECT_NE(source.find("const adyn_native_lanes v"), std::string::npos) << source;              // + − · / in vectors
  EXPECT_NE(source.find("for (int l = 0; l < adyn_native_AT_ONCE; ++l) v"), std::string::npos) << source;  // sin lane by lane
}

// The tape takes the same layout point by point (the fallback where no C compiler is found).
TEST(NativeCode, LanesOnTheTapeAreItsPointByPointValues) {
  expect_lanes_agree_with_the_tape(every_operation_in_lanes(), numeric::Backend::Tape, 0);
}

// Split into parts, the vectors that later parts read pass through a workspace of vectors.
TEST(NativeCode, LanesSurviveTheSplitIntoParts) {
  if (!test::on_path("cc")) GTEST_SKIP() << "no C compiler (cc) to compile the generated code";
  const CacheDirectory cache("adyn-lanes-split-cache");
  std::vector<GiNaC::ex> outputs;
  for (int k = 0; k < 1500; ++k)
    outputs.push_back(sin(lane_a * lane_b) * (k + 1) + cos(lane_a + lane_c) * pow(lane_b, k % 7) + lane_c * (k % 5));
  expect_lanes_agree_with_the_tape(outputs, numeric::Backend::Native, 1e-13);
  EXPECT_NE(cached_source(cache).find("(const double* in, double* out, double* w, adyn_native_lanes* wl, int h)"), std::string::npos);
}
