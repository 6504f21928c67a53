#pragma once
// The built `adyn` tool run as a process on a pseudo-terminal, for the tests of interruption: the
// test waits for what the tool shows on the terminal (a stage's name, the progress bar) instead
// of sleeping a fixed time, then sends a signal (or types Ctrl-C) and times the exit.
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

namespace adyn::test {

class ToolProcess {
 public:
  using Clock = std::chrono::steady_clock;

  /// Starts ADYN_CLI_PATH with `args`, its standard input, output and error on a new terminal
  /// (it is the session leader: Ctrl-C on that terminal interrupts it).
  explicit ToolProcess(const std::vector<std::string>& args) {
    pid_ = forkpty(&terminal_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      std::vector<char*> argv = {const_cast<char*>(ADYN_CLI_PATH)};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(ADYN_CLI_PATH, argv.data());
      _exit(127);
    }
  }
  ~ToolProcess() {
    if (running()) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (terminal_ >= 0) ::close(terminal_);
  }
  ToolProcess(const ToolProcess&) = delete;
  ToolProcess& operator=(const ToolProcess&) = delete;

  bool started() const { return pid_ > 0; }
  bool running() const { return pid_ > 0 && !exited_; }

  /// Reads the terminal until `text` has appeared in it; false when `seconds` pass first or the
  /// tool ends.
  bool wait_for(const std::string& text, double seconds) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (shown_.find(text) == std::string::npos) {
      if (Clock::now() > deadline || !read_some(deadline)) return shown_.find(text) != std::string::npos;
    }
    return true;
  }
  /// Ctrl-C typed on the terminal: the terminal sends SIGINT to the tool.
  void type_ctrl_c() { (void)!write(terminal_, "\x03", 1); }
  void send(int signal) { kill(pid_, signal); }

  /// Waits for the tool to end, at most `seconds` (then kills it and returns -1), reading the
  /// terminal meanwhile: the exit status, or 1000 + the signal that killed it.
  int wait(double seconds) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (true) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        while (read_some(Clock::now() + std::chrono::milliseconds(50))) {
        }
        return WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
      }
      if (Clock::now() > deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        exited_ = true;
        return -1;
      }
      read_some(std::min(deadline, Clock::now() + std::chrono::milliseconds(20)));
    }
  }

  /// Everything the tool wrote to the terminal so far.
  const std::string& shown() const { return shown_; }

 private:
  // One read from the terminal, waiting until `deadline`; false at its end (the tool is gone).
  bool read_some(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    pollfd p{terminal_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(std::max<long long>(left, 0))) <= 0) return !exited_;
    char buffer[4096];
    const ssize_t n = read(terminal_, buffer, sizeof buffer);
    if (n <= 0) return false;
    shown_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int terminal_ = -1;
  bool exited_ = false;
  std::string shown_;
};

}  // namespace adyn::test
