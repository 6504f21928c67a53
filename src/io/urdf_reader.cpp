// URDF robot descriptions read with urdfdom (include/adyn/io/urdf_reader.hpp).
#include "adyn/io/urdf_reader.hpp"

#include <console_bridge/console.h>
#include <tinyxml.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>

#include "source_description.hpp"
#include "urdf_builder.hpp"
#include "urdf_source.hpp"

namespace adyn::io {
namespace {

// What urdfdom reports through console_bridge while it parses (its errors say what is wrong).
class Messages : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_WARN && first_.empty()) first_ = text;
  }
  const std::string& first() const { return first_; }

 private:
  std::string first_;
};

urdf::ModelInterfaceSharedPtr parse(const std::string& xml, std::string& message) {
  static std::mutex one_at_a_time;  // console_bridge's handler is global
  const std::lock_guard lock(one_at_a_time);
  Messages messages;
  console_bridge::useOutputHandler(&messages);
  urdf::ModelInterfaceSharedPtr robot;
  try {
    robot = urdf::parseURDF(xml);
  } catch (const std::exception& e) {  // urdfdom throws for a malformed version attribute
    message = e.what();
  }
  console_bridge::restorePreviousOutputHandler();
  if (message.empty()) message = messages.first();
  return robot;
}

// A cycle of joints (each link the child of the next one's child ...), from the XML: urdfdom finds
// no root link then, and says no more. Empty when there is none.
std::vector<std::string> joint_cycle(const std::string& xml) {
  TiXmlDocument document;
  document.Parse(xml.c_str());
  const TiXmlElement* robot = document.RootElement();
  std::map<std::string, std::pair<std::string, std::string>> parent_of;  // child link -> (joint, parent link)
  for (auto* j = robot ? robot->FirstChildElement("joint") : nullptr; j; j = j->NextSiblingElement("joint")) {
    const auto* parent = j->FirstChildElement("parent");
    const auto* child = j->FirstChildElement("child");
    if (j->Attribute("name") && parent && child && parent->Attribute("link") && child->Attribute("link"))
      parent_of[child->Attribute("link")] = {j->Attribute("name"), parent->Attribute("link")};
  }
  for (const auto& start : parent_of) {
    std::vector<std::string> links{start.first}, joints;
    for (auto at = parent_of.find(start.first); at != parent_of.end(); at = parent_of.find(links.back())) {
      joints.push_back(at->second.first);
      const auto seen = std::find(links.begin(), links.end(), at->second.second);
      if (seen != links.end()) return {joints.begin() + (seen - links.begin()), joints.end()};
      links.push_back(at->second.second);
    }
  }
  return {};
}

std::string quoted_list(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "'" : ", '") + n + "'";
  return text;
}

// urdfdom's message, at the joint or link it names ("joint [j]", "link [l]") when it names one.
[[noreturn]] void refuse(const UrdfSource& source, const std::string& xml, const std::string& message) {
  if (message.find("No root link found") != std::string::npos)
    if (const auto cycle = joint_cycle(xml); !cycle.empty())
      source.fail("joint", cycle.front(), "the joints " + quoted_list(cycle) + " form a cycle: a robot description is a tree");
  const std::string problem = "urdfdom cannot read the description: " + (message.empty() ? "not a URDF robot" : message);
  for (const char* tag : {"joint", "link"}) {  // the joint when both are named
    std::smatch m;
    if (std::regex_search(message, m, std::regex(std::string(tag) + R"( \[([^\]]*)\])", std::regex::icase)))
      source.fail(tag, m[1].str(), problem);
  }
  throw ModelFileError(source.path(), 1, 1, "robot description", problem);
}

}  // namespace

bool is_urdf_path(const std::string& path) {
  if (path.size() < 5) return false;
  std::string end = path.substr(path.size() - 5);
  std::transform(end.begin(), end.end(), end.begin(), [](unsigned char c) { return std::tolower(c); });
  return end == ".urdf";
}

namespace {

// The reader's options, as model::System::set_source records them (source_description).
std::string options_text(const UrdfOptions& options) {
  std::ostringstream d;
  d.precision(17);
  d << "mimic constraints " << options.mimic_constraints << ", floating base " << options.floating_base
    << ", snap tolerance " << options.snap_tolerance;
  return d.str();
}

}  // namespace

ModelDocument read_urdf(const std::string& path, const UrdfOptions& options) {
  return read_urdf_text(read_model_text(path), path, options);
}

ModelDocument read_urdf_text(const std::string& xml, const std::string& source, const UrdfOptions& options) {
  const UrdfSource where(xml, source);
  std::string message;
  const auto robot = parse(xml, message);
  if (!robot) refuse(where, xml, message);
  ModelDocument doc = UrdfBuilder(*robot, where, options).build();
  doc.system.set_source(source_description("adyn URDF reader 1", options_text(options), source, xml));
  return doc;
}

}  // namespace adyn::io
