#include "adyn/cli/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include <fmt/format.h>

namespace adyn::cli {
namespace {

constexpr int bar_width = 30;
constexpr auto redraw_interval = std::chrono::milliseconds(100);

}  // namespace

ProgressBar::ProgressBar(std::ostream& out, std::string label, double total, std::chrono::milliseconds delay)
    : out_(out), label_(std::move(label)), total_(total), start_(Clock::now()), delay_(delay) {}

void ProgressBar::update(double done) {
  const auto now = Clock::now();
  if (finished_ || now - start_ < delay_ || (drawn_ && now - last_draw_ < redraw_interval)) return;
  const double fraction = total_ > 0 ? std::clamp(done / total_, 0.0, 1.0) : 1.0;
  const int filled = static_cast<int>(fraction * bar_width);
  out_ << fmt::format("\r{} [{}{}] {:3.0f}%  t = {:>8.4g} of {:.4g}\x1b[K", label_, std::string(static_cast<std::size_t>(filled), '#'),
                      std::string(static_cast<std::size_t>(bar_width - filled), '-'), 100 * fraction, done, total_)
       << std::flush;
  drawn_ = true;
  last_draw_ = now;
}

void ProgressBar::finish() {
  if (drawn_ && !finished_) out_ << "\r\x1b[K" << std::flush;
  finished_ = true;
}

bool ProgressBar::on_terminal(const std::ostream& err) { return &err == &std::cerr && isatty(STDERR_FILENO); }

}  // namespace adyn::cli
