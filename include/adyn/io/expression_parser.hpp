#pragma once
// The expressions of model files: GiNaC's parser behind the checks that keep bad input from
// crashing, hanging or meaning something unintended (bounds on length and nesting, a dry run with
// the numbers replaced by symbols that sizes powers of exact numbers before any is computed, only
// the elementary functions, every name defined, a real value — docs/model-format.md "Errors"), and
// the vector terms of vector_expression.hpp. Messages name the model object and quote the text.
#include <ginac/ginac.h>

#include <cstddef>
#include <string>
#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::io {

/// `text` parsed against the system's symbols (System::symbol_table), `extra` names (name ->
/// symbol, for names the system does not have) and the system's frames and points (B.y, vel(P),
/// dot, …): a real scalar. Throws adyn::ModelError naming `object`.
GiNaC::ex parse_scalar(const model::System& system, const std::string& text, const std::string& object,
                       const GiNaC::symtab& extra = {});

/// A name that expressions give another meaning (time t, the constants I, Pi, …, the functions):
/// not usable for a model's symbols.
bool reserved_name(const std::string& name);
/// A letter followed by letters, digits or underscores.
bool is_identifier(const std::string& s);

/// 's' in quotes, cut to `max_length` characters (with "...").
std::string in_quotes(const std::string& s, std::size_t max_length = 60);
/// The first line of a library's message, in the user's words (sym::library_message): without
/// GiNaC's "parse error at line 0, column 0: " and its function names ("power::eval(): ").
std::string first_line(const std::string& message);
/// " (did you mean 'x'?)", or the list of what is allowed when nothing is close.
std::string hint(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace adyn::io
