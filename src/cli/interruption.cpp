// Catching SIGINT and SIGTERM during a run (interruption.hpp).
#include "adyn/cli/interruption.hpp"

namespace adyn::cli {
namespace {

volatile std::sig_atomic_t signal_caught = 0;

extern "C" void record_signal(int signal) { signal_caught = signal; }

}  // namespace

CatchInterruption::CatchInterruption() {
  signal_caught = 0;
  struct sigaction action {};
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous_int_);
  sigaction(SIGTERM, &action, &previous_term_);
}

CatchInterruption::~CatchInterruption() {
  sigaction(SIGINT, &previous_int_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
}

int CatchInterruption::caught() { return signal_caught; }

}  // namespace adyn::cli
