#pragma once
// What a process that ends abruptly must undo: the temporary files and directories it is writing
// and the child processes it is waiting for (a C compiler, gnuplot, a worker). The command line
// ends a process that has nothing to save at once from its signal handler when interrupted —
// GiNaC's computations cannot be cancelled from inside — and runs run_exit_cleanup() first.
//
// Registration is a fixed table of slots, so that the handler's side is async-signal-safe (kill,
// unlink, rmdir, and a directory's files listed by the getdents64 system call). A file created
// under a fresh name (mkstemp) should be created and registered with the signals deferred
// (SignalsDeferred), so that no interruption falls between the two.
#include <spawn.h>
#include <sys/types.h>

#include <csignal>
#include <string>

namespace adyn::numeric {

class ExitCleanup {
 public:
  /// Registrations of `path` (a file; a directory, removed with the files in it, one level deep),
  /// of a child process (killed), or of a child that leads a process group of its own (the group
  /// killed: the child's own children too). Inert when all slots are taken (the registration then
  /// only lets the path be left behind).
  static ExitCleanup file(const std::string& path);
  static ExitCleanup directory(const std::string& path);
  static ExitCleanup child(pid_t pid);
  static ExitCleanup child_group(pid_t pid);

  ExitCleanup() = default;
  ExitCleanup(ExitCleanup&& other) noexcept : slot_(other.slot_) { other.slot_ = -1; }
  ExitCleanup& operator=(ExitCleanup&& other) noexcept;
  ExitCleanup(const ExitCleanup&) = delete;
  ExitCleanup& operator=(const ExitCleanup&) = delete;
  /// Unregisters: the work is done, or its files were renamed into place or removed.
  ~ExitCleanup() { release(); }
  void release();

 private:
  explicit ExitCleanup(int slot) : slot_(slot) {}
  int slot_ = -1;
};

/// Kills the registered children, then removes the registered files and directories.
/// Async-signal-safe.
void run_exit_cleanup();

/// posix_spawnp(argv[0], argv) with `actions`, the child registered in `child` with no signal
/// between the two, and started with no signal blocked. With `own_group`, the child leads a process
/// group of its own and the whole group is registered (a C compiler's driver and the cc1 and as it
/// runs). Returns posix_spawnp's error number (0 when spawned), with the child's id in `pid`.
int spawn_registered(pid_t& pid, char* const argv[], const posix_spawn_file_actions_t* actions, ExitCleanup& child,
                     bool own_group = false);

/// SIGINT, SIGTERM and SIGHUP held back while it lives (and delivered when it ends).
class SignalsDeferred {
 public:
  SignalsDeferred();
  ~SignalsDeferred();
  SignalsDeferred(const SignalsDeferred&) = delete;
  SignalsDeferred& operator=(const SignalsDeferred&) = delete;

 private:
  sigset_t previous_{};
};

}  // namespace adyn::numeric
