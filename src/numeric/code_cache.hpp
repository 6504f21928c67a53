#pragma once
// The compiled-code cache of generated C (native_code.hpp): shared objects in a private directory,
// keyed by a hash of the whole source, the compiler and its flags, verified before loading.
//
// The directory is $ADYN_CACHE_DIR, $XDG_CACHE_HOME/adyn or $HOME/.cache/adyn, created with mode
// 0700; it is refused unless it is a directory of this user that neither group nor others can
// write, and so is every file loaded from it. Each entry is written under a private name and
// renamed into place, so no process ever sees a partial file; an entry's key file holds the
// compiler, the flags and the source, compared byte for byte before its library is loaded. The
// compiler runs from an argument vector, never through a shell. Without any of the three
// variables, the library is compiled in a fresh private directory that is removed once loaded.
#include <filesystem>
#include <string>

#include "adyn/numeric/exit_cleanup.hpp"

namespace adyn::numeric {

/// A shared object built from `source` and ready to be loaded. When `temporary`, its directory is
/// private to this process and removed by remove_temporary() once the library is loaded.
struct CompiledLibrary {
  std::filesystem::path path;
  bool temporary = false;
  ExitCleanup registration;  // the temporary directory, removed if the process is interrupted
};

/// The library for `source` (C), from the cache or compiled into it. Throws NativeCodeError
/// (native_code.hpp) saying why: an unsafe cache directory or entry, a missing compiler, a
/// compiler error.
CompiledLibrary compiled_library(const std::string& source);

/// Removes a temporary library's private directory (a no-op for a cached one).
void remove_temporary(const CompiledLibrary& library);

}  // namespace adyn::numeric
