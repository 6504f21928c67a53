#include "adyn/application/assignment.hpp"

#include <charconv>
#include <cmath>

#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/number_forms.hpp"

namespace adyn::application {

std::string Assignment::text() const {
  if (const auto* expression = std::get_if<std::string>(&value)) return name + "=" + *expression;
  char digits[64];
  const auto end = std::to_chars(digits, digits + sizeof digits, std::get<double>(value)).ptr;
  return name + "=" + std::string(digits, end);
}

GiNaC::ex value_of(const model::System& system, const Assignment& given, const std::string& object) {
  if (const auto* expression = std::get_if<std::string>(&given.value))
    return io::parse_expression(system, *expression, object);
  const double number = std::get<double>(given.value);
  if (!std::isfinite(number)) throw ModelError(object, "expected a finite number");
  return sym::exact_decimal(number);
}

}  // namespace adyn::application
