#pragma once
// The errors adyn throws. Every failure caused by user input is an adyn::Error whose message
// names the offending model object (and, for model files, the file, line and column).
#include <stdexcept>
#include <string>

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

}  // namespace adyn
