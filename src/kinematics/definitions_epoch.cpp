#include "adyn/kinematics/definitions_epoch.hpp"

#include "epochs.hpp"

namespace adyn::kin {

namespace detail {
std::atomic<std::uint64_t> point_epoch{0};
}  // namespace detail

std::uint64_t definitions_epoch() { return detail::orientation_epoch.load() + detail::point_epoch.load(); }

}  // namespace adyn::kin
