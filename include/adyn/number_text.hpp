#pragma once
// A number as messages show it: as std::ostream prints a double (six significant digits).
#include <sstream>
#include <string>

namespace adyn {

inline std::string number_text(double x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

}  // namespace adyn
