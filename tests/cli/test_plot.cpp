// Figures by gnuplot (plot.hpp), the trajectory figure of `adyn simulate --plot`, and the progress
// bar of long runs.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>

#include "adyn/cli/plot.hpp"
#include "adyn/cli/progress.hpp"
#include "adyn/cli/simulation_setup.hpp"
#include "adyn/cli/trajectory_plot.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "cli_support.hpp"

namespace {

using adyn::test::example;
using adyn::test::run;
using adyn::test::ScopedEnvironment;
namespace plot = adyn::cli::plot;

plot::Figure two_panels() {
  plot::Figure f{.title = "Test figure"};
  std::vector<double> x, sine, decay;
  for (int i = 0; i <= 50; ++i) {
    x.push_back(0.1 * i);
    sine.push_back(std::sin(x.back()));
    decay.push_back(std::exp(-3 * x.back()));
  }
  f.panels.push_back({.title = "Sine's", .x_label = "t (s)", .y_label = "y", .x = x, .series = {{"sin t", sine}, {"-sin t", {}}}});
  for (double s : sine) f.panels.back().series.back().y.push_back(-s);
  f.panels.push_back({.title = "Decay", .x_label = "t (s)", .y_label = "|r|", .x = x, .series = {{"exp(-3t)", decay}}, .log_y = true});
  return f;
}

bool is_png(const std::string& bytes) { return bytes.size() > 8 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0; }

void skip_without_gnuplot() {
  if (!adyn::test::on_path("gnuplot")) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
}

// `doc` derived by `method`, simulated to t_end from the state `initial` gives for its equations
// (samples every 0.1 s), and the figure `adyn simulate --plot` draws of the run.
struct Plotted {
  adyn::numeric::Trajectory trajectory;
  plot::Figure figure;
};

Plotted plotted(const adyn::io::ModelDocument& doc, const std::string& method, double t_end,
                const std::function<adyn::formulations::State(const adyn::formulations::EquationsOfMotion&)>& initial,
                bool project = true) {
  const auto eom = adyn::formulations::derive(doc.system, method);
  adyn::numeric::SimulationOptions o;
  o.t_end = t_end;
  o.output_step = 0.1;
  o.project = project;
  auto trajectory = adyn::numeric::simulate(doc.system, eom, initial(eom), o);
  auto figure = adyn::cli::trajectory_figure(doc.system, eom, trajectory, o);
  return {std::move(trajectory), std::move(figure)};
}

}  // namespace

