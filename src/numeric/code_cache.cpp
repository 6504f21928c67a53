#include "code_cache.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <sched.h>
#include <sys/mman.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
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
#include "cache_pruning.hpp"

extern char** environ;

namespace adyn::numeric {
namespace {

namespace fs = std::filesystem;

// The flags of every compiler run; the shared object is linked with -shared besides.
const std::vector<std::string> kFlags = {"-O2", "-fPIC"};

// The compiler's argument words: $CC split at blanks (e.g. "ccache gcc"), or cc.
std::vector<std::string> compiler_words() {
  std::vector<std::string> words;
  std::istringstream in(std::getenv("CC") && *std::getenv("CC") ? std::getenv("CC") : "cc");
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The compiler and its flags, as a key begins.
std::string compiler_header() {
  std::string header;
  for (const auto& w : compiler_words()) header.append(w).append(" ");
  for (const auto& f : kFlags) header.append(f).append(" ");
  return header.append("-shared\n");
}

// Everything the library depends on: compiler, flags, and the translation units one after another,
// each after its length.
std::string cache_key(const std::vector<std::string>& units) {
  std::string key = compiler_header();
  for (const auto& unit : units) key.append(std::to_string(unit.size())).append(" bytes\n").append(unit);
  return key;
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

// The content of a private file of the cache (its first `limit` bytes at most), checked on the
// descriptor read from (not a link, this user's, not writable by others), so that what is checked
// is what is read.
// None when there is no such file (an entry pruned by another process between looking and reading).
std::optional<std::string> read_private_file_if_there(const fs::path& p, std::size_t limit = std::string::npos) {
  const int fd = ::open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) return std::nullopt;
  if (fd < 0) refuse(p, std::strerror(errno));
  std::string bytes;
  try {
    struct stat st {};
    if (::fstat(fd, &st) != 0) refuse(p, std::strerror(errno));
    check_private(p, st, false);
    char buffer[65536];
    for (ssize_t n; bytes.size() < limit && (n = ::read(fd, buffer, std::min(sizeof buffer, limit - bytes.size()))) != 0;) {
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

std::string read_private_file(const fs::path& p, std::size_t limit = std::string::npos) {
  auto bytes = read_private_file_if_there(p, limit);
  if (!bytes) refuse(p, std::strerror(ENOENT));
  return std::move(*bytes);
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
  cache_limit_bytes();  // a limit that is no number refuses the directory, as an unsafe one
  return dir;
}

// A fresh directory of mode 0700 in `parent`.
fs::path private_directory_in(const fs::path& parent) {
  std::string pattern = (parent / "adyn-native-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) refuse(pattern, std::strerror(errno));
  return pattern;
}

std::string read_log(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.flush()) refuse(p, "cannot be written");
}

// Written under a private name, then renamed into place.
void write_atomically(const fs::path& p, const std::string& text, const std::string& tag) {
  const fs::path tmp = fs::path(p).concat(tag);
  write_file(tmp, text);
  ::chmod(tmp.c_str(), 0600);
  std::error_code ec;
  fs::rename(tmp, p, ec);
  if (ec) refuse(p, ec.message());
}

// A compiler process: its output goes to `log`; it is killed if this process is interrupted.
struct Compilation {
  pid_t pid = 0;
  ExitCleanup child;
  fs::path log;
};

// Starts the compiler with `arguments` after its words. No shell is involved.
Compilation start_compiler(const std::vector<std::string>& arguments, const fs::path& log) {
  std::vector<std::string> words = compiler_words();
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  Compilation c{.pid = 0, .child = {}, .log = log};
  const int spawned = spawn_registered(c.pid, argv.data(), &actions, c.child, true);  // the driver with its cc1 and as
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw NativeCodeError("native code: cannot run the C compiler '" + words[0] + "': " + std::strerror(spawned));
  return c;
}

// Waits for the compiler; throws with its output when it failed.
void finish(Compilation& c) {
  int status = 0;
  while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  c.child.release();
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code != 0)
    throw NativeCodeError("native code: the C compiler failed (status " + std::to_string(code) + "): " + read_log(c.log).substr(0, 2000));
}

// How many compilers run at once: the processors this process may run on, at most 16 (each is
// registered for the exit cleanup, whose table is small).
std::size_t parallel_compilers() {
  cpu_set_t set;
  CPU_ZERO(&set);
  const int processors = ::sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
  return static_cast<std::size_t>(std::clamp(processors, 1, 16));
}

// Compiles the units in `work` to objects, as many at once as there are processors, in order:
// the first failure is reported once the compilers already started are done.
std::vector<std::string> compile_objects(const fs::path& work, const std::vector<std::string>& units) {
  std::vector<std::string> objects;
  std::vector<Compilation> running;
  std::optional<NativeCodeError> failed;
  const std::size_t at_once = parallel_compilers();
  const auto wait_oldest = [&] {
    try {
      finish(running.front());
    } catch (const NativeCodeError& e) {
      if (!failed) failed = e;
    }
    running.erase(running.begin());
  };
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::string stem = (work / ("unit" + std::to_string(i))).string();
    write_file(stem + ".c", units[i]);
    if (running.size() == at_once) wait_oldest();
    if (failed) break;
    std::vector<std::string> arguments = kFlags;
    arguments.insert(arguments.end(), {"-c", "-o", stem + ".o", stem + ".c"});
    try {
      running.push_back(start_compiler(arguments, stem + ".log"));
    } catch (const NativeCodeError& e) {  // the compilers started are still waited for
      failed = e;
      break;
    }
    objects.push_back(stem + ".o");
  }
  while (!running.empty()) wait_oldest();
  if (failed) throw *failed;
  return objects;
}

// Runs `work` in a fresh private directory in `parent`, removed afterwards (also when `work`
// throws, or when the process is interrupted); returns what `work` returns.
template <class Work>
auto in_private_directory(const fs::path& parent, const Work& work) {
  fs::path directory;
  ExitCleanup registration;
  {
    SignalsDeferred deferred;  // created and registered, or neither, when interrupted
    directory = private_directory_in(parent);
    registration = ExitCleanup::directory(directory.string());
  }
  struct Removed {
    const fs::path& path;
    ~Removed() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  } removed{directory};
  return work(directory);
}

// Compiles the units into `so` (renamed into place when done), in a private directory in `dir`.
// One unit is compiled straight into a shared object; several are compiled in parallel, then
// linked.
void compile_into(const fs::path& dir, const fs::path& so, const std::vector<std::string>& units) {
  in_private_directory(dir, [&](const fs::path& work) {
    const fs::path library = work / "library.so";
    std::vector<std::string> link = kFlags;
    link.insert(link.end(), {"-shared", "-o", library.string()});
    if (units.size() == 1) {
      write_file(work / "unit0.c", units[0]);
      link.push_back((work / "unit0.c").string());
    } else {
      for (const auto& object : compile_objects(work, units)) link.push_back(object);
    }
    link.push_back("-lm");
    Compilation linking = start_compiler(link, work / "link.log");
    finish(linking);
    ::chmod(library.c_str(), 0700);
    std::error_code ec;
    fs::rename(library, so, ec);
    if (ec) refuse(so, ec.message());
  });
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
LoadedLibrary load_uncached(const std::vector<std::string>& units) {
  return in_private_directory(fs::temp_directory_path(), [&](const fs::path& temporary) {
    const fs::path so = temporary / "eom.so";
    compile_into(temporary, so, units);
    return LoadedLibrary{load_from_memory(read_private_file(so), so), so.string(), ""};
  });
}

}  // namespace

// Nettle's SHA-256: no set-up per process (OpenSSL 3's fetch of the algorithm from its providers took
// 0.7–1.0 ms, a fifth of a robot's set-up with the caches hit).
std::string sha256_hex(const std::string& bytes) {
  sha256_ctx context;
  sha256_init(&context);
  sha256_update(&context, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&context, SHA256_DIGEST_SIZE, digest);
  return hex_digits(digest, SHA256_DIGEST_SIZE);
}

std::string hex_digits(const unsigned char* bytes, std::size_t size) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t k = 0; k < size; ++k) out.append({hex[bytes[k] >> 4], hex[bytes[k] & 15]});
  return out;
}

std::optional<std::string> read_cache_file(const std::string& name) {
  const fs::path dir = cache_directory();
  if (dir.empty()) return std::nullopt;
  auto bytes = read_private_file_if_there(dir / name);
  if (bytes) mark_used(dir / name);
  return bytes;
}

void write_cache_file(const std::string& name, const std::string& bytes) {
  const fs::path dir = cache_directory();
  if (dir.empty()) return;
  const std::string tag = unique_tag();
  const auto part = ExitCleanup::file(fs::path(dir / name).concat(tag));  // removed if interrupted
  write_atomically(dir / name, bytes, tag);
  prune_cache(dir, name);
}

std::optional<LoadedLibrary> load_cached_library(const std::string& name) {
  const bool entry_name = name.size() == 4 + 64 + 3 && name.compare(0, 4, "eom_") == 0 &&
                          name.compare(68, 3, ".so") == 0 &&
                          std::all_of(name.begin() + 4, name.begin() + 68, [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
  const fs::path dir = entry_name ? cache_directory() : fs::path();
  if (dir.empty()) return std::nullopt;
  const fs::path so = dir / name, key_file = fs::path(so).replace_extension(".key");
  const std::size_t digest_size = 64, header = digest_label.size() + digest_size + 1;
  const std::string compiler = compiler_header();
  const auto key_text = read_private_file_if_there(key_file, header + compiler.size());  // not the source after
  if (!key_text || key_text->size() < header || key_text->compare(0, digest_label.size(), digest_label) != 0 ||
      (*key_text)[header - 1] != '\n' || key_text->compare(header, compiler.size(), compiler) != 0)
    return std::nullopt;
  const auto library = read_private_file_if_there(so);
  if (!library || sha256_hex(*library) != key_text->substr(digest_label.size(), digest_size)) return std::nullopt;
  for (const auto& used : {key_file, so}) mark_used(used);
  return LoadedLibrary{load_from_memory(*library, so), so.string(), ""};
}

LoadedLibrary load_compiled_library(const std::vector<std::string>& units) {
  const std::string key = cache_key(units);
  const fs::path dir = cache_directory();
  if (dir.empty()) return load_uncached(units);
  const std::string stem = "eom_" + sha256_hex(key);
  const fs::path so = dir / (stem + ".so"), key_file = dir / (stem + ".key");
  std::string note;
  const auto key_text = read_private_file_if_there(key_file);
  if (const auto digest = key_text ? recorded_digest(*key_text, key) : std::nullopt) {
    if (const auto library = read_private_file_if_there(so)) {
      if (sha256_hex(*library) == *digest) {
        for (const auto& used : {key_file, so}) mark_used(used);
        return {load_from_memory(*library, so), so.string(), ""};
      }
      note = "the compiled-code cache entry '" + so.string() +
             "' does not match the digest in its key file (damaged or replaced); it was compiled again";
    }
  }
  // Not there, damaged, or another entry under the same name: (re)built, library before key, so
  // that a key never names a library that is not complete.
  compile_into(dir, so, units);
  const std::string library = read_private_file(so);
  const std::string tag = unique_tag();
  const auto key_part = ExitCleanup::file(fs::path(key_file).concat(tag));  // removed if interrupted
  write_atomically(key_file, key_file_text(library, key), tag);
  prune_cache(dir, stem);
  return {load_from_memory(library, so), so.string(), note};
}

}  // namespace adyn::numeric
