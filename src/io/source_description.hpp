#pragma once
// What a reader read, as model::System::set_source records it: the reader and its version, its
// options, the file's name and its text, each part after its length where it could hold a newline.
#include <string>

namespace adyn::io {

std::string source_description(const std::string& reader, const std::string& options, const std::string& file,
                               const std::string& text);

}  // namespace adyn::io
