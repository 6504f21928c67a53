#pragma once
// Ctrl-C (SIGINT), SIGTERM and SIGHUP during a command. While a CatchInterruption lives (cli::run
// installs one around every command), a signal acts by the command's current Stage:
//   - a stage that keeps what it has (Stage::Keep: the integration, which writes the trajectory so
//     far) records the signal, and the run stops at its next check;
//   - any other stage (reading, derivation, code generation, ...) has nothing to save, so the
//     handler ends the process at once, whatever it is computing (GiNaC cannot be cancelled):
//     it prints "adyn: interrupted during <stage>; nothing was written", removes the registered
//     temporary files and kills the registered children (numeric/exit_cleanup.hpp), and exits
//     with 128 + the signal (130, 143, 129). A second signal during a Keep stage does the same.
// On a terminal a stage that lasts longer than a second shows its name and the time it has taken
// on standard error ("adyn: derivation (Lagrange) ... 12 s"), erased when it ends.
#include <csignal>

namespace adyn::cli {

class CatchInterruption {
 public:
  /// Installs the handlers; `command` names the stage until a Stage names another. With
  /// `on_terminal` (standard error is a terminal) long stages are shown.
  CatchInterruption(const char* command, bool on_terminal);
  ~CatchInterruption();  // restores the previous handlers
  CatchInterruption(const CatchInterruption&) = delete;
  CatchInterruption& operator=(const CatchInterruption&) = delete;

  /// The signal recorded during a Keep stage since the handlers were installed, or 0.
  static int caught();
  /// The exit status for an interrupted run: 128 + caught().
  static int exit_status() { return 128 + caught(); }
  /// In a child process made by fork(): the signals' default actions again (the parent has the
  /// handlers, and kills the child when it ends), and no stage shown.
  static void forget_in_child();

 private:
  struct sigaction previous_int_ {}, previous_term_ {}, previous_hup_ {};
};

/// The stage of the current command while it lives; the enclosing one again when it ends. `name`
/// and `outcome` must outlive it (string literals, or strings of the caller).
class Stage {
 public:
  enum Mode { End, Keep };
  /// `outcome` is what the message says is left after an interruption that ends the process.
  explicit Stage(const char* name, Mode mode = End, const char* outcome = "nothing was written");
  ~Stage();
  Stage(const Stage&) = delete;
  Stage& operator=(const Stage&) = delete;

 private:
  const char *previous_name_, *previous_outcome_;
  int previous_mode_;
};

}  // namespace adyn::cli
