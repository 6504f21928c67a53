// libFuzzer target for the model reader (built with -DADYN_FUZZ=ON, clang only).
//
// Any input must either be read, and its initial state completed where it gives one
// (application::consistent_initial_state), or be rejected with an adyn::ModelFileError, which
// carries the file, line and column. Anything else escaping the reader — another exception, a
// crash, a hang, a sanitizer report — is a bug; so is an adyn::Error without a position.
//
//   build/fuzz/model_reader_fuzzer -dict=fuzz/model.dict -max_total_time=900 corpus fuzz/corpus
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "adyn/application/initial_state.hpp"
#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto doc = adyn::io::read_model_document_text(text, "fuzz.yaml");
    adyn::application::consistent_initial_state(doc);
  } catch (const adyn::ModelFileError&) {
    // rejected with a position: what bad input should get
  } catch (const adyn::Error& e) {
    std::cerr << "adyn::Error without a file position: " << e.what() << "\n";
    std::abort();
  }
  return 0;
}
