#pragma once
// A count of the changes to what frames and points define: it grows whenever any frame of this
// process is oriented, or any point positioned, fixed in a frame or given a velocity or an
// acceleration. Where it has not grown since a moment, no frame or point changed since then (a
// model read from a file is still what the file says: model::System::source).
#include <cstdint>

namespace adyn::kin {

std::uint64_t definitions_epoch();

}  // namespace adyn::kin
