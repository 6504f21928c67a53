#pragma once
// The errors adyn throws. Every failure caused by user input is an adyn::Error whose message
// names the offending model object (and, for model files, the file, line and column).
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "adyn/control_characters.hpp"

namespace adyn {

/// `text` with its control characters (other than newline and tab) and its invisible ones
/// (zero-width characters, bidirectional controls: control_characters.hpp) written as \xNN and
/// \uNNNN, so that quoting user input in a message can neither drive the terminal nor show the
/// text other than it is.
inline std::string printable(const std::string& text) { return escaped_hidden_characters(text, true); }

/// Base of every adyn exception.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The model is ill-formed: unknown or duplicate object, a frame cycle, non-physical inertia, ...
/// The message starts with the object's kind and name, e.g. "frame 'B': ...".
class ModelError : public Error {
 public:
  ModelError(const std::string& object, const std::string& problem)
      : Error(object + ": " + problem), object_(object) {}
  const std::string& object() const { return object_; }

 protected:
  ModelError(const std::string& message, const std::string& object, int)
      : Error(message), object_(object) {}

 private:
  std::string object_;
};

/// A model-file error: "file:line:column: object: problem" (line and column 1-based, at the YAML
/// key or value that is wrong).
class ModelFileError : public ModelError {
 public:
  ModelFileError(const std::string& file, int line, int column, const std::string& object,
                 const std::string& problem)
      : ModelError(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + object + ": " + problem,
                   object, 0),
        file_(file),
        line_(line),
        column_(column) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  std::string file_;
  int line_;
  int column_;
};

/// A configuration at which a map is singular: an Euler-angle inverse map at gimbal lock,
/// a singular mass matrix, a constraint Jacobian that loses rank.
class SingularityError : public ModelError {
 public:
  using ModelError::ModelError;
};

/// A formulation that does not apply to this kind of system (its scope, not a failure): Hamilton's
/// equations of a kinetic energy that is not quadratic in the rates, an ideal-constraint principle
/// on a nonideal constraint, the fundamental equation on rigid bodies, ... The message says why and
/// which method applies instead. `adyn compare` reports these as "n/a", every other error as a
/// failure.
class NotApplicableError : public ModelError {
 public:
  using ModelError::ModelError;
};

/// A symbolic expression could not be evaluated to a finite real number (a symbol without a
/// value, a division by zero, a complex result).
class EvaluationError : public Error {
 public:
  using Error::Error;
};

/// Given initial values the constraints forbid (analysis::complete_initial_state): names them
/// (`given()`) and the constraint they violate.
class InitialStateError : public ModelError {
 public:
  InitialStateError(const std::string& problem, std::vector<std::string> given)
      : ModelError("initial state", problem), given_(std::move(given)) {}
  const std::vector<std::string>& given() const { return given_; }

 private:
  std::vector<std::string> given_;
};

/// What sym::determinant() and sym::solve_linear() throw for a linear system of more than
/// `largest` (sym::largest_graph_determinant) unknowns; the callers say what they were solving
/// for and what to do instead.
class BeyondGraphDeterminant : public Error {
 public:
  BeyondGraphDeterminant(unsigned order, unsigned largest)
      : Error("a linear system of " + std::to_string(order) + " unknowns, solved symbolically by Cramer's rule over "
              "the expression graph: its determinants take 2^n n operations, and at most " +
              std::to_string(largest) + " unknowns are taken"),
        order_(order) {}
  unsigned order() const { return order_; }

 private:
  unsigned order_;
};

/// The system is not a tree of joints the articulated-body algorithm handles
/// (formulations::articulated_body_dynamics): constraints, closed loops, a speed moving two
/// branches, a velocity given rather than derived, ... The message says which object and why; the
/// other formulations still apply.
class NotATree : public Error {
 public:
  using Error::Error;
};

/// Native code cannot be had (numeric::NativeFunction): an unsafe cache directory or entry, no C
/// compiler, a compiler error, a library that does not load. The evaluator then falls back to the
/// tape (with a warning).
class NativeCodeError : public Error {
 public:
  using Error::Error;
};

}  // namespace adyn
