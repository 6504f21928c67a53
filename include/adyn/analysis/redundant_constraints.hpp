#pragma once
// Constraints that are redundant wherever they hold, left out where a method needs independent rows.
// A row is redundant when it depends on the earlier rows at every consistent state (Bricard's
// mechanism, IFToMM A04: five closure rows of rank four; the no-slip rows of two wheels on one
// axle). Udwadia & Kalaba's pseudo-inverse and the augmented-Lagrangian solve of the multiplier
// form accept such rows; the eliminating methods (Kane, Gibbs–Appell, Maggi) need independent
// ones. Leaving the row out changes no motion — the remaining rows hold it — but the rows kept can
// be dependent where all the rows are not (the two wheels' rows along ground axes, at a heading
// along an axis), so rows are left out only where the method needs it.
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::analysis {

/// The ideal constraints (no nonideal force, no friction) whose velocity-level rows depend on the
/// earlier rows at every consistent state — those classify_constraints marks REDUNDANT — in the
/// system's order. Cheap when there are none: the rows are first ranked at the reference
/// configuration moved onto φ = 0 (a row redundant everywhere is dependent there too), and only a
/// rank deficit there (a redundant row, or a singular reference configuration) calls the
/// classification at sampled consistent states.
std::vector<std::string> redundant_constraints(const model::System& system);

/// The equations of `system` by `method` (formulations::derive) with every row; where the method
/// needs independent rows and they are dependent at the initial state (SingularityError), with the
/// constraints of redundant_constraints left out, named in eom.dropped_constraints (the error
/// stands when none is redundant).
formulations::EquationsOfMotion derive_without_redundant_rows(const model::System& system, const std::string& method);

/// The equations of `system` by `method` with the named constraints left out (named in
/// eom.dropped_constraints): for rows redundant_constraints found, where the rows' solve needs
/// independent ones.
formulations::EquationsOfMotion derive_without(const model::System& system, const std::string& method,
                                               const std::vector<std::string>& constraints);

}  // namespace adyn::analysis