TEST(Plot, ScriptDrawsEveryPanelAndSeries) {
  const auto script = plot::gnuplot_script(two_panels(), "/tmp/out.png", {"/tmp/a.dat", "/tmp/b.dat"});
  EXPECT_NE(script.find("pngcairo"), std::string::npos) << script;
  EXPECT_NE(script.find("set output '/tmp/out.png'"), std::string::npos) << script;
  EXPECT_NE(script.find("set multiplot layout 2,1 title 'Test figure'"), std::string::npos) << script;
  EXPECT_NE(script.find("set title 'Sine''s'"), std::string::npos) << script;  // a quote in a gnuplot string
  EXPECT_NE(script.find("'/tmp/a.dat' using 1:2 with lines linewidth 1.5 title 'sin t'"), std::string::npos) << script;
  EXPECT_NE(script.find("'/tmp/a.dat' using 1:3 with lines linewidth 1.5 title '-sin t'"), std::string::npos) << script;
  EXPECT_NE(script.find("set logscale y"), std::string::npos) << script;
  EXPECT_NE(script.find("'/tmp/b.dat' using 1:2"), std::string::npos) << script;
  const auto svg = plot::gnuplot_script(two_panels(), "/tmp/out.svg", {"/tmp/a.dat", "/tmp/b.dat"});
  EXPECT_NE(svg.find("set terminal svg"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("pngcairo"), std::string::npos) << svg;
}

// A marker (a stability boundary, the time a run stopped) is a dashed vertical line with its label,
// removed again before the next panel.
TEST(Plot, MarkersAreLabelledVerticalLines) {
  auto figure = two_panels();
  figure.panels[0].markers.push_back({2.5, "Omega = 2.5: stable above"});
  const auto script = plot::gnuplot_script(figure, "/tmp/out.png", {"/tmp/a.dat", "/tmp/b.dat"});
  EXPECT_NE(script.find("set arrow 1 from 2.5, graph 0 to 2.5, graph 1 nohead dashtype 2"), std::string::npos) << script;
  EXPECT_NE(script.find("set label 2 'Omega = 2.5: stable above' at 2.5, graph 0.93 right"), std::string::npos) << script;
  const auto unset = script.find("unset arrow"), second = script.find("'/tmp/b.dat' using 1:2");
  EXPECT_TRUE(unset != std::string::npos && unset < second) << script;
}

// A long figure title would run off the canvas: it is broken at spaces into lines of at most 90
// characters, single-quoted strings joined by "\n" (their quotes doubled, backslashes and
// backquotes as they are: gnuplot reads neither inside single quotes).
TEST(Plot, LongFigureTitlesAreWrapped) {
  auto figure = two_panels();
  figure.title = std::string(60, 'a') + " 'quoted' " + std::string(40, 'b') + " back\\slash `date`";
  const auto script = plot::gnuplot_script(figure, "/tmp/out.png", {"/tmp/a.dat", "/tmp/b.dat"});
  const std::string expected = "title '" + std::string(60, 'a') + " ''quoted'''.\"\\n\".'" + std::string(40, 'b') +
                               " back\\slash `date`' font";
  EXPECT_NE(script.find(expected), std::string::npos) << script;
}

TEST(Plot, RendersPngAndSvg) {
  skip_without_gnuplot();
  const auto png = adyn::test::temporary_file("figure.png"), svg = adyn::test::temporary_file("figure.svg");
  plot::render(two_panels(), png);
  plot::render(two_panels(), svg);
  EXPECT_TRUE(is_png(adyn::test::read_text(png)));
  const auto text = adyn::test::read_text(svg);
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find("Test figure"), std::string::npos);
  EXPECT_NE(text.find("exp(-3t)"), std::string::npos);  // the legend
}

// A panel whose series have no point to draw (all NaN, or nothing positive on a log axis) is drawn
// empty instead of making gnuplot fail.
TEST(Plot, PanelWithoutPointsIsDrawnEmpty) {
  skip_without_gnuplot();
  auto f = two_panels();
  for (auto& y : f.panels.back().series.front().y) y = -1;  // nothing positive on the log axis
  const auto png = adyn::test::temporary_file("empty.png");
  plot::render(f, png);
  EXPECT_TRUE(is_png(adyn::test::read_text(png)));
}

TEST(Plot, ErrorsNameTheProblem) {
  auto f = two_panels();
  EXPECT_THROW(plot::render(f, adyn::test::temporary_file("figure.pdf")), adyn::Error);
  f.panels.front().series.front().y.pop_back();
  try {
    plot::render(f, adyn::test::temporary_file("figure.png"));
    FAIL() << "a series shorter than x was drawn";
  } catch (const adyn::Error& e) {
    EXPECT_NE(std::string(e.what()).find("series 'sin t'"), std::string::npos) << e.what();
  }
}

TEST(Plot, MissingGnuplotIsAnErrorNamingIt) {
  ScopedEnvironment no_gnuplot("ADYN_GNUPLOT", "/nonexistent/gnuplot");
  try {
    plot::render(two_panels(), adyn::test::temporary_file("figure.png"));
    FAIL() << "rendered without gnuplot";
  } catch (const adyn::Error& e) {
    EXPECT_NE(std::string(e.what()).find("gnuplot"), std::string::npos) << e.what();
  }
  auto r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "0.1", "-o",
                adyn::test::temporary_file("dp.csv"), "--plot", adyn::test::temporary_file("dp.png")});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("gnuplot"), std::string::npos) << r.err;
}

