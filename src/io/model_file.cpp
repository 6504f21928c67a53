#include "adyn/io/model_file.hpp"
#include "adyn/io/urdf_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/expression_parser.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "geometry_section.hpp"
#include "outputs_section.hpp"
#include "sections.hpp"
#include "source_description.hpp"

namespace adyn::io {
namespace {

const std::vector<std::string> top_level_keys = {
    "name",    "inertial_frame",   "origin",     "parameters",  "coordinates",
    "speeds",  "coordinate_rates", "frames",     "points",      "particles",
    "bodies",  "constraints",      "gravity",    "forces",      "torques",
    "springs", "dampers",          "potentials", "dissipation", "generalized_forces",
    "events",  "initial",          "simulation", "dependent_speeds", "operating_point", "geometry",
    "inputs", "outputs", "joints"};

// The configuration the model is used from: its initial conditions as given, unlisted coordinates
// at 0 (model::System::reference_state).
void set_reference_state(ModelDocument& doc) {
  GiNaC::exmap reference{{sym::time(), 0}};
  for (const auto& q : doc.system.coordinates()) {
    auto it = doc.setup.initial.find(q.get_name());
    reference[q] = it == doc.setup.initial.end() ? 0.0 : it->second;
  }
  doc.system.set_reference_state(reference);
}

// The document's sections in order (sections.hpp): each reads the names those before it defined.
ModelDocument read_document(const YAML::Node& root, const std::string& source) {
  YamlReader yaml(source);
  if (!root.IsMap())
    yaml.fail(root, "model", "a model file is a YAML mapping (key: value lines), got " + describe(root));
  auto top = yaml.fields(root, "model", top_level_keys);
  auto header = [&](const char* key, const char* fallback) {
    if (!top.has(key)) return std::string(fallback);
    auto s = yaml.line_text(top[key], "model", std::string("the ") + key);
    if (s.empty()) yaml.fail(top[key], "model", std::string("the ") + key + " is empty");
    return s;
  };
  ModelDocument doc{yaml.guarded(root, "model",
                                 [&] {
                                   return model::System(header("name", "system"), header("inertial_frame", "N"),
                                                        header("origin", "O"));
                                 }),
                    {}};
  ModelValues in(source, doc.system);
  read_symbols(in, top);
  const auto joints = top.has("joints") ? read_joints(in, top["joints"]) : JointsRead{};
  auto orientations = top.has("frames") ? read_frames(in, top["frames"]) : std::map<std::string, SourcePosition>{};
  read_points(in, top);
  read_bodies(in, top, joints);
  read_constraints(in, top);
  read_events(in, top);
  read_loads(in, top);
  if (top.has("geometry")) read_geometry(in, top["geometry"]);
  if (top.has("outputs")) read_outputs(in, top["outputs"]);
  doc.initial_positions = read_initial(in, top, doc.setup);
  doc.initial_positions->orientations = std::move(orientations);
  joints.complete(doc);
  set_reference_state(doc);
  if (top.has("operating_point")) read_operating_point(in, top["operating_point"], doc.setup);
  if (top.has("simulation")) read_simulation(in, top["simulation"], doc.setup);
  if (!joints.initial_values.empty() && !doc.setup.method) {  // as the URDF reader's free joints
    doc.setup.method = formulations::default_method_in_speeds;
    doc.notes.push_back("spherical or free joint(s): the speeds are declared (not all are rates), so the equations "
                        "are Kane's by default");
  }
  return doc;
}

}  // namespace

std::map<std::string, double> initial_conditions(const ModelDocument& doc) {
  auto given = doc.setup.initial;
  const auto parameters = doc.system.parameter_values();
  for (const auto& [name, written] : doc.setup.initial_in_parameters)
    given[name] = sym::evaluate(written, parameters, "initial condition '" + name + "'");
  return given;
}

ModelDocument read_model_document_text(const std::string& yaml_text, const std::string& source, const UrdfOptions& urdf) {
  if (is_urdf_path(source)) return read_urdf_text(yaml_text, source, urdf);
  if (urdf.floating_base)
    throw ModelFileError(source, 1, 1, "floating base",
                         "applies to a robot description (.urdf) only: a model file states its own coordinates (a free "
                         "body: a frame oriented by Euler parameters, docs/model-format.md)");
  ModelDocument doc = read_document(parse_yaml(yaml_text, source), source);
  doc.system.set_source(source_description("adyn model-file reader 1", "", source, yaml_text));
  return doc;
}

model::System read_model(const std::string& yaml_text, const std::string& source) {
  return read_model_document_text(yaml_text, source).system;
}

std::string read_model_text(const std::string& path) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& problem) { throw ModelFileError(path, 1, 1, "model file", problem); };
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) fail("does not exist");
  if (fs::is_directory(status)) fail("is a directory");
  // A pipe, a device (/dev/zero, /dev/urandom) or a socket could block or never end.
  if (!fs::is_regular_file(status)) fail("is not a regular file (a pipe or a device); save the model to a file");
  const auto too_large = [&] {
    fail("is larger than " + std::to_string(max_model_file_bytes >> 20) + " MiB, more than any model needs");
  };
  const auto size = fs::file_size(path, ec);
  if (ec) fail("cannot be read");
  if (size > max_model_file_bytes) too_large();
  // Read to the end (the file may have grown since its size was taken); the limit holds either way.
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot be read");
  std::string text(static_cast<std::size_t>(size) + 1, '\0');
  std::size_t length = 0;
  for (;;) {
    in.read(text.data() + length, static_cast<std::streamsize>(text.size() - length));
    length += static_cast<std::size_t>(in.gcount());
    if (length > max_model_file_bytes) too_large();
    if (!in) break;  // the end, or an error
    text.resize(std::min(2 * text.size(), max_model_file_bytes + 1));
  }
  if (in.bad()) fail("cannot be read");
  text.resize(length);
  return text;
}

ModelDocument read_model_document(const std::string& path, const UrdfOptions& urdf) {
  return read_model_document_text(read_model_text(path), path, urdf);
}

model::System read_model_file(const std::string& path) { return read_model_document(path).system; }

GiNaC::ex parse_expression(const model::System& system, const std::string& text, const std::string& object) {
  return parse_scalar(system, text, object);
}

}  // namespace adyn::io
