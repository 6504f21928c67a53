#pragma once
// A progress bar for long runs on a terminal: "simulate [########--------]  50%  t = 5 of 10",
// redrawn in place at most ten times a second, shown only once the run has lasted `delay` (short
// runs print nothing), and erased at the end.
#include <chrono>
#include <ostream>
#include <string>

namespace adyn::cli {

class ProgressBar {
 public:
  /// Progress from 0 to `total` (e.g. the simulated time span), drawn on `out`.
  ProgressBar(std::ostream& out, std::string label, double total,
              std::chrono::milliseconds delay = std::chrono::milliseconds(500));
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// Reports `done` of `total`.
  void update(double done);
  /// Erases the bar (if drawn); later updates draw nothing.
  void finish();

  /// Whether `err` is the process's standard error and that is a terminal: where a bar belongs.
  static bool on_terminal(const std::ostream& err);

 private:
  using Clock = std::chrono::steady_clock;
  std::ostream& out_;
  std::string label_;
  double total_;
  Clock::time_point start_, last_draw_;
  std::chrono::milliseconds delay_;
  bool drawn_ = false, finished_ = false;
};

}  // namespace adyn::cli
