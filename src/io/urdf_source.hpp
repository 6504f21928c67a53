#pragma once
// A URDF's text for messages: adyn's names for its names, and where (file:line) an element is,
// so that every error names the joint or link as `file:line:1: joint 'j': ...`.
#include <map>
#include <string>

namespace adyn::io {

/// The name adyn gives a URDF name: each character that is not an ASCII letter, digit or '_'
/// becomes '_', and a name that starts with a digit (or is empty) gets a '_' before it.
std::string adyn_name(const std::string& urdf_name);

class UrdfSource {
 public:
  UrdfSource(const std::string& xml, const std::string& path) : xml_(xml), path_(path) {}
  const std::string& path() const { return path_; }
  /// The line of the <tag ... name="name"> element (tag "joint" or "link"), 1 when not found.
  int line_of(const std::string& tag, const std::string& name) const;
  /// Throws ModelFileError at the element: "path:line:1: tag 'name': problem".
  [[noreturn]] void fail(const std::string& tag, const std::string& name, const std::string& problem) const;
  /// Throws ModelFileError for the whole description: "path:1:1: robot 'name': problem".
  [[noreturn]] void fail_robot(const std::string& robot, const std::string& problem) const;

 private:
  const std::string& xml_;
  std::string path_;
};

/// adyn names claimed in one namespace (symbols, frames, points, bodies), each by its URDF owner:
/// two URDF names that map to one adyn name are refused, naming both.
class NameClaims {
 public:
  NameClaims(const UrdfSource& source, std::string kind) : source_(source), kind_(std::move(kind)) {}
  /// Claims `name` for the element <tag name="owner">; throws ModelFileError at it when taken.
  const std::string& claim(const std::string& name, const std::string& tag, const std::string& owner);

 private:
  const UrdfSource& source_;
  std::string kind_;
  std::map<std::string, std::string> owners_;  // adyn name -> "joint 'x'"
};

}  // namespace adyn::io
