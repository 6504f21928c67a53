#pragma once
// What the sections of a model file share (private to src/io): positioned YAML access (`yaml`),
// the system they build, the names claimed so far and the values they read — expressions,
// constants, 3x3 matrices, axes, frames, points and vectors — each failure positioned in the file
// and naming the model object. Each section is a free function over one ModelValues
// (sections.hpp), in the order of docs/model-format.md.
#include <ginac/ginac.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "adyn/io/expression_parser.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/model/system.hpp"
#include "yaml_reader.hpp"

namespace adyn::io {

class ModelValues {
 public:
  using ex = GiNaC::ex;

  ModelValues(std::string source, model::System& built);

  const YamlReader yaml;  // the source and positioned access to its YAML
  model::System& system;  // what the sections build

  // ---- names ----

  /// Claims `name` in a namespace (symbols, frames, points, masses, loads, constraints, events,
  /// joints, shapes), failing at `node` when it is taken or when a name of the namespace looks like
  /// it (look_alike_names.hpp).
  void claim(const std::string& space, const std::string& name, const YAML::Node& node, const std::string& object);
  /// A symbol usable in expressions: an identifier, not reserved; a coordinate or speed also
  /// claims its rates name_d, name_dd.
  void claim_symbol(const YAML::Node& node, const std::string& kind, const std::string& name);
  /// {name: ..., other fields}: the fields; sets the name and the object "kind 'name'".
  Fields named(const YAML::Node& node, const std::string& kind, const std::vector<std::string>& allowed,
               std::string& name, std::string& object) const;

  /// Reads every item of the list top[key] with read_item(item), each behind a safety net at the item.
  template <class F>
  void each(const Fields& top, const char* key, const std::string& kind, F read_item) const {
    if (!top.has(key)) return;
    for (const auto& item : yaml.list(top[key], key, kind + " entries"))
      yaml.guarded(item, kind, [&] { read_item(item); });
  }

  // ---- values ----

  ex expression(const YAML::Node& node, const std::string& object, const GiNaC::symtab& extra = {}) const;
  std::vector<ex> expressions(const YAML::Node& node, const std::string& object, std::size_t n,
                              const std::string& what = "expressions") const;
  /// The value of an expression with the parameters' values, if it has one.
  std::optional<double> value_of(const YAML::Node& node, const ex& e, const std::string& object) const;
  double constant(const YAML::Node& node, const std::string& object) const;
  /// f["mass"], checked with the parameters' values at its node.
  ex mass(const Fields& f, const std::string& object) const;
  std::string one_of(const YAML::Node& node, const std::string& object, const std::string& what,
                     const std::vector<std::string>& allowed) const;
  GiNaC::matrix matrix3(const YAML::Node& node, const std::string& object, const std::string& what) const;
  /// The axis x, y, z, -x, -y, -z or three components [a, b, c] (expressions), as a column.
  GiNaC::matrix axis(const YAML::Node& node, const std::string& object) const;
  kin::ReferenceFrame frame_named(const YAML::Node& node, const std::string& object) const;
  /// The frame `name`; an unknown name is reported at `node`.
  kin::ReferenceFrame frame_called(const std::string& name, const YAML::Node& node, const std::string& object) const;
  kin::Point point_named(const YAML::Node& node, const std::string& object) const;
  /// {FRAME: [c1, c2, c3], ...} -> the sum of the components in each frame.
  kin::Vector vector(const YAML::Node& node, const std::string& object) const;

 private:
  // Where a name was defined, for "already defined" messages.
  struct Definition {
    std::string name, where;
  };
  void define(const std::string& space, const std::string& name, const std::string& where);

  std::map<std::string, Definition> defined_;
};

}  // namespace adyn::io
