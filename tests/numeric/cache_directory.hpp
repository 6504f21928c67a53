#pragma once
// A fresh compiled-code cache directory for one test, set as $ADYN_CACHE_DIR (restored afterwards
// to the tests' common one).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace adyn::test {

class CacheDirectory {
 public:
  explicit CacheDirectory(const std::string& name) : path_(std::filesystem::path(::testing::TempDir()) / name) {
    std::filesystem::remove_all(path_);
    ::setenv("ADYN_CACHE_DIR", path_.c_str(), 1);
  }
  ~CacheDirectory() { ::setenv("ADYN_CACHE_DIR", (::testing::TempDir() + "adyn-native-cache").c_str(), 1); }
  CacheDirectory(const CacheDirectory&) = delete;
  CacheDirectory& operator=(const CacheDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::vector<std::filesystem::path> files(const std::string& extension) const {
    std::vector<std::filesystem::path> out;
    for (const auto& f : std::filesystem::directory_iterator(path_))
      if (f.path().extension() == extension) out.push_back(f.path());
    return out;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace adyn::test
