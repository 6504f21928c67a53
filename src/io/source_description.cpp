#include "source_description.hpp"

namespace adyn::io {

std::string source_description(const std::string& reader, const std::string& options, const std::string& file,
                               const std::string& text) {
  std::string d = reader + "\n" + options + "\nfile " + std::to_string(file.size()) + " " + file + "\n";
  return d.append(std::to_string(text.size())).append(" bytes\n").append(text);
}

}  // namespace adyn::io
