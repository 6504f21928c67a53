#pragma once
// Work with a time limit: symbolic derivation cannot be interrupted from inside (GiNaC has no
// cancellation), so the work runs in a child process that is killed when its time is up.
#include <functional>
#include <optional>
#include <string>

namespace adyn::cli {

/// Runs `work` in a forked child process and returns the text it returns, or nullopt when it did
/// not finish within `seconds` (the child is then killed). The parent's memory is the child's at
/// the fork (copy on write), so `work` may read anything built before. Throws adyn::Error when the
/// child cannot be started or ends without a result (a crash names the signal).
std::optional<std::string> run_with_time_limit(const std::function<std::string()>& work, double seconds);

}  // namespace adyn::cli
