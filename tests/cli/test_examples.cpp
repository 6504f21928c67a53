// Every model file in examples/ (found at run time, so a new example is tested without touching
// this file) must pass `check` and `classify`, derive with its own method, and simulate a few
// output steps to a trajectory of finite numbers - so that no example can rot. In process, through
// adyn::cli::run. ADYN_SOURCE_DIR (set by CTest when it runs a test) locates the source tree;
// without it (gtest_discover_tests lists the tests without that environment) the tree is found
// from this file's own path, so that discovery and the runs see the same examples.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "adyn/cli/cli.hpp"

namespace {

namespace fs = std::filesystem;

fs::path examples_directory() {
  if (const char* root = std::getenv("ADYN_SOURCE_DIR")) return fs::path(root) / "examples";
  return fs::path(__FILE__).parent_path().parent_path().parent_path() / "examples";  // tests/cli/ -> root
}

std::vector<std::string> example_files() {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(examples_directory(), ec))
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// Examples that legitimately cannot be simulated, with the reason. Keep this list short: a model
// that gains masses must leave it (the test then fails on the expected simulation error).
const std::map<std::string, std::string>& not_simulated() {
  static const std::map<std::string, std::string> reasons = {
      {"rolling_disk", "kinematics-only model (Kane's notes E18): no particles or bodies, no mass matrix"},
      {"angeles_rolling_disk", "constraint-only model (Angeles Example 2.2.2): no mass, no mass matrix"},
      {"angeles_rolling_disk_contact", "constraint-only model (Angeles Example 2.2.2, rolling constraint): no mass"},
  };
  return reasons;
}

struct Run {
  int status;
  std::string out, err;
};

Run run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int status = adyn::cli::run(args, out, err);
  return {status, out.str(), err.str()};
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string trim(const std::string& s) {
  auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  auto end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

// The formulation the example asks for (`method:` of its simulation settings), else lagrange.
std::string method_of(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    auto code = trim(line.substr(0, line.find('#')));
    auto at = code.find("method:");
    if (at == std::string::npos) continue;
    std::string value;
    for (auto i = at + std::string("method:").size(); i < code.size(); ++i) {
      char c = code[i];
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '-') value += c;
      else if (!value.empty()) break;
    }
    if (!value.empty()) return value;
  }
  return "lagrange";
}

std::vector<std::string> split(const std::string& line, char separator) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, separator)) fields.push_back(trim(field));
  return fields;
}

// Checks a CSV trajectory: a header starting with t, then rows of finite numbers of the same width.
void expect_finite_trajectory(const std::string& csv, double t_end, const std::string& file) {
  std::istringstream lines(csv);
  std::string line;
  ASSERT_TRUE(static_cast<bool>(std::getline(lines, line))) << file << ": no output";
  auto header = split(line, ',');
  ASSERT_FALSE(header.empty()) << file;
  EXPECT_EQ(header.front(), "t") << file << ": " << line;
  std::size_t rows = 0;
  double last_t = -1;
  while (std::getline(lines, line)) {
    if (trim(line).empty()) continue;
    auto fields = split(line, ',');
    ASSERT_EQ(fields.size(), header.size()) << file << ": row " << rows << ": " << line;
    for (std::size_t j = 0; j < fields.size(); ++j) {
      char* end = nullptr;
      double value = std::strtod(fields[j].c_str(), &end);
      ASSERT_TRUE(end != fields[j].c_str() && *end == '\0') << file << ": not a number in column " << header[j]
                                                            << ": '" << fields[j] << "'";
      EXPECT_TRUE(std::isfinite(value)) << file << ": " << header[j] << " = " << fields[j] << " in row " << rows;
    }
    last_t = std::strtod(fields.front().c_str(), nullptr);
    ++rows;
  }
  EXPECT_GE(rows, 2u) << file << ": the trajectory has too few samples";
  EXPECT_NEAR(last_t, t_end, 1e-9) << file << ": the run stopped early";
}

class Example : public ::testing::TestWithParam<std::string> {};

TEST_P(Example, ChecksDerivesAndSimulates) {
  const std::string file = GetParam();
  const std::string stem = fs::path(file).stem().string();
  const std::string method = method_of(read_text(file));

  auto r = run({"check", file});
  EXPECT_EQ(r.status, 0) << "check " << file << ": " << r.err;

  r = run({"classify", file});
  EXPECT_EQ(r.status, 0) << "classify " << file << ": " << r.err;
  EXPECT_FALSE(r.out.empty()) << "classify " << file;

  r = run({"derive", file, "-m", method});
  EXPECT_EQ(r.status, 0) << "derive -m " << method << " " << file << ": " << r.err;
  EXPECT_FALSE(r.out.empty()) << "derive -m " << method << " " << file;

  const double t_end = 0.02;
  r = run({"simulate", file, "--t-end", "0.02", "--dt", "0.01", "--rtol", "1e-6", "--atol", "1e-9"});
  auto exception = not_simulated().find(stem);
  if (exception != not_simulated().end()) {
    EXPECT_NE(r.status, 0) << file << " simulates now; remove it from not_simulated() (" << exception->second << ")";
    return;
  }
  ASSERT_EQ(r.status, 0) << "simulate " << file << ": " << r.err;
  expect_finite_trajectory(r.out, t_end, file);
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Examples, Example, ::testing::ValuesIn(example_files()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Example);

TEST(ExamplesDirectory, HoldsTheSeedsAndTheClassics) {
  auto files = example_files();
  ASSERT_FALSE(files.empty()) << "no examples under " << examples_directory() << " (is ADYN_SOURCE_DIR set?)";
  std::vector<std::string> stems;
  for (const auto& f : files) stems.push_back(fs::path(f).stem().string());
  for (const char* expected : {"simple_pendulum", "double_pendulum", "spherical_pendulum", "chaplygin_sleigh",
                               "slider_crank", "four_bar_linkage", "heavy_symmetric_top", "rolling_disk",
                               "greenwood_4_11_rolling_disk", "udwadia_kalaba_ex2_ring"})
    EXPECT_NE(std::find(stems.begin(), stems.end(), expected), stems.end()) << expected << ".yaml is missing";
  for (const auto& [stem, reason] : not_simulated())
    EXPECT_NE(std::find(stems.begin(), stems.end(), stem), stems.end()) << "stale exception " << stem << ": " << reason;
}

}  // namespace
