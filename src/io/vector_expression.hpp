#pragma once
// Vector operations in the expressions of model files (issue 15): a person states a constraint or a
// load as dot(vel(P), B.y) = 0, not as its expansion in the coordinates.
//
//   B.x, B.y, B.z   the basis vectors of frame B (also -B.z: GiNaC's unary minus)
//   pos(P)          r^{P/O}, from the system's origin O
//   vel(P), acc(P)  ^N v^P and ^N a^P (in q, q̇, q̈: kin::RecursiveKinematics)
//   angvel(B)       ^N ω^B
//   dot(a, b), cross(a, b), norm(a), and sums, differences and scalar multiples of vectors.
//
// Vectors are 3 × 1 GiNaC matrices of their components in N; an expression must reduce to a
// scalar (dot or norm of vectors), else it is an error naming the expression.
#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::io {

/// `text` with each vector term (B.y, vel(P), …) replaced by a name, and those names' values.
struct VectorTerms {
  std::string text;
  GiNaC::symtab values;               // name -> 3 × 1 matrix of N components
  std::vector<std::string> written;   // the terms as written, in the order of their names' numbers
};

/// Whether `text` uses any vector term or operation (cheap, textual).
bool mentions_vectors(const std::string& text);

/// The vector terms of `text`, resolved against the system's frames and points. Throws
/// adyn::ModelError naming `object` for an unknown frame or point (with the nearest names).
VectorTerms expand_vector_terms(const model::System& system, const std::string& text, const std::string& object);

/// `functions` with dot, cross and norm added. Strict: their arguments must be vectors (the real
/// parse); lenient: anything goes (the dry run, whose names are all plain symbols).
GiNaC::prototype_table with_vector_functions(const GiNaC::prototype_table& functions, bool strict);

}  // namespace adyn::io
