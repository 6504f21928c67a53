#include "adyn/model/loads.hpp"

namespace adyn::model {

const GiNaC::symbol& Spring::stretch_symbol() {
  static const GiNaC::symbol stretch("stretch", "\\delta");
  return stretch;
}

}  // namespace adyn::model
