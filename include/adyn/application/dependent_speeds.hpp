#pragma once
// The speeds Kane's, Gibbs–Appell's and Maggi's equations eliminate, chosen for one call (`adyn
// derive|simulate|linearize|eigen --dependent`, Python's `dependent=`) instead of the model's
// dependent_speeds or adyn's choice.
#include <string>
#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::application {

/// Sets the system's dependent speeds to `names`; none leaves them as they are. Throws
/// adyn::ModelError ("--dependent 'NAME'", as the command line names the option) for a name that
/// is not a speed of the model.
void set_dependent_speeds(model::System& system, const std::vector<std::string>& names);

}  // namespace adyn::application
