// ∂u̇/∂(q, u, p) generated through the expression graph against central differences of the
// compiled accelerations, for the mass-matrix form, the multiplier form and an eliminating one.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/dynamics_derivatives.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// Central differences of u̇ in q, u and the parameters at (q, u), each step relative to its value.
numeric::AccelerationDerivatives differences(numeric::EquationsEvaluator ev, std::vector<double> parameters,
                                             const Eigen::VectorXd& q, const Eigen::VectorXd& u) {
  auto udot = [&](const Eigen::VectorXd& qq, const Eigen::VectorXd& uu) { return ev.evaluate(0, qq, uu).udot; };
  auto central = [](const std::function<Eigen::VectorXd(double)>& f, double x) {
    const double h = 1e-6 * std::max(1.0, std::abs(x));
    return Eigen::VectorXd((f(h) - f(-h)) / (2 * h));
  };
  numeric::AccelerationDerivatives d;
  d.udot = udot(q, u);
  const auto p = d.udot.size();
  d.udot_q.resize(p, q.size());
  d.udot_u.resize(p, u.size());
  d.udot_p.resize(p, static_cast<Eigen::Index>(parameters.size()));
  for (Eigen::Index j = 0; j < q.size(); ++j)
    d.udot_q.col(j) = central([&](double h) { Eigen::VectorXd x = q; x(j) += h; return udot(x, u); }, q(j));
  for (Eigen::Index j = 0; j < u.size(); ++j)
    d.udot_u.col(j) = central([&](double h) { Eigen::VectorXd x = u; x(j) += h; return udot(q, x); }, u(j));
  for (std::size_t j = 0; j < parameters.size(); ++j)
    d.udot_p.col(static_cast<Eigen::Index>(j)) = central([&](double h) {
      auto values = parameters;
      values[j] += h;
      ev.set_parameters(values);
      return udot(q, u);
    }, parameters[j]);
  return d;
}

void expect_close(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, const std::string& what) {
  ASSERT_EQ(a.rows(), b.rows()) << what;
  ASSERT_EQ(a.cols(), b.cols()) << what;
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  EXPECT_LT((a - b).cwiseAbs().maxCoeff(), 1e-6 * scale) << what << "\n" << a << "\n\n" << b;
}

void expect_derivatives_agree(const std::string& file, const std::string& method, const Eigen::VectorXd& q,
                              const Eigen::VectorXd& u) {
  const auto doc = io::read_model_document(test::example(file));
  const auto eom = formulations::derive(doc.system, method);
  const auto ev = numeric::EquationsEvaluator::for_parameters(eom, doc.system.parameter_values());
  const auto parameters = numeric::parameter_inputs(doc.system.parameter_values()).values;
  const auto generated = ev.derivatives(0, q, u, numeric::ParameterDerivatives::Include);
  const auto reference = differences(ev, parameters, q, u);
  expect_close(generated.udot, reference.udot, file + ": u'");
  expect_close(generated.udot_q, reference.udot_q, file + ": du'/dq");
  expect_close(generated.udot_u, reference.udot_u, file + ": du'/du");
  expect_close(generated.udot_p, reference.udot_p, file + ": du'/dp");
}

}  // namespace

TEST(AccelerationDerivatives, MassMatrixFormAgreesWithCentralDifferences) {
  expect_derivatives_agree("double_pendulum.yaml", "lagrange", Eigen::Vector2d(0.8, -0.4), Eigen::Vector2d(1.3, -0.7));
}

TEST(AccelerationDerivatives, MultiplierFormAgreesWithCentralDifferences) {
  expect_derivatives_agree("four_bar_linkage.yaml", "lagrange", Eigen::Vector3d(1.0, 0.4, 1.9), Eigen::Vector3d(5.0, -1.2, 2.0));
}

TEST(AccelerationDerivatives, EliminatedSpeedsAgreeWithCentralDifferences) {
  expect_derivatives_agree("greenwood_4_10_dumbbell_knife_edge.yaml", "gibbs-appell", Eigen::Vector3d(0.1, -0.2, 0.3),
                           Eigen::Vector2d(2.0, 0.5));
}

TEST(AccelerationDerivatives, TheUdwadiaKalabaFormIsRefusedSayingWhatToDo) {
  const auto doc = io::read_model_document(test::example("four_bar_linkage.yaml"));
  const auto ev = numeric::EquationsEvaluator::for_parameters(formulations::derive(doc.system, "udwadia-kalaba"),
                                                              doc.system.parameter_values());
  const auto message = test::thrown_message([&] { (void)ev.derivatives(0, Eigen::Vector3d(1.0, 0.4, 1.9), Eigen::Vector3d(5, -1.2, 2)); });
  EXPECT_NE(message.find("lagrange"), std::string::npos) << message;
}
