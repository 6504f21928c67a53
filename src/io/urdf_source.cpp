#include "urdf_source.hpp"

#include <algorithm>

#include "adyn/error.hpp"

namespace adyn::io {

std::string adyn_name(const std::string& urdf_name) {
  std::string name = urdf_name;
  for (char& c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 128) && c != '_') c = '_';
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front()))) name.insert(name.begin(), '_');
  return name;
}

int UrdfSource::line_of(const std::string& tag, const std::string& name) const {
  const std::string open = "<" + tag;
  for (auto at = xml_.find(open); at != std::string::npos; at = xml_.find(open, at + 1)) {
    const auto end = xml_.find('>', at);
    const std::string element = xml_.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (element.size() <= open.size() || !std::isspace(static_cast<unsigned char>(element[open.size()]))) continue;
    if (element.find("name=\"" + name + "\"") != std::string::npos || element.find("name='" + name + "'") != std::string::npos)
      return 1 + static_cast<int>(std::count(xml_.begin(), xml_.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  }
  return 1;
}

void UrdfSource::fail(const std::string& tag, const std::string& name, const std::string& problem) const {
  throw ModelFileError(path_, line_of(tag, name), 1, tag + " '" + printable(name) + "'", problem);
}

void UrdfSource::fail_robot(const std::string& robot, const std::string& problem) const {
  throw ModelFileError(path_, 1, 1, "robot '" + printable(robot) + "'", problem);
}

const std::string& NameClaims::claim(const std::string& name, const std::string& tag, const std::string& owner) {
  const std::string who = tag + " '" + printable(owner) + "'";
  const auto [it, inserted] = owners_.emplace(name, who);
  if (!inserted)
    source_.fail(tag, owner, "its " + kind_ + " name '" + name + "' is also " + it->second + "'s (adyn names replace " +
                                 "every character but letters, digits and '_' by '_'): rename one of them");
  return it->first;
}

}  // namespace adyn::io
