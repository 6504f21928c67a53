#pragma once
// The compiled-code cache of generated C (native_code.hpp): shared objects in a private directory,
// keyed by a SHA-256 of the whole source (its translation units), the compiler and its flags,
// verified before loading. Several units compile in parallel, as many at once as the processors
// this process may run on, and are then linked.
//
// The directory is $ADYN_CACHE_DIR, $XDG_CACHE_HOME/adyn or $HOME/.cache/adyn, created with mode
// 0700; it is refused unless it is a directory of this user that neither group nor others can
// write, and so is every file loaded from it. Each entry is written under a private name and
// renamed into place, so no process ever sees a partial file; the compiler works in a private
// directory of its own, removed when done. An entry's key file holds the
// SHA-256 of its library, then the compiler, the flags and the source, compared byte for byte.
// The library is read once, checked against that digest, and loaded from the bytes checked (a copy
// in memory), so a truncated, damaged or replaced entry is never loaded: it is rebuilt, and said.
// The compiler runs from an argument vector, never through a shell. Without any of the three
// variables, the library is compiled in a fresh private directory that is removed once loaded.
// The directory's size is bounded, its least recently used entries removed (cache_pruning.hpp).
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace adyn::numeric {

/// A shared object built from a source and loaded (dlopen). `path` names where it came from (the
/// cache entry, or a temporary directory already removed); `note` says when a cache entry did not
/// match its digest and was rebuilt (empty otherwise).
struct LoadedLibrary {
  std::shared_ptr<void> handle;
  std::string path;
  std::string note;
};

/// The library of the C translation `units`, from the cache or compiled into it, and loaded.
/// Throws NativeCodeError (error.hpp) saying why it cannot: an unsafe cache directory or entry, a
/// missing compiler, a compiler error, a library that does not load.
LoadedLibrary load_compiled_library(const std::vector<std::string>& units);

/// The library of the cache directory's entry `name` ("eom_<digest>.so": the file name of the path
/// an earlier load_compiled_library gave), loaded again without its source: none when the entry is
/// gone, damaged (its digest), or was compiled by another compiler or with other flags than those
/// of now ($CC), or no cache directory is configured. Throws as load_compiled_library for an unsafe
/// directory or file.
std::optional<LoadedLibrary> load_cached_library(const std::string& name);

/// The bytes of the cache directory's file `name`; none when there is no such file or no cache
/// directory is configured. Throws NativeCodeError, as above, for an unsafe directory or file.
std::optional<std::string> read_cache_file(const std::string& name);

/// Keeps `bytes` as the cache directory's file `name`, written under a private name and renamed
/// into place; nothing when no cache directory is configured. Throws as read_cache_file.
void write_cache_file(const std::string& name, const std::string& bytes);

/// `size` bytes as lowercase hexadecimal digits, two per byte.
std::string hex_digits(const unsigned char* bytes, std::size_t size);

/// The SHA-256 of `bytes` as 64 lowercase hexadecimal digits.
std::string sha256_hex(const std::string& bytes);

}  // namespace adyn::numeric
