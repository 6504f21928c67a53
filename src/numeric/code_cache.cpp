#include "code_cache.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <random>
#include <sstream>
#include <vector>

#include "adyn/numeric/native_code.hpp"

extern char** environ;

namespace adyn::numeric {
namespace {

namespace fs = std::filesystem;

const char* const kFlags[] = {"-O2", "-shared", "-fPIC"};

// The compiler's argument words: $CC split at blanks (e.g. "ccache gcc"), or cc.
std::vector<std::string> compiler_words() {
  std::vector<std::string> words;
  std::istringstream in(std::getenv("CC") && *std::getenv("CC") ? std::getenv("CC") : "cc");
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Everything the library depends on: compiler, flags, source.
std::string cache_key(const std::string& source) {
  std::string key;
  for (const auto& w : compiler_words()) key.append(w).append(" ");
  for (const char* f : kFlags) key.append(f).append(" ");
  return key.append("\n").append(source);
}

// Two FNV-1a passes with different offsets: 128 bits, so that a clash is never the reason an
// entry is rebuilt (the key file is compared in full anyway).
std::string hex_digest(const std::string& text) {
  std::ostringstream os;
  for (std::uint64_t offset : {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL}) {
    std::uint64_t h = offset;
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
    os << std::hex << std::setw(16) << std::setfill('0') << h;
  }
  return os.str();
}

[[noreturn]] void refuse(const fs::path& p, const std::string& why) {
  throw NativeCodeError("compiled-code cache '" + p.string() + "': " + why);
}

// A directory or file of this user that neither group nor others can write (not a link).
void check_private(const fs::path& p, bool directory) {
  struct stat st {};
  if (::lstat(p.c_str(), &st) != 0) refuse(p, std::strerror(errno));
  if (directory ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
    refuse(p, directory ? "not a directory" : "not a regular file");
  if (st.st_uid != ::geteuid()) refuse(p, "owned by another user");
  if (st.st_mode & (S_IWGRP | S_IWOTH)) refuse(p, "writable by group or others");
}

// The configured cache directory, created 0700 (with its parents) if absent; empty if none is
// configured.
fs::path cache_directory() {
  fs::path dir;
  if (const char* d = std::getenv("ADYN_CACHE_DIR"); d && *d) dir = d;
  else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) dir = fs::path(x) / "adyn";
  else if (const char* h = std::getenv("HOME"); h && *h) dir = fs::path(h) / ".cache" / "adyn";
  else return {};
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    fs::create_directories(dir.parent_path(), ec);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) refuse(dir, std::strerror(errno));
  }
  check_private(dir, true);
  return dir;
}

fs::path private_temporary_directory() {
  std::string pattern = (fs::temp_directory_path() / "adyn-native-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) refuse(pattern, std::strerror(errno));  // mode 0700
  return pattern;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Written under a private name, then renamed into place.
void write_atomically(const fs::path& p, const std::string& text, const std::string& tag) {
  const fs::path tmp = fs::path(p).concat(tag);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) refuse(tmp, "cannot be written");
  }
  ::chmod(tmp.c_str(), 0600);
  std::error_code ec;
  fs::rename(tmp, p, ec);
  if (ec) refuse(p, ec.message());
}

// Runs the compiler on `c` to make `so`; its output goes to `log`. No shell is involved.
int run_compiler(const fs::path& c, const fs::path& so, const fs::path& log) {
  std::vector<std::string> words = compiler_words();
  for (const char* f : kFlags) words.emplace_back(f);
  words.insert(words.end(), {"-o", so.string(), c.string(), "-lm"});
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = 0;
  ExitCleanup child;  // killed if this process is interrupted
  const int spawned = spawn_registered(pid, argv.data(), &actions, child);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw NativeCodeError("native code: cannot run the C compiler '" + words[0] + "': " + std::strerror(spawned));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Compiles `source` in `dir` to `so` (renamed into place when done).
void compile_into(const fs::path& dir, const fs::path& so, const std::string& source, const std::string& tag) {
  const fs::path c = dir / std::string("source").append(tag).append(".c"), tmp = fs::path(so).concat(tag),
                 log = dir / std::string("compiler").append(tag).append(".log");
  const ExitCleanup registered[] = {ExitCleanup::file(fs::path(c).concat(".part")), ExitCleanup::file(c),
                                    ExitCleanup::file(tmp), ExitCleanup::file(log)};  // removed if interrupted
  write_atomically(c, source, ".part");
  const int status = run_compiler(c, tmp, log);
  const std::string why = read_file(log);
  std::error_code ec;
  fs::remove(c, ec);
  fs::remove(log, ec);
  if (status != 0) {
    fs::remove(tmp, ec);
    throw NativeCodeError("native code: the C compiler failed (status " + std::to_string(status) + "): " + why.substr(0, 2000));
  }
  ::chmod(tmp.c_str(), 0700);
  fs::rename(tmp, so, ec);
  if (ec) refuse(so, ec.message());
}

std::string unique_tag() {
  std::random_device rd;
  std::string tag(".");
  return tag.append(std::to_string(::getpid())).append(".").append(std::to_string(rd()));
}

}  // namespace

CompiledLibrary compiled_library(const std::string& source) {
  const std::string key = cache_key(source), tag = unique_tag();
  const fs::path dir = cache_directory();
  if (dir.empty()) {
    CompiledLibrary library{.path = {}, .temporary = true, .registration = {}};
    {
      SignalsDeferred deferred;  // created and registered, or neither, when interrupted
      const fs::path temporary = private_temporary_directory();
      library.registration = ExitCleanup::directory(temporary.string());
      library.path = temporary / "eom.so";
    }
    compile_into(library.path.parent_path(), library.path, source, tag);
    return library;
  }
  const std::string stem = "eom_" + hex_digest(key);
  const fs::path so = dir / (stem + ".so"), key_file = dir / (stem + ".key");
  std::error_code ec;
  const bool cached = fs::exists(key_file, ec) && fs::exists(so, ec);
  if (cached) {
    check_private(key_file, false);
    if (read_file(key_file) == key) {
      check_private(so, false);
      return {so, false, {}};
    }
  }
  // Not there, or another entry under the same name: (re)built, library before key, so that a key
  // never names a library that is not complete.
  compile_into(dir, so, source, tag);
  const auto key_part = ExitCleanup::file(fs::path(key_file).concat(tag));  // removed if interrupted
  write_atomically(key_file, key, tag);
  return {so, false, {}};
}

void remove_temporary(const CompiledLibrary& library) {
  if (!library.temporary) return;
  std::error_code ec;
  fs::remove_all(library.path.parent_path(), ec);
}

}  // namespace adyn::numeric
