#pragma once
// Ctrl-C (SIGINT) and SIGTERM during a long run: while a CatchInterruption lives, the signals are
// recorded instead of ending the process, so that the run can stop at its next check and write
// what it has. The command then exits with 128 + the signal (130, 143), as a shell expects.
#include <csignal>

namespace adyn::cli {

class CatchInterruption {
 public:
  CatchInterruption();   // installs the handlers
  ~CatchInterruption();  // restores the previous ones
  CatchInterruption(const CatchInterruption&) = delete;
  CatchInterruption& operator=(const CatchInterruption&) = delete;

  /// The signal caught since construction (SIGINT or SIGTERM), or 0.
  static int caught();
  /// The exit status for an interrupted run: 128 + caught().
  static int exit_status() { return 128 + caught(); }

 private:
  struct sigaction previous_int_ {}, previous_term_ {};
};

}  // namespace adyn::cli
