#pragma once
// Figures rendered by gnuplot: a figure is a column of panels sharing a width, each panel one x
// axis with several named y series (a legend entry each), optionally on a logarithmic y axis.
// adyn writes the data and a gnuplot script to a temporary directory and runs gnuplot on them
// (`simulate --plot`, and whatever else wants a picture).
//
//   plot::Figure figure{.title = "Double pendulum"};
//   figure.panels.push_back({.title = "Coordinates", .x_label = "t (s)", .y_label = "q (rad)",
//                            .x = t, .series = {{"q1", q1}, {"q2", q2}}});
//   plot::render(figure, "out.png");   // or .svg
#include <string>
#include <vector>

namespace adyn::cli::plot {

/// One curve: its legend entry and its values (one per x of the panel; NaN: no point).
struct Series {
  std::string name{};
  std::vector<double> y{};
};

enum class Style { Lines, Points, LinesPoints };

/// A vertical line across a panel at x, labelled: a stability boundary, the time a run stopped.
struct Marker {
  double x = 0;
  std::string label{};
};

struct Panel {
  std::string title{}, x_label{}, y_label{};
  std::vector<double> x{};
  std::vector<Series> series{};
  bool log_y = false;  // logarithmic y axis; values <= 0 are left out
  Style style = Style::Lines;
  std::vector<Marker> markers{};
};

struct Figure {
  std::string title{};
  std::vector<Panel> panels{};
  int width = 1100;         // pixels (PNG) or points (SVG)
  int panel_height = 280;   // per panel, the figure's title adds a band on top
};

/// The gnuplot script that draws `figure` to `output` (PNG by pngcairo when the gnuplot at hand
/// has it, else by png; SVG for a path ending in .svg), reading panel k's data — columns x, then
/// each series — from data_files[k].
std::string gnuplot_script(const Figure& figure, const std::string& output, const std::vector<std::string>& data_files);

/// Renders `figure` to `path` (.png or .svg) with gnuplot: the program named by the environment
/// variable ADYN_GNUPLOT, else `gnuplot` from PATH (Debian: gnuplot-nox). Throws adyn::Error
/// naming gnuplot when it is missing or fails (with its messages), and for another extension, a
/// panel without series or a series whose length is not its panel's.
void render(const Figure& figure, const std::string& path);

}  // namespace adyn::cli::plot
