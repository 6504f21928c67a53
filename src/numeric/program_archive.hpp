#pragma once
// A straight-line program (straight_line_program.hpp) as bytes and back, for the set-up cache
// (setup_cache.hpp): the counts, then the constants, the instructions and the outputs, each field
// at its width. Reading checks what the tape would otherwise trust — every operation known, every
// slot read an input, a constant or a value written before — so that no bytes, however damaged,
// make an evaluation read outside its slots.
#include <string>
#include <string_view>

#include "adyn/numeric/straight_line_program.hpp"

namespace adyn::numeric {

std::string program_bytes(const StraightLineProgram& program);

/// Throws adyn::Error when the bytes are not a whole, well-formed program.
StraightLineProgram program_from_bytes(std::string_view bytes);

}  // namespace adyn::numeric
