#pragma once
// Figures rendered by gnuplot: a figure is a column of panels sharing a width, each panel one x
// axis with several named y series (a legend entry each), optionally on a logarithmic y axis.
// adyn writes the data and a gnuplot script to a temporary directory and runs gnuplot on them
// (`simulate --plot`, and whatever else wants a picture).
//
// gnuplot can run shell commands (`system`, `!`, backquotes, `set output '|...'`, `plot '<...'`),
// and gnuplot 5.4 has no option or mode that turns this off (its options: -V -h -p -s -d -c -e),
// so the script alone keeps it safe: every text is a single-quoted literal (gnuplot_string) and
// every file an absolute path without control characters (gnuplot_path).
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

/// `text` as a gnuplot string literal, the one way text (titles, labels, series names, units)
/// enters a script: in single quotes, in which gnuplot runs no command and expands nothing; its
/// control characters shown as \xNN (C1 as \u00NN), since a line break would end the command.
std::string gnuplot_string(const std::string& text);

/// An absolute file path as a gnuplot string literal; throws adyn::Error for a path that holds a
/// control character (it cannot be shown otherwise without naming another file) or is relative
/// (gnuplot runs a name that starts with '|' or '<' as a command).
std::string gnuplot_path(const std::string& path);

/// The gnuplot script that draws `figure` to `output` (PNG by pngcairo when the gnuplot at hand
/// has it, else by png; SVG for a path ending in .svg), reading panel k's data — columns x, then
/// each series — from data_files[k].
std::string gnuplot_script(const Figure& figure, const std::string& output, const std::vector<std::string>& data_files);

/// Renders `figure` to `path` (.png or .svg) with gnuplot: the program named by the environment
/// variable ADYN_GNUPLOT, else `gnuplot` from PATH (Debian: gnuplot-nox). The image is drawn beside
/// `path` and renamed over it only when whole (a PNG through its IEND chunk, an SVG through
/// `</svg>`). Throws adyn::Error naming gnuplot when it is missing, fails or reports an error
/// (with its messages), when the image it wrote is incomplete (a full disk; `path` is then left as
/// it was), and for another extension, a panel without series or a series whose length is not its
/// panel's.
void render(const Figure& figure, const std::string& path);

}  // namespace adyn::cli::plot
