// The registry of what an abrupt end must undo (exit_cleanup.hpp).
#include "adyn/numeric/exit_cleanup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>

namespace adyn::numeric {
namespace {

enum Kind : int { Free = 0, Filling = -1, File = 1, Directory = 2, Child = 3, ChildGroup = 4 };

struct Slot {
  std::atomic<int> kind{Free};
  pid_t pid = 0;
  char path[PATH_MAX] = {};
};

constexpr int slot_count = 64;
Slot slots[slot_count];

// A free slot taken and filled; -1 when none is free or the path does not fit.
int take(Kind kind, const char* path, pid_t pid) {
  if (path && std::strlen(path) >= PATH_MAX) return -1;
  for (int k = 0; k < slot_count; ++k) {
    int expected = Free;
    if (!slots[k].kind.compare_exchange_strong(expected, Filling)) continue;
    slots[k].pid = pid;
    if (path) std::strcpy(slots[k].path, path);
    slots[k].kind.store(kind, std::memory_order_release);
    return k;
  }
  return -1;
}

// The files of a directory (one level), then the directory: system calls only.
void remove_directory(const char* path) {
  const int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    alignas(8) char buffer[4096];
    for (long n; (n = syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0;)
      for (long at = 0; at < n;) {
        struct Entry {
          ino64_t inode;
          off64_t offset;
          unsigned short length;
          unsigned char type;
          char name[1];
        };
        const auto* entry = reinterpret_cast<const Entry*>(buffer + at);
        at += entry->length;
        if (std::strcmp(entry->name, ".") != 0 && std::strcmp(entry->name, "..") != 0) unlinkat(fd, entry->name, 0);
      }
    close(fd);
  }
  rmdir(path);
}

}  // namespace

ExitCleanup ExitCleanup::file(const std::string& path) { return ExitCleanup(take(File, path.c_str(), 0)); }
ExitCleanup ExitCleanup::directory(const std::string& path) { return ExitCleanup(take(Directory, path.c_str(), 0)); }
ExitCleanup ExitCleanup::child(pid_t pid) { return ExitCleanup(take(Child, nullptr, pid)); }
ExitCleanup ExitCleanup::child_group(pid_t pid) { return ExitCleanup(take(ChildGroup, nullptr, pid)); }

ExitCleanup& ExitCleanup::operator=(ExitCleanup&& other) noexcept {
  if (this != &other) {
    release();
    slot_ = other.slot_;
    other.slot_ = -1;
  }
  return *this;
}

void ExitCleanup::release() {
  if (slot_ >= 0) slots[slot_].kind.store(Free, std::memory_order_release);
  slot_ = -1;
}

void run_exit_cleanup() {
  for (auto& s : slots) {
    const int kind = s.kind.load(std::memory_order_acquire);
    if (kind == Child) kill(s.pid, SIGKILL);
    if (kind == ChildGroup) kill(-s.pid, SIGKILL);
  }
  for (auto& s : slots)
    if (s.kind.load(std::memory_order_acquire) == File) unlink(s.path);
  for (auto& s : slots)
    if (s.kind.load(std::memory_order_acquire) == Directory) remove_directory(s.path);
}

int spawn_registered(pid_t& pid, char* const argv[], const posix_spawn_file_actions_t* actions, ExitCleanup& child,
                     bool own_group) {
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  if (own_group) posix_spawnattr_setpgroup(&attributes, 0);  // a group of its own, led by the child
  posix_spawnattr_setflags(&attributes, static_cast<short>(POSIX_SPAWN_SETSIGMASK | (own_group ? POSIX_SPAWN_SETPGROUP : 0)));
  int error = 0;
  {
    SignalsDeferred deferred;
    error = posix_spawnp(&pid, argv[0], actions, &attributes, argv, environ);
    if (error == 0) child = own_group ? ExitCleanup::child_group(pid) : ExitCleanup::child(pid);
  }
  posix_spawnattr_destroy(&attributes);
  return error;
}

SignalsDeferred::SignalsDeferred() {
  sigset_t held;
  sigemptyset(&held);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&held, s);
  pthread_sigmask(SIG_BLOCK, &held, &previous_);
}

SignalsDeferred::~SignalsDeferred() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

}  // namespace adyn::numeric