TEST(SimulatePlot, WritesPngAndSvg) {
  skip_without_gnuplot();
  for (const char* extension : {".png", ".svg"}) {
    const auto picture = adyn::test::temporary_file(std::string("double_pendulum") + extension);
    std::filesystem::remove(picture);
    auto r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "2", "-o", adyn::test::temporary_file("dp.csv"),
                  "--plot", picture});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("plot written to " + picture), std::string::npos) << r.out;
    const auto bytes = adyn::test::read_text(picture);
    EXPECT_GT(bytes.size(), 1000u) << picture;
    if (std::string(extension) == ".png") {
      EXPECT_TRUE(is_png(bytes));
    } else {
      EXPECT_NE(bytes.find("Double pendulum"), std::string::npos);
    }
  }
}

// The double pendulum's angles are in rad, its rates in rad/s; E is conserved, so its panel shows
// the energy error alone, in J (the masses are in kg); there are no constraints, so there is no
// violation panel.
TEST(SimulatePlot, FigureOfTheDoublePendulum) {
  const auto doc = adyn::io::read_model_document(example("double_pendulum.yaml"));
  const auto [tr, f] = plotted(doc, "lagrange", 0.5, [](const auto&) {
    return adyn::formulations::State{0, Eigen::Vector2d(0.8, -0.4), Eigen::Vector2d::Zero()};
  });
  EXPECT_NE(f.title.find("Double pendulum"), std::string::npos);
  ASSERT_EQ(f.panels.size(), 3u);
  EXPECT_EQ(f.panels[0].y_label, "q (rad)");
  EXPECT_EQ(f.panels[0].x_label, "t (s)");
  ASSERT_EQ(f.panels[0].series.size(), 2u);
  EXPECT_EQ(f.panels[0].series[0].name, "q1");
  EXPECT_EQ(f.panels[0].series[0].y.size(), tr.t.size());
  EXPECT_EQ(f.panels[1].y_label, "u (rad/s)");
  EXPECT_EQ(f.panels[1].series[1].name, "q2_d");
  ASSERT_EQ(f.panels[2].series.size(), 1u);
  EXPECT_EQ(f.panels[2].y_label, "energy (J)");
  EXPECT_EQ(f.panels[2].series[0].y.front(), 0.0);  // E − E(0)
  for (const auto& p : f.panels) EXPECT_TRUE(p.markers.empty());  // the run completed
}

// Greenwood's rolling disk: one panel per unit — x, y in m (the model's `unit:`) —, and the spin,
// which grows to 25 rad, apart from the lean of 0.2 rad.
TEST(SimulatePlot, CoordinatesOfDifferentUnitsAndScalesGetPanelsOfTheirOwn) {
  const auto doc = adyn::io::read_model_document(example("greenwood_4_11_rolling_disk.yaml"));
  const auto x = adyn::application::initial_state(doc).state;
  const auto f = plotted(doc, "gibbs-appell", 4, [&](const auto& eom) {
                   return adyn::formulations::state_for(eom, doc.system, x.t, x.q, x.u);
                 }).figure;
  ASSERT_GE(f.panels.size(), 3u);
  EXPECT_EQ(f.panels[0].title, "Coordinates: x, y");
  EXPECT_EQ(f.panels[0].y_label, "q (m)");
  EXPECT_EQ(f.panels[1].title, "Coordinates: theta");
  EXPECT_EQ(f.panels[1].y_label, "q (rad)");
  EXPECT_EQ(f.panels[2].title, "Coordinates: phi, spin");
}

