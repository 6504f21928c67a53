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

namespace {

// At most this many YAML nodes, counting each use of an alias: a few aliases can otherwise stand
// for billions of nodes ("billion laughs"), and no model needs a tenth of this.
constexpr std::size_t max_yaml_nodes = 2000000;

// Every key and value printable: a control character (written raw or as a YAML escape such as
// "\e") would reach the terminal in every message and listing that names the object. YAML 1.2
// allows only printable characters in a stream; yaml-cpp does not enforce it.
void check_printable(const YAML::Node& root, const std::string& source) {
  std::vector<YAML::Node> pending = {root};  // a stack, not recursion: nesting depth is the file's
  for (std::size_t visited = 0; !pending.empty(); ++visited) {
    if (visited > max_yaml_nodes)
      throw ModelFileError(source, 1, 1, "model", "more than " + std::to_string(max_yaml_nodes) +
                                                      " YAML nodes (counting each use of an alias); no model needs as many");
    const YAML::Node node = pending.back();
    pending.pop_back();
    if (node.IsScalar()) {
      for (unsigned char c : node.Scalar())
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
          const Position p = position_of(node);
          throw ModelFileError(source, p.line, p.column, "model",
                               "the text " + in_quotes(node.Scalar()) + " contains a control character");
        }
    } else if (node.IsMap()) {
      for (const auto& kv : node) {
        pending.push_back(kv.first);
        pending.push_back(kv.second);
      }
    } else if (node.IsSequence()) {
      for (const auto& item : node) pending.push_back(item);
    }
  }
}

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
  check_printable(root, source);
  return root;
}

}  // namespace adyn::io
