// Signals during a command, by stage (interruption.hpp).
#include "adyn/cli/interruption.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>

#include "adyn/numeric/exit_cleanup.hpp"

namespace adyn::cli {
namespace {

volatile std::sig_atomic_t signal_caught = 0;

// The current stage, read by the signal handler: lock-free atomics only.
std::atomic<const char*> stage_name{"the command"};
std::atomic<const char*> stage_outcome{"nothing was written"};
std::atomic<int> stage_mode{Stage::End};
std::atomic<long> stage_serial{0};  // changes with every stage
std::atomic<bool> terminal{false};   // standard error is a terminal (a line to erase first)

void write_text(const char* text) {
  for (std::size_t left = std::strlen(text); left > 0;) {
    const ssize_t n = write(STDERR_FILENO, text, left);
    if (n <= 0) return;
    text += n, left -= static_cast<std::size_t>(n);
  }
}

extern "C" void on_signal(int signal) {
  if (stage_mode.load() == Stage::Keep && signal_caught == 0) {
    signal_caught = signal;
    return;
  }
  write_text(terminal.load() ? "\r\x1b[Kadyn: interrupted during " : "adyn: interrupted during ");
  write_text(stage_name.load());
  write_text("; ");
  write_text(stage_outcome.load());
  write_text("\n");
  numeric::run_exit_cleanup();
  _exit(128 + signal);
}

// On a terminal: the name of a stage that has lasted a second, and its time so far, redrawn on
// standard error every tenth of a second, erased when the stage ends.
class StageIndicator {
 public:
  StageIndicator() : thread_([this] { run(); }) {}
  ~StageIndicator() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
    erase_locked();
  }
  // The stage changed (by `change`, under the lock: the thread never draws a name whose string
  // its stage has let go).
  template <class Change>
  void change(const Change& apply) {
    std::lock_guard lock(mutex_);
    erase_locked();
    apply();
  }

 private:
  void erase_locked() {
    if (drawn_) write_text("\r\x1b[K");
    drawn_ = false;
  }

  void run() {
    using Clock = std::chrono::steady_clock;
    long serial = -1;
    auto since = Clock::now();
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stopping_; })) {
      if (stage_serial.load() != serial) serial = stage_serial.load(), since = Clock::now();
      const double seconds = std::chrono::duration<double>(Clock::now() - since).count();
      if (stage_mode.load() == Stage::Keep || seconds < 1) continue;
      char line[256];
      std::snprintf(line, sizeof line, "\radyn: %.200s ... %.0f s\x1b[K", stage_name.load(), seconds);
      write_text(line);
      drawn_ = true;
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false, drawn_ = false;
  std::thread thread_;
};

// Never destroyed in a child process made by fork() (the thread is not there): the child drops it.
StageIndicator* indicator = nullptr;

}  // namespace

CatchInterruption::CatchInterruption(const char* command, bool on_terminal) {
  signal_caught = 0;
  stage_name = command, stage_outcome = "nothing was written", stage_mode = Stage::End, ++stage_serial;
  terminal = on_terminal;
  if (on_terminal) indicator = new StageIndicator;
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous_int_);
  sigaction(SIGTERM, &action, &previous_term_);
  sigaction(SIGHUP, &action, &previous_hup_);
}

CatchInterruption::~CatchInterruption() {
  sigaction(SIGINT, &previous_int_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
  sigaction(SIGHUP, &previous_hup_, nullptr);
  delete indicator;
  indicator = nullptr;
  terminal = false;
  stage_name = "the command", ++stage_serial;
}

int CatchInterruption::caught() { return signal_caught; }

void CatchInterruption::forget_in_child() {
  for (int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, SIG_DFL);
  indicator = nullptr;
  terminal = false;
}

namespace {

void set_stage(const char* name, const char* outcome, int mode) {
  auto set = [&] { stage_name = name, stage_outcome = outcome, stage_mode = mode, ++stage_serial; };
  indicator ? indicator->change(set) : set();
}

}  // namespace

Stage::Stage(const char* name, Mode mode, const char* outcome)
    : previous_name_(stage_name.load()), previous_outcome_(stage_outcome.load()), previous_mode_(stage_mode.load()) {
  set_stage(name, outcome, mode);
}

Stage::~Stage() { set_stage(previous_name_, previous_outcome_, previous_mode_); }

}  // namespace adyn::cli
