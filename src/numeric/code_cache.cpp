#include "code_cache.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/mman.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/numeric/exit_cleanup.hpp"

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

[[noreturn]] void refuse(const fs::path& p, const std::string& why) {
  throw NativeCodeError("compiled-code cache '" + p.string() + "': " + why);
}

// Whether `st` is a directory (or a regular file) of this user that neither group nor others can
// write; throws saying why not.
void check_private(const fs::path& p, const struct stat& st, bool directory) {
  if (directory ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
    refuse(p, directory ? "not a directory" : "not a regular file");
  if (st.st_uid != ::geteuid()) refuse(p, "owned by another user");
  if (st.st_mode & (S_IWGRP | S_IWOTH)) refuse(p, "writable by group or others");
}

void check_private_directory(const fs::path& p) {
  struct stat st {};
  if (::lstat(p.c_str(), &st) != 0) refuse(p, std::strerror(errno));
  check_private(p, st, true);
}

// The whole content of a private file of the cache, checked on the descriptor read from (not a
// link, this user's, not writable by others), so that what is checked is what is read.
std::string read_private_file(const fs::path& p) {
  const int fd = ::open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) refuse(p, std::strerror(errno));
  std::string bytes;
  try {
    struct stat st {};
    if (::fstat(fd, &st) != 0) refuse(p, std::strerror(errno));
    check_private(p, st, false);
    char buffer[65536];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) refuse(p, std::strerror(errno));
      bytes.append(buffer, static_cast<std::size_t>(n));
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  return bytes;
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
  check_private_directory(dir);
  return dir;
}

fs::path private_temporary_directory() {
  std::string pattern = (fs::temp_directory_path() / "adyn-native-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) refuse(pattern, std::strerror(errno));  // mode 0700
  return pattern;
}

std::string read_log(const fs::path& p) {
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
  const std::string why = read_log(log);
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

// Loads a shared object from `bytes` through an anonymous file in memory, so that what runs is
// exactly what was checked. The file stays open while the library is loaded: its /proc name is
// the library's name for the dynamic loader, and must not name another library meanwhile.
std::shared_ptr<void> load_from_memory(const std::string& bytes, const fs::path& origin) {
  const int fd = ::memfd_create("adyn-native", MFD_CLOEXEC);
  if (fd < 0) throw NativeCodeError("native code: cannot load '" + origin.string() + "': " + std::strerror(errno));
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      throw NativeCodeError("native code: cannot load '" + origin.string() + "': " + why);
    }
    done += static_cast<std::size_t>(n);
  }
  const std::string name = "/proc/self/fd/" + std::to_string(fd);
  void* handle = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const std::string why = ::dlerror();
    ::close(fd);
    throw NativeCodeError("native code: cannot load '" + origin.string() + "': " + why);
  }
  return std::shared_ptr<void>(handle, [fd](void* h) {
    ::dlclose(h);
    ::close(fd);
  });
}

// A key file: the library's digest on its first line, then the key.
const std::string digest_label = "sha256 ";

std::string key_file_text(const std::string& library, const std::string& key) {
  return digest_label + sha256_hex(library) + "\n" + key;
}

// The library digest a key file records for `key`; none when the file is another key's (or
// damaged).
std::optional<std::string> recorded_digest(const std::string& key_file, const std::string& key) {
  const std::size_t digest_size = 64, header = digest_label.size() + digest_size + 1;
  if (key_file.size() != header + key.size() || key_file.compare(0, digest_label.size(), digest_label) != 0 ||
      key_file[header - 1] != '\n' || key_file.compare(header, std::string::npos, key) != 0)
    return std::nullopt;
  return key_file.substr(digest_label.size(), digest_size);
}

// The library built in a private temporary directory, removed once read (or if the process is
// interrupted).
LoadedLibrary load_uncached(const std::string& source, const std::string& tag) {
  fs::path temporary;
  ExitCleanup registration;
  {
    SignalsDeferred deferred;  // created and registered, or neither, when interrupted
    temporary = private_temporary_directory();
    registration = ExitCleanup::directory(temporary.string());
  }
  const fs::path so = temporary / "eom.so";
  std::string bytes;
  try {
    compile_into(temporary, so, source, tag);
    bytes = read_private_file(so);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(temporary, ec);
    throw;
  }
  std::error_code ec;
  fs::remove_all(temporary, ec);
  return {load_from_memory(bytes, so), so.string(), ""};
}

}  // namespace

std::string sha256_hex(const std::string& bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1)
    throw NativeCodeError("native code: the SHA-256 digest could not be computed");
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int k = 0; k < size; ++k) out.append({hex[digest[k] >> 4], hex[digest[k] & 15]});
  return out;
}

LoadedLibrary load_compiled_library(const std::string& source) {
  const std::string key = cache_key(source), tag = unique_tag();
  const fs::path dir = cache_directory();
  if (dir.empty()) return load_uncached(source, tag);
  const std::string stem = "eom_" + sha256_hex(key);
  const fs::path so = dir / (stem + ".so"), key_file = dir / (stem + ".key");
  std::string note;
  std::error_code ec;
  if (fs::exists(key_file, ec) && fs::exists(so, ec)) {
    if (const auto digest = recorded_digest(read_private_file(key_file), key)) {
      const std::string library = read_private_file(so);
      if (sha256_hex(library) == *digest) return {load_from_memory(library, so), so.string(), ""};
      note = "the compiled-code cache entry '" + so.string() +
             "' does not match the digest in its key file (damaged or replaced); it was compiled again";
    }
  }
  // Not there, damaged, or another entry under the same name: (re)built, library before key, so
  // that a key never names a library that is not complete.
  compile_into(dir, so, source, tag);
  const std::string library = read_private_file(so);
  const auto key_part = ExitCleanup::file(fs::path(key_file).concat(tag));  // removed if interrupted
  write_atomically(key_file, key_file_text(library, key), tag);
  return {load_from_memory(library, so), so.string(), note};
}

}  // namespace adyn::numeric
