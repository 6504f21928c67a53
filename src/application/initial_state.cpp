#include "adyn/application/initial_state.hpp"

#include <map>
#include <string>

#include "adyn/error.hpp"
#include "adyn/io/expression_parser.hpp"

namespace adyn::application {
namespace {

const std::string object = "initial conditions";

// The values of the system's parameters that have one, by name (what a completion depends on).
std::map<std::string, double> parameter_map(const model::System& system) {
  std::map<std::string, double> values;
  for (const auto& p : system.parameters())
    if (p.value) values[p.symbol.get_name()] = *p.value;
  return values;
}

[[noreturn]] void fail(const io::InitialStatePositions& file, const io::SourcePosition& at, const std::string& what,
                       const std::string& problem) {
  throw ModelFileError(file.source, at.line, at.column, what, problem);
}

// The problem of a ModelError without its object ("object: problem").
std::string problem_of(const ModelError& e) { return std::string(e.what()).substr(e.object().size() + 2); }

// The completion, or none when it is left to the run (see consistent_initial_state).
std::optional<analysis::InitialState> completed(const io::ModelDocument& doc, const io::InitialStatePositions& file) {
  const auto& section = file.section;
  try {
    return analysis::complete_initial_state(doc.system, doc.setup.initial);
  } catch (const EvaluationError&) {
    return std::nullopt;  // the constraints need parameter values: a run reports it
  } catch (const InitialStateError& e) {
    if (!section) return std::nullopt;
    const auto at = e.given().empty() ? file.values.end() : file.values.find(e.given().front());
    fail(file, at == file.values.end() ? *section : at->second, object, problem_of(e));
  } catch (const ModelError& e) {
    if (!section) return std::nullopt;
    fail(file, *section, object, std::string("cannot be completed to satisfy the constraints: ") + e.what());
  } catch (const std::exception& e) {
    if (!section) return std::nullopt;
    fail(file, *section, object, "cannot be completed to satisfy the constraints: " + io::first_line(e.what()));
  }
}

}  // namespace

std::optional<io::CompletedInitialState> consistent_initial_state(const io::ModelDocument& doc) {
  if (!doc.initial_positions) return std::nullopt;
  const auto& file = *doc.initial_positions;
  auto x = completed(doc, file);
  if (!x) return std::nullopt;
  try {
    analysis::check_rotations(doc.system, x->state, "the initial state");
  } catch (const ModelError& e) {
    const auto at = file.orientations.find(e.object());
    if (at == file.orientations.end()) throw;
    fail(file, at->second, e.object(), problem_of(e));
  }
  return io::CompletedInitialState{doc.setup.initial, parameter_map(doc.system), std::move(*x)};
}

analysis::InitialState initial_state_of(const io::ModelDocument& doc) {
  const auto& c = doc.completed;
  const auto given = io::initial_conditions(doc);
  if (c && c->given == given && c->parameters == parameter_map(doc.system)) return c->state;
  return analysis::complete_initial_state(doc.system, given);
}

}  // namespace adyn::application
