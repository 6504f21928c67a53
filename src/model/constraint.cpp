#include "adyn/model/constraint.hpp"

namespace adyn::model {

const GiNaC::symbol& Constraint::normal_force_symbol() {
  static const GiNaC::symbol normal_force("N_c", "N_c");
  return normal_force;
}

}  // namespace adyn::model
