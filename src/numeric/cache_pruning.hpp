#pragma once
// The cache directory kept bounded (code_cache.hpp): its entries — set-up programs
// (setup_<digest>.program) and compiled libraries (eom_<digest>.so with eom_<digest>.key) — take
// at most $ADYN_CACHE_MAX_MB megabytes (default 1024). Every entry read is marked used (its
// modification time); after an entry is written, while they take more than the limit, the least
// recently used are removed, oldest first (ties by name: the same choice in every process), until
// they take 3/4 of it, so that pruning runs once in many writes. Only files of those names are
// counted or removed: a file being written (its private name) or anything else in the directory is
// left. A process that finds an entry gone between looking and reading takes it as not there.
#include <cstdint>
#include <filesystem>
#include <string>

namespace adyn::numeric {

/// The bytes the entries may take: $ADYN_CACHE_MAX_MB megabytes (a positive whole number), else
/// 1024 MB. Throws NativeCodeError naming the variable when it is set to anything else.
std::uintmax_t cache_limit_bytes();

/// Marks the entry file `path` used now (best effort: a file gone or not writable is left).
void mark_used(const std::filesystem::path& path);

/// Removes the least recently used entries of `dir` as above, never the one named `written` (the
/// entry just written; for a library, its stem "eom_<digest>").
void prune_cache(const std::filesystem::path& dir, const std::string& written);

}  // namespace adyn::numeric
