// Work in a child process with a time limit (time_limit.hpp).
#include "adyn/cli/time_limit.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "adyn/cli/interruption.hpp"
#include "adyn/error.hpp"
#include "adyn/numeric/exit_cleanup.hpp"
#include "adyn/symbolic/library_messages.hpp"

namespace adyn::cli {
namespace {

// Writes all of `text` to `fd` (the child's end of the pipe).
void write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// Reads `fd` to its end before `deadline`; false when the time ran out first.
bool read_until(int fd, std::chrono::steady_clock::time_point deadline, std::string& text) {
  char buffer[65536];
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // (re-checks the deadline)
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;  // end of the child's output
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

}  // namespace

std::optional<std::string> run_with_time_limit(const std::function<std::string()>& work, double seconds) {
  int fds[2];
  if (pipe(fds) != 0) throw Error(std::string("cannot start a worker process: ") + std::strerror(errno));
  pid_t pid = 0;
  numeric::ExitCleanup child;  // killed if this process is interrupted
  {
    numeric::SignalsDeferred deferred;  // no signal between the fork and what each side sets up
    pid = fork();
    if (pid == 0) CatchInterruption::forget_in_child();  // a signal ends the child (no handler)
    if (pid > 0) child = numeric::ExitCleanup::child(pid);
  }
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw Error(std::string("cannot start a worker process: ") + std::strerror(errno));
  }
  if (pid == 0) {  // the child: the result, with '+' for success, then out without cleanup
    close(fds[0]);
    std::string result;  // (append: GCC 12 warns falsely on "literal" + string)
    try {
      result.assign("+").append(work());
    } catch (const std::exception& e) {
      result.assign("-").append(dynamic_cast<const Error*>(&e) ? std::string(e.what()) : sym::library_message(e));
    }
    write_all(fds[1], result);
    _exit(0);
  }
  close(fds[1]);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::string text;
  const bool finished = read_until(fds[0], std::chrono::time_point_cast<std::chrono::steady_clock::duration>(deadline), text);
  close(fds[0]);
  if (!finished) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!finished) return std::nullopt;
  if (WIFSIGNALED(status)) throw Error("the worker process was killed by signal " + std::to_string(WTERMSIG(status)));
  if (text.empty()) throw Error("the worker process ended without a result");
  if (text[0] == '-') throw Error(text.substr(1));
  return text.substr(1);
}

}  // namespace adyn::cli
