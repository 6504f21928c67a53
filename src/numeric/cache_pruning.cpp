// The cache directory kept bounded (cache_pruning.hpp).
#include "cache_pruning.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <string_view>
#include <tuple>
#include <vector>

#include "adyn/error.hpp"

namespace adyn::numeric {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t megabyte = 1024 * 1024;
constexpr std::uintmax_t default_limit_mb = 1024;

bool digest(std::string_view s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

// The entry a file of the cache belongs to ("setup_<digest>.program" itself, "eom_<digest>" for a
// library or its key), or "" for a file that is no entry's.
std::string entry_of(const std::string& name) {
  auto ends_with = [&](std::string_view tail) {
    return name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (name.rfind("setup_", 0) == 0 && ends_with(".program") && digest(std::string_view(name).substr(6, name.size() - 14)))
    return name;
  for (const std::string_view extension : {".so", ".key"})
    if (name.rfind("eom_", 0) == 0 && ends_with(extension) && digest(std::string_view(name).substr(4, name.size() - 4 - extension.size())))
      return name.substr(0, name.size() - extension.size());
  return "";
}

struct Entry {
  std::uintmax_t bytes = 0;
  fs::file_time_type used = fs::file_time_type::min();  // the latest of its files'
  std::vector<fs::path> files;
};

}  // namespace

std::uintmax_t cache_limit_bytes() {
  const char* given = std::getenv("ADYN_CACHE_MAX_MB");
  if (!given || !*given) return default_limit_mb * megabyte;
  const std::string text = given;
  char* end = nullptr;
  const unsigned long long mb = std::strtoull(text.c_str(), &end, 10);
  if (!std::isdigit(static_cast<unsigned char>(text.front())) || *end != '\0' || mb == 0 || mb > (1ULL << 30))
    throw NativeCodeError("ADYN_CACHE_MAX_MB: the compiled-code cache's size limit must be a whole number of megabytes "
                          "from 1 to 1073741824, got '" + text + "'");
  return static_cast<std::uintmax_t>(mb) * megabyte;
}

void mark_used(const fs::path& path) { ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0); }

void prune_cache(const fs::path& dir, const std::string& written) {
  const std::uintmax_t limit = cache_limit_bytes();
  std::map<std::string, Entry> entries;  // by name: the order of ties
  std::uintmax_t total = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string(), entry = entry_of(name);
    std::error_code file_ec;
    if (entry.empty() || !it->is_regular_file(file_ec) || it->is_symlink(file_ec)) continue;
    const auto bytes = it->file_size(file_ec);
    const auto used = it->last_write_time(file_ec);
    if (file_ec) continue;  // gone meanwhile
    auto& e = entries[entry];
    e.bytes += bytes;
    e.used = std::max(e.used, used);
    e.files.push_back(it->path());
    total += bytes;
  }
  if (total <= limit) return;
  std::vector<std::pair<const std::string, Entry>*> oldest;
  for (auto& kv : entries)
    if (kv.first != written) oldest.push_back(&kv);
  std::stable_sort(oldest.begin(), oldest.end(), [](const auto* a, const auto* b) { return a->second.used < b->second.used; });
  for (const auto* e : oldest) {
    if (total <= limit / 4 * 3) break;
    auto files = e->second.files;  // a library's key before the library: no key names a library gone
    std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
      return std::make_tuple(a.extension() != ".key", a.string()) < std::make_tuple(b.extension() != ".key", b.string());
    });
    for (const auto& f : files) fs::remove(f, ec);
    total -= e->second.bytes;
  }
}

}  // namespace adyn::numeric
