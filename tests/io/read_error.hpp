#pragma once
// The error a model file's reader gives for YAML that is wrong (tests of the sections).
#include <gtest/gtest.h>

#include <string>

#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"

namespace adyn::test {

/// Reads `yaml` (source "model.yaml") expecting a ModelFileError; returns it, or fails the test.
inline ModelFileError read_error(const std::string& yaml) {
  try {
    io::read_model(yaml, "model.yaml");
  } catch (const ModelFileError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << yaml;
  return ModelFileError("", 0, 0, "", "");
}

}  // namespace adyn::test
