// The cache directory kept bounded (src/numeric/cache_pruning.hpp): past $ADYN_CACHE_MAX_MB the
// least recently used entries go, oldest first, down to 3/4 of the limit — a library with its key,
// never the entry just written, never a file that is no entry (a file being written, anything
// else); an entry read is marked used and stays; a limit that is no number is refused naming it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "adyn/error.hpp"
#include "cache_directory.hpp"
#include "numeric/cache_pruning.hpp"
#include "numeric/code_cache.hpp"

using namespace adyn;
namespace fs = std::filesystem;

namespace {

// A limit for one test, restored afterwards.
class CacheLimit {
 public:
  explicit CacheLimit(const char* megabytes) { ::setenv("ADYN_CACHE_MAX_MB", megabytes, 1); }
  ~CacheLimit() { ::unsetenv("ADYN_CACHE_MAX_MB"); }
  CacheLimit(const CacheLimit&) = delete;
  CacheLimit& operator=(const CacheLimit&) = delete;
};

std::string digest(char c) { return std::string(64, c); }

// A file of `kilobytes` last used `minutes_ago`.
void file(const fs::path& p, std::size_t kilobytes, int minutes_ago) {
  std::ofstream(p, std::ios::binary) << std::string(kilobytes * 1024, 'x');
  fs::last_write_time(p, fs::file_time_type::clock::now() - std::chrono::minutes(minutes_ago));
}

}  // namespace

TEST(CachePruning, RemovesTheLeastRecentlyUsedEntriesDownToThreeQuartersOfTheLimit) {
  test::CacheDirectory cache("pruning-lru");
  fs::create_directories(cache.path());
  const CacheLimit limit("1");
  const auto& dir = cache.path();
  file(dir / ("setup_" + digest('a') + ".program"), 300, 50);  // the oldest
  file(dir / ("eom_" + digest('b') + ".so"), 250, 40);          // a library and its key, used together
  file(dir / ("eom_" + digest('b') + ".key"), 10, 40);
  file(dir / ("setup_" + digest('c') + ".program"), 300, 30);
  file(dir / ("setup_" + digest('d') + ".program"), 300, 60);  // just written, however old it looks
  file(dir / ("setup_" + digest('e') + ".program.123.456"), 900, 70);  // being written: no entry
  file(dir / "notes.txt", 900, 80);
  numeric::prune_cache(dir, "setup_" + digest('d') + ".program");
  EXPECT_FALSE(fs::exists(dir / ("setup_" + digest('a') + ".program")));
  EXPECT_FALSE(fs::exists(dir / ("eom_" + digest('b') + ".so")));
  EXPECT_FALSE(fs::exists(dir / ("eom_" + digest('b') + ".key")));
  EXPECT_TRUE(fs::exists(dir / ("setup_" + digest('c') + ".program")));  // 600 kB left: below 768
  EXPECT_TRUE(fs::exists(dir / ("setup_" + digest('d') + ".program")));
  EXPECT_TRUE(fs::exists(dir / ("setup_" + digest('e') + ".program.123.456")));
  EXPECT_TRUE(fs::exists(dir / "notes.txt"));
}

TEST(CachePruning, NothingWithinTheLimit) {
  test::CacheDirectory cache("pruning-within");
  fs::create_directories(cache.path());
  const CacheLimit limit("1");
  for (const char c : {'a', 'b', 'c'}) file(cache.path() / ("setup_" + digest(c) + ".program"), 300, 10);
  numeric::prune_cache(cache.path(), "");
  EXPECT_EQ(cache.files(".program").size(), 3u);
}

// Written through the cache: every write prunes, and an entry read since is used, so it stays
// where an older one goes.
TEST(CachePruning, AnEntryReadIsKeptWhereAnOlderOneGoes) {
  test::CacheDirectory cache("pruning-read");
  const CacheLimit limit("1");
  const std::string bytes(350 * 1024, 'p');
  const auto name = [](char c) { return "setup_" + digest(c) + ".program"; };
  numeric::write_cache_file(name('a'), bytes);
  numeric::write_cache_file(name('b'), bytes);
  for (const char c : {'a', 'b'})
    fs::last_write_time(cache.path() / name(c), fs::file_time_type::clock::now() - std::chrono::minutes(c == 'a' ? 20 : 10));
  ASSERT_TRUE(numeric::read_cache_file(name('a')));  // now the most recently used
  numeric::write_cache_file(name('c'), bytes);        // 1050 kB: down to 768
  EXPECT_TRUE(fs::exists(cache.path() / name('a')));
  EXPECT_FALSE(fs::exists(cache.path() / name('b')));
  EXPECT_TRUE(fs::exists(cache.path() / name('c')));
  EXPECT_FALSE(numeric::read_cache_file(name('b')));  // gone: not there, no error
}

TEST(CachePruning, ALimitThatIsNoWholeNumberOfMegabytesIsRefusedNamingTheVariable) {
  for (const char* bad : {"0", "-5", "1.5", "12MB", " 3", "99999999999999999999"}) {
    const CacheLimit limit(bad);
    try {
      numeric::cache_limit_bytes();
      FAIL() << bad;
    } catch (const NativeCodeError& e) {
      EXPECT_NE(std::string(e.what()).find("ADYN_CACHE_MAX_MB"), std::string::npos) << e.what();
    }
  }
  const CacheLimit limit("3");
  EXPECT_EQ(numeric::cache_limit_bytes(), 3u * 1024 * 1024);
}
