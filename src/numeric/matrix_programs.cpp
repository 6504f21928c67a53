// The programs of the compiled mass-matrix form (matrix_programs.hpp).
#include "matrix_programs.hpp"

#include <utility>

#include "adyn/symbolic/collect.hpp"
#include "adyn/symbolic/hoist.hpp"
#include "adyn/symbolic/value_fingerprint.hpp"

namespace adyn::numeric {

MatrixPrograms matrix_programs(std::vector<GiNaC::symbol>& in, const std::vector<GiNaC::ex>& out,
                               const std::vector<GiNaC::symbol>& parameters) {
  const auto fingerprint = sym::value_fingerprint(in, out);
  const auto constants_key = fingerprint ? setup_key("equations' constants of the parameters", *fingerprint) : std::nullopt;
  MatrixPrograms programs;
  if (fingerprint) programs.state_key = setup_key("equations' state function: M, F, q', G, g, mu", *fingerprint);
  auto state = programs.state_key ? find_kept_program(*programs.state_key) : std::nullopt;
  auto constants = constants_key ? find_kept_program(*constants_key) : std::nullopt;
  programs.found = state && constants && state->sizes.size() == 1 && constants->program.input_count == parameters.size() &&
                   constants->program.outputs.size() == state->sizes[0] &&
                   state->program.input_count == in.size() + state->sizes[0] && state->program.outputs.size() == out.size();
  if (programs.found) {
    programs.state = std::move(*state);
    programs.constants = std::move(*constants);
    for (std::size_t k = 0; k < programs.state.sizes[0]; ++k) in.push_back(GiNaC::symbol("hoisted constant"));
    return programs;
  }
  // Terms sharing a kinematic factor are gathered (Σ_k m_k X → (Σ_k m_k) X), and what depends on
  // the parameters alone is computed once per parameter set (set_parameters) and enters the
  // per-state function as further inputs.
  auto hoisted = sym::hoist_parameter_subexpressions(sym::collect_state_terms(out), parameters);
  std::vector<GiNaC::ex> constant_values;
  for (const auto& [k, value] : hoisted.definitions) {
    in.push_back(k);
    constant_values.push_back(value);
  }
  programs.constants.program = compile_straight_line(parameters, constant_values);
  keep_compiled(constants_key, programs.constants, false, "");
  programs.state.program = compile_straight_line(in, hoisted.outputs);
  programs.state.sizes = {hoisted.definitions.size()};
  return programs;
}

}  // namespace adyn::numeric
