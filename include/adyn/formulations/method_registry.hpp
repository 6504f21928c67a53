#pragma once
// The formulations as one table: each method's key (on the command line, in model files and in
// Python), the label its equations carry, its derivation, and what the rest of the code asks of a
// method (rather than comparing its name). Adding a method is one row of the table
// (src/formulations/method_registry.cpp) and its derivation.
#include <string>
#include <string_view>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::formulations {

struct Method {
  std::string_view key;    // "lagrange": the name on the command line, in model files and in Python
  std::string_view label;  // "Lagrange": EquationsOfMotion::method of the equations it derives
  EquationsOfMotion (*derive)(const model::System&) = nullptr;
  /// Its equations of an unconstrained system without events are in the system's own coordinates
  /// and speeds, their M and F the tree's: the articulated-body algorithm may evaluate them.
  bool tree_form = false;
  /// Its speeds are the coordinates' rates q̇ (Lagrange's): its tree form needs a system without
  /// declared speeds.
  bool speeds_are_rates = false;
  /// What its derivation solves for symbolically, {n} standing for the number of unknowns (for the
  /// message when they are too many for Cramer's rule), and what to derive by instead.
  std::string_view symbolic_solve = "the {n} dependent speeds";
  std::string_view instead = "derive by lagrange, gauss or udwadia-kalaba, which keep the constraints as multipliers "
                             "and eliminate no speed";
};

/// Every method, in adyn compare's order.
const std::vector<Method>& methods();

/// The method of that key, or nullptr.
const Method* find_method(std::string_view key);

/// The method of that key; throws adyn::ModelError "method 'KEY': unknown (expected one of ...)".
const Method& method_named(std::string_view key);

/// The keys of the methods, "lagrange, kane, ...".
std::string method_list();

/// The method where none is chosen (derive, codegen, simulate, animate; the model's `method` first
/// where it has one): Lagrange's equations, multipliers for the constraints.
inline constexpr const char* default_method = "lagrange";

/// The method where none is chosen and the analysis needs independent speeds (linearize, eigen,
/// equilibrium), and of a model whose speeds are declared (free and spherical joints): Kane's.
inline constexpr const char* default_method_in_speeds = "kane";

}  // namespace adyn::formulations
