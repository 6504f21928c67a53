#pragma once
// The counters behind kin::definitions_epoch (definitions_epoch.hpp), one for frames (which also
// invalidates the cached direction-cosine matrices) and one for points.
#include <atomic>
#include <cstdint>

namespace adyn::kin::detail {

extern std::atomic<std::uint64_t> orientation_epoch;  // bumped whenever any frame is (re)oriented
extern std::atomic<std::uint64_t> point_epoch;        // bumped whenever any point is (re)defined

}  // namespace adyn::kin::detail
