#pragma once
// A straight-line program (adyn/numeric/straight_line_program.hpp) printed as C for the native
// backend: the instructions the tape runs, one statement each, so that both backends evaluate the
// same operations and the graph is walked once for both (no second common-subexpression pass, no
// printing of expressions).
#include <string>
#include <vector>

#include "adyn/numeric/straight_line_program.hpp"

namespace adyn::numeric {

/// `void name(const double* in, double* out)` computing the program's outputs (in and out distinct),
/// with the functions it needs named `name_...`, as C translation units to be compiled and linked
/// together. Beyond a thousand instructions the code is split into parts of two hundred that pass
/// the values they share through a workspace on the stack, each part a function (hidden from the
/// library's exports), five to a unit, and the last unit the function that calls them: a C
/// compiler's register allocation is superlinear in a function's size, and the units compile in
/// parallel. Otherwise one unit. With `lanes` (width > 1), in and out as Lanes says, the values
/// that depend on the lanes' inputs computed as GNU C vectors.
std::vector<std::string> straight_line_c(const StraightLineProgram& program, const std::string& name,
                                         const Lanes& lanes = {});

}  // namespace adyn::numeric
