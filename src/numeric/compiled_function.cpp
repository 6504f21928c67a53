#include "adyn/numeric/compiled_function.hpp"

#include <algorithm>

#include "adyn/error.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::numeric {

ParameterInputs parameter_inputs(const GiNaC::exmap& values) {
  std::vector<GiNaC::ex> by_name;
  for (const auto& [s, v] : values) by_name.push_back(s);
  ParameterInputs p;
  for (const auto& s : sym::canonically_sorted(by_name)) {
    p.symbols.push_back(GiNaC::ex_to<GiNaC::symbol>(s));
    const GiNaC::ex v = values.at(s).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(v)) throw Error("parameter '" + p.symbols.back().get_name() + "' has no numeric value");
    p.values.push_back(GiNaC::ex_to<GiNaC::numeric>(v).to_double());
  }
  return p;
}

std::vector<GiNaC::symbol> state_inputs(const std::vector<GiNaC::symbol>& coordinates,
                                        const std::vector<GiNaC::symbol>& speeds, const GiNaC::exmap& values) {
  std::vector<GiNaC::symbol> inputs = {sym::time()};
  inputs.insert(inputs.end(), coordinates.begin(), coordinates.end());
  inputs.insert(inputs.end(), speeds.begin(), speeds.end());
  const auto parameters = parameter_inputs(values).symbols;
  inputs.insert(inputs.end(), parameters.begin(), parameters.end());
  return inputs;
}

CompiledFunction::CompiledFunction(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs,
                                   Backend backend, const std::optional<MassMatrixSolve>& solve, const Lanes& lanes)
    : CompiledFunction(compile_straight_line(inputs, outputs), backend, solve, lanes) {}

CompiledFunction::CompiledFunction(const StraightLineProgram& program, Backend backend,
                                   const std::optional<MassMatrixSolve>& solve, const Lanes& lanes,
                                   const std::string& library_name)
    : lanes_(lanes) {
  if (backend == Backend::Native) {
    try {
      native_ = std::make_shared<NativeFunction>(program, solve, lanes, library_name);
      backend_note_ = native_->note();
      return;
    } catch (const NativeCodeError& e) {
      backend_note_ = std::string(e.what()) + "; evaluating with the tape instead";
    }
  }
  tape_ = std::make_shared<Tape>(program);
}

// Point by point: the shared inputs, then each lane's own, gathered into this thread's buffer.
void CompiledFunction::evaluate_lanes_on_tape(const double* in, double* out) const {
  thread_local std::vector<double> point_in, point_out;
  const std::size_t first = lanes_.first, width = lanes_.width, inputs = tape_->input_count(), outputs = tape_->output_count();
  point_in.resize(inputs);
  point_out.resize(outputs);
  std::copy(in, in + first, point_in.begin());
  for (std::size_t l = 0; l < width; ++l) {
    for (std::size_t s = first; s < inputs; ++s) point_in[s] = in[first + (s - first) * width + l];
    tape_->evaluate(point_in.data(), point_out.data());
    for (std::size_t o = 0; o < outputs; ++o) out[o * width + l] = point_out[o];
  }
}

}  // namespace adyn::numeric
