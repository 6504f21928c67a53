#include "yaml_reader.hpp"

#include <yaml-cpp/eventhandler.h>

#include <map>
#include <optional>
#include <sstream>

namespace adyn::io {
namespace {

// At most this many YAML nodes in a document, counting each use of an alias as a copy of the node
// it names: a few aliases can otherwise stand for billions of nodes ("billion laughs"), and no
// model needs a tenth of this.
constexpr std::size_t max_yaml_nodes = 2000000;

// The event parser's view of a text, before it is loaded: where its documents start, and the size
// of each as the reader would walk it, every alias counted as the nodes it stands for (the size of
// an anchored node is known at its end). Counting is linear in the text, so a "billion laughs" is
// refused at the alias that crosses the limit, before any node is built or walked; an alias inside
// the node it names (a loop, which yaml-cpp accepts) is refused there too.
class DocumentEvents : public YAML::EventHandler {
 public:
  explicit DocumentEvents(const std::string& source) : source_(source) {}
  std::vector<YAML::Mark> starts;

  void OnDocumentStart(const YAML::Mark& mark) override {
    starts.push_back(mark);
    total_ = 0;
    sizes_.clear();
  }
  void OnDocumentEnd() override {}
  void OnAnchor(const YAML::Mark&, const std::string& name) override { anchor_name_ = name; }
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string&) override {
    leaf(mark, anchor);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto it = sizes_.find(anchor);
    if (it == sizes_.end()) return;  // (undefined: the parser reports it)
    if (!it->second.size)
      throw ModelFileError(source_, position_of(mark).line, position_of(mark).column, "model",
                           "the alias '*" + it->second.name + "' is inside the node it names, so it would stand for " +
                               "an endless document");
    add(*it->second.size, mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Anchor {
    std::string name;
    std::optional<std::size_t> size;  // none while the node is open
  };

  void add(std::size_t nodes, const YAML::Mark& mark) {
    total_ += nodes;
    if (total_ > max_yaml_nodes)
      throw ModelFileError(source_, position_of(mark).line, position_of(mark).column, "model",
                           "more than " + std::to_string(max_yaml_nodes) +
                               " YAML nodes (counting each use of an alias); no model needs as many");
  }
  void name(YAML::anchor_t anchor, std::optional<std::size_t> size) {
    if (anchor != YAML::NullAnchor) sizes_[anchor] = {anchor_name_, size};
  }
  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor) {
    add(1, mark);
    name(anchor, 1);
  }
  void open(const YAML::Mark& mark, YAML::anchor_t anchor) {
    add(1, mark);
    name(anchor, std::nullopt);
    collections_.push_back({anchor, total_ - 1});
  }
  void close() {
    const auto [anchor, before] = collections_.back();
    collections_.pop_back();
    if (anchor != YAML::NullAnchor) sizes_[anchor].size = total_ - before;
  }

  std::string source_, anchor_name_;
  std::size_t total_ = 0;
  std::map<YAML::anchor_t, Anchor> sizes_;
  std::vector<std::pair<YAML::anchor_t, std::size_t>> collections_;  // open: anchor, total before it
};

// Every key and value printable: a control character (written raw or as a YAML escape such as
// "\e") would reach the terminal in every message and listing that names the object. YAML 1.2
// allows only printable characters in a stream; yaml-cpp does not enforce it. (The walk visits
// at most max_yaml_nodes nodes: DocumentEvents counted them.)
void check_printable(const YAML::Node& root, const std::string& source) {
  std::vector<YAML::Node> pending = {root};  // a stack, not recursion: nesting depth is the file's
  while (!pending.empty()) {
    const YAML::Node node = pending.back();
    pending.pop_back();
    if (node.IsScalar()) {
      for (unsigned char c : node.Scalar())
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
          const SourcePosition p = position_of(node);
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
    const SourcePosition p = position_of(mark);
    return ModelFileError(source, p.line, p.column, "model", problem);
  };
  YAML::Node root;
  DocumentEvents events(source);
  try {
    std::istringstream in(text);
    YAML::Parser parser(in);
    for (int documents = 0; documents < 2 && parser.HandleNextDocument(events);) ++documents;
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw error(e.mark, "not valid YAML: " + e.msg);
  }
  if (events.starts.empty())
    throw error(YAML::Mark::null_mark(), "the file is empty (a model is a YAML mapping, see docs/model-format.md)");
  if (events.starts.size() > 1 && events.starts[1].pos == events.starts[0].pos)
    throw error(events.starts[1], "not valid YAML: a ',' outside a list [...] or a mapping {...}");
  if (events.starts.size() > 1) throw error(events.starts[1], "a model file holds one YAML document, this is a second");
  check_printable(root, source);
  return root;
}

}  // namespace adyn::io
