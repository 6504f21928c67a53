#include "vector_expression.hpp"

#include <regex>
#include <stdexcept>

#include "adyn/error.hpp"
#include "adyn/io/suggestions.hpp"
#include "adyn/kinematics/recursive_kinematics.hpp"

namespace adyn::io {
namespace {

using GiNaC::ex;
using GiNaC::matrix;

// "pos(P)", "vel(P)", "acc(P)", "angvel(B)" and "B.x": the operation (empty for a basis vector),
// the frame or point, and the axis.
const std::regex& vector_term() {
  static const std::regex re(R"(\b(pos|vel|acc|angvel)\s*\(\s*([A-Za-z]\w*)\s*\)|\b([A-Za-z]\w*)\.([xyz])\b)");
  return re;
}

matrix vector_argument(const ex& e, const char* function) {
  const ex value = e.evalm();
  if (!GiNaC::is_a<matrix>(value) || GiNaC::ex_to<matrix>(value).rows() != 3 || GiNaC::ex_to<matrix>(value).cols() != 1) {
    std::string message = function;  // (appended piece by piece: GCC 12's -Wrestrict on operator+)
    message += "() takes vectors (such as vel(P), B.y), not ";
    message += GiNaC::is_a<matrix>(value) ? "a matrix" : "a number";
    throw std::invalid_argument(message);
  }
  return GiNaC::ex_to<matrix>(value);
}

ex dot_strict(const GiNaC::exvector& a) {
  const matrix u = vector_argument(a[0], "dot"), v = vector_argument(a[1], "dot");
  return u(0, 0) * v(0, 0) + u(1, 0) * v(1, 0) + u(2, 0) * v(2, 0);
}

ex cross_strict(const GiNaC::exvector& a) {
  const matrix u = vector_argument(a[0], "cross"), v = vector_argument(a[1], "cross");
  return matrix(3, 1, GiNaC::lst{u(1, 0) * v(2, 0) - u(2, 0) * v(1, 0), u(2, 0) * v(0, 0) - u(0, 0) * v(2, 0),
                                 u(0, 0) * v(1, 0) - u(1, 0) * v(0, 0)});
}

ex norm_strict(const GiNaC::exvector& a) {
  const matrix u = vector_argument(a[0], "norm");
  return GiNaC::sqrt(u(0, 0) * u(0, 0) + u(1, 0) * u(1, 0) + u(2, 0) * u(2, 0));
}

// The dry run's stand-ins: same arity, any arguments.
ex dot_lenient(const GiNaC::exvector& a) { return a[0] * a[1]; }
ex cross_lenient(const GiNaC::exvector& a) { return a[0] * a[1]; }
ex norm_lenient(const GiNaC::exvector& a) { return a[0]; }

std::vector<std::string> names_of_frames(const model::System& system) {
  std::vector<std::string> names;
  for (const auto& F : system.frames()) names.push_back(F.name());
  return names;
}

std::vector<std::string> names_of_points(const model::System& system) {
  std::vector<std::string> names;
  for (const auto& P : system.points()) names.push_back(P.name());
  return names;
}

}  // namespace

bool mentions_vectors(const std::string& text) { return std::regex_search(text, vector_term()); }

VectorTerms expand_vector_terms(const model::System& system, const std::string& text, const std::string& object) {
  const auto frames = names_of_frames(system), points = names_of_points(system);
  auto known = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  const auto N = system.inertial_frame();
  kin::RecursiveKinematics motion(N);
  VectorTerms out;
  std::size_t position = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), vector_term()); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const std::string operation = m[1], name = m[1].matched ? std::string(m[2]) : std::string(m[3]);
    const bool of_frame = !m[1].matched || operation == "angvel";
    if (!known(of_frame ? frames : points, name)) {
      std::string problem = "'";
      problem += m.str();
      problem += of_frame ? "': no frame named '" : "': no point named '";
      problem += name;
      problem += "'";
      problem += did_you_mean(name, of_frame ? frames : points);
      throw ModelError(object, problem);
    }
    kin::Vector v;
    if (!m[1].matched) v = system.frame(name).basis(std::string("xyz").find(std::string(m[4])[0]));
    else if (operation == "angvel") v = motion.angular_velocity(system.frame(name));
    else if (operation == "pos") v = system.point(name).position_from(system.origin());
    else if (operation == "vel") v = motion.velocity(system.point(name));
    else v = motion.acceleration(system.point(name));
    std::string placeholder = "adyn_vector_";
    placeholder += std::to_string(out.values.size());
    out.values[placeholder] = v.components_in(N);
    out.written.push_back(m.str());
    out.text += text.substr(position, static_cast<std::size_t>(m.position(0)) - position);
    out.text += " ";
    out.text += placeholder;
    out.text += " ";
    position = static_cast<std::size_t>(m.position(0) + m.length(0));
  }
  out.text += text.substr(position);
  return out;
}

GiNaC::prototype_table with_vector_functions(const GiNaC::prototype_table& functions, bool strict) {
  GiNaC::prototype_table out = functions;
  out[{"dot", 2}] = strict ? dot_strict : dot_lenient;
  out[{"cross", 2}] = strict ? cross_strict : cross_lenient;
  out[{"norm", 1}] = strict ? norm_strict : norm_lenient;
  return out;
}

}  // namespace adyn::io