// A run that stops early is marked in every panel at the time it stopped, with the reason.
TEST(SimulatePlot, AFailedRunIsMarkedWhereItStopped) {
  auto doc = adyn::io::read_model_document_text(R"(name: collapse
coordinates: [x]
points: [{name: P, from: O, position: {N: [x, 0, 0]}}]
particles: [{name: p, point: P, mass: 1}]
potentials: [{name: attraction, energy: -1/x}]
)");
  const auto [tr, f] = plotted(doc, "lagrange", 2, [](const auto&) {
    return adyn::formulations::State{0, Eigen::VectorXd::Ones(1), Eigen::VectorXd::Zero(1)};
  });
  ASSERT_FALSE(tr.summary.completed);
  for (const auto& p : f.panels) {
    ASSERT_EQ(p.markers.size(), 1u) << p.title;
    EXPECT_EQ(p.markers[0].x, tr.t.back());
    EXPECT_EQ(p.markers[0].label.rfind("stopped: ", 0), 0u);
  }
}

// A constrained system gets a violation panel, logarithmic once the violation is positive.
TEST(SimulatePlot, FigureOfAConstrainedSystemShowsTheViolation) {
  const auto doc = adyn::io::read_model_document(example("bead_on_wire.yaml"));
  const auto [tr, f] = plotted(
      doc, "udwadia-kalaba", 0.3,
      [](const auto&) {
        return adyn::formulations::State{0, Eigen::Vector2d(0, 0), Eigen::Vector2d(1.0, std::tan(0.5235987755982988))};
      },
      /*project=*/false);
  const auto& violation = f.panels.back();
  EXPECT_EQ(violation.series[0].name, "violation");
  EXPECT_EQ(violation.series[0].y, tr.violation);
  const bool positive = std::any_of(tr.violation.begin(), tr.violation.end(), [](double v) { return v > 0; });
  EXPECT_EQ(violation.log_y, positive);
  // friction does work: the energy change and the integration error, each on its own axis
  const auto& change = f.panels[f.panels.size() - 3];
  const auto& error = f.panels[f.panels.size() - 2];
  EXPECT_EQ(change.title, "Energy change by the work done");
  EXPECT_EQ(error.title, "Integration error of the energy");
  EXPECT_EQ(error.series[0].name, "E − E(0) − ∫(dE/dt) dt");
}

TEST(ProgressBar, DrawsOnceDueAndErasesItself) {
  std::ostringstream out;
  {
    adyn::cli::ProgressBar bar(out, "simulate", 10, std::chrono::milliseconds(0));
    bar.update(5);
    EXPECT_NE(out.str().find("simulate [###############---------------]  50%"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("t =        5 of 10"), std::string::npos) << out.str();
    bar.finish();
    EXPECT_EQ(out.str().substr(out.str().size() - 4), "\r\x1b[K");
    const auto size = out.str().size();
    bar.update(10);  // after finish: nothing
    EXPECT_EQ(out.str().size(), size);
  }
  std::ostringstream quiet;
  adyn::cli::ProgressBar later(quiet, "simulate", 10, std::chrono::hours(1));
  later.update(5);  // a short run: nothing drawn
  later.finish();
  EXPECT_TRUE(quiet.str().empty());
  EXPECT_FALSE(adyn::cli::ProgressBar::on_terminal(quiet));
}

// The hook the progress bar hangs on: numeric::simulate reports the time of every sample.
TEST(ProgressBar, SimulationReportsEverySample) {
  const auto doc = adyn::io::read_model_document(example("double_pendulum.yaml"));
  const auto eom = adyn::formulations::derive(doc.system, "lagrange");
  adyn::numeric::SimulationOptions o;
  o.t_end = 0.5;
  o.output_step = 0.1;
  std::vector<double> reported;
  o.progress = [&](double t) { reported.push_back(t); };
  adyn::formulations::State x0{0, Eigen::Vector2d(0.8, -0.4), Eigen::Vector2d::Zero()};
  const auto tr = adyn::numeric::simulate(doc.system, eom, x0, o);
  EXPECT_EQ(reported, tr.t);
  EXPECT_DOUBLE_EQ(reported.back(), 0.5);
}
