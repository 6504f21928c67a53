#pragma once
// Running the `adyn` command line in process for the CLI tests, and the paths they use.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "adyn/cli/cli.hpp"
#include "test_support.hpp"

namespace adyn::test {

/// A fresh path in the test's temporary directory.
inline std::string temporary_file(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "adyn_" + info->test_suite_name() + "_" + info->name() + "_" + name;
}

struct Run {
  int status;
  std::string out, err;
};

inline Run run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int status = adyn::cli::run(args, out, err);
  return {status, out.str(), err.str()};
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

/// Sets an environment variable for the scope of a test.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnvironment() { old_ ? setenv(name_, old_->c_str(), 1) : unsetenv(name_); }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace adyn::test
