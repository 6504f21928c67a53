#include "yaml_reader.hpp"

#include <yaml-cpp/eventhandler.h>

#include <sstream>

namespace adyn::io {
namespace {

// Where the YAML documents of a text start.
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> marks;
  void OnDocumentStart(const YAML::Mark& mark) override { marks.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

}  // namespace

YAML::Node parse_yaml(const std::string& text, const std::string& source) {
  auto error = [&](const YAML::Mark& mark, const std::string& problem) {
    const Position p = position_of(mark);
    return ModelFileError(source, p.line, p.column, "model", problem);
  };
  YAML::Node root;
  DocumentStarts starts;
  try {
    root = YAML::Load(text);
    std::istringstream in(text);
    YAML::Parser parser(in);
    for (int documents = 0; documents < 2 && parser.HandleNextDocument(starts);) ++documents;
  } catch (const YAML::Exception& e) {
    throw error(e.mark, "not valid YAML: " + e.msg);
  }
  if (starts.marks.empty())
    throw error(YAML::Mark::null_mark(), "the file is empty (a model is a YAML mapping, see docs/model-format.md)");
  if (starts.marks.size() > 1 && starts.marks[1].pos == starts.marks[0].pos)
    throw error(starts.marks[1], "not valid YAML: a ',' outside a list [...] or a mapping {...}");
  if (starts.marks.size() > 1) throw error(starts.marks[1], "a model file holds one YAML document, this is a second");
  return root;
}

}  // namespace adyn::io
