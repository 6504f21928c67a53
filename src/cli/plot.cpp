#include "adyn/cli/plot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <optional>
#include <sstream>

#include "adyn/cli/commands.hpp"
#include "adyn/control_characters.hpp"
#include "adyn/error.hpp"
#include "adyn/numeric/exit_cleanup.hpp"

extern char** environ;

namespace adyn::cli::plot {

// Single quotes: gnuplot substitutes nothing inside them (a backquoted `command` runs inside double
// quotes, even in a title), reads no escape, and ends the string only at a lone quote, written
// twice here. What it cannot hold is a line break, which ends the command so that the rest of the
// text is read as the next one (`system "..."`): control characters are shown as \xNN.
std::string gnuplot_string(const std::string& text) {
  std::string out = "'";
  for (char c : escaped_control_characters(text)) out.append(c == '\'' ? "''" : std::string(1, c));
  return out + "'";
}

std::string gnuplot_path(const std::string& path) {
  // (an invisible character would be written as its escape, naming another file)
  const bool hidden = has_control_character(path) || first_invisible_character(path).length;
  if (hidden || path.empty() || path.front() != '/')  // gnuplot runs '|...' and '<...' as commands
    throw Error("plot: cannot hand the file " + gnuplot_string(path) + " to gnuplot: " +
                (hidden ? "its name holds a control or invisible character" : "it is not an absolute path"));
  return gnuplot_string(path);
}

namespace {

namespace fs = std::filesystem;

// A figure title as a gnuplot string, broken into lines of at most `width` characters at spaces
// (a longer title runs off the canvas): the lines as strings joined by "\n", a line break in
// gnuplot's double quotes (the only double-quoted string in a script: no text inside it).
std::string wrapped_title(const std::string& title, std::size_t width = 90) {
  std::vector<std::string> lines{""};
  std::istringstream words(title);
  for (std::string word; words >> word;) {
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > width) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + word;
  }
  std::string out;
  for (std::size_t k = 0; k < lines.size(); ++k) out += (k ? ".\"\\n\"." : "") + gnuplot_string(lines[k]);
  return out;
}

bool plottable(double y, bool log_y) { return std::isfinite(y) && (!log_y || y > 0); }

bool has_points(const Series& s, bool log_y) {
  return std::any_of(s.y.begin(), s.y.end(), [&](double y) { return plottable(y, log_y); });
}

void check_figure(const Figure& figure) {
  if (figure.panels.empty()) throw Error("plot: a figure needs at least one panel");
  for (const auto& p : figure.panels) {
    if (p.series.empty()) throw Error("plot: panel '" + p.title + "' has no series");
    for (const auto& s : p.series)
      if (s.y.size() != p.x.size())
        throw Error("plot: series '" + s.name + "' of panel '" + p.title + "' has " + std::to_string(s.y.size()) +
                    " values for " + std::to_string(p.x.size()) + " x values");
  }
}

std::string terminal(const Figure& figure, bool svg) {
  const int height = figure.panel_height * static_cast<int>(figure.panels.size()) + 50;
  const std::string size = " size " + std::to_string(figure.width) + "," + std::to_string(height);
  if (svg) return "set terminal svg" + size + " dynamic noenhanced background rgb 'white' font 'Sans,12'\n";
  return "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
         "  set terminal pngcairo" + size + " noenhanced font 'Sans,11' linewidth 1.5\n"
         "} else {\n"
         "  set terminal png" + size + " noenhanced\n"
         "}\n";
}

const char* style_of(Style style) {
  switch (style) {
    case Style::Points: return "points pointtype 7 pointsize 0.6";
    case Style::LinesPoints: return "linespoints pointtype 7 pointsize 0.6";
    case Style::Lines: break;
  }
  return "lines linewidth 1.5";
}

// The commands of one panel: labels, axes, and its plot command over its data file.
std::string panel_commands(const Panel& p, const std::string& data_file) {
  std::ostringstream os;
  os << "set title " << gnuplot_string(p.title) << "\nset xlabel " << gnuplot_string(p.x_label)
     << "\nset ylabel " << gnuplot_string(p.y_label) << "\n";
  os << (p.log_y ? "set logscale y\nset format y '%.0e'\n" : "unset logscale y\nset format y '%g'\n");
  std::vector<std::string> curves;
  for (std::size_t k = 0; k < p.series.size(); ++k)
    if (has_points(p.series[k], p.log_y))
      curves.push_back(gnuplot_path(data_file) + " using 1:" + std::to_string(k + 2) + " with " + style_of(p.style) +
                       " title " + gnuplot_string(p.series[k].name));
  if (curves.empty())  // gnuplot refuses a plot without a single point: an empty, labelled panel
    return os.str() + "unset logscale y\nset yrange [0:1]\nset label 1 'no data' at graph 0.5, 0.5 center\n"
                      "plot NaN notitle\nunset label 1\nset autoscale y\n";
  for (std::size_t k = 0; k < p.markers.size(); ++k) {
    const auto& m = p.markers[k];
    os << "set arrow " << k + 1 << " from " << m.x << ", graph 0 to " << m.x
       << ", graph 1 nohead dashtype 2 linewidth 1.5 linecolor rgb '#b00020'\n"
       << "set label " << k + 2 << " " << gnuplot_string(m.label) << " at " << m.x
       << ", graph 0.93 right offset -0.5, 0 textcolor rgb '#b00020'\n";
  }
  os << "plot ";
  for (std::size_t k = 0; k < curves.size(); ++k) os << (k ? ", \\\n     " : "") << curves[k];
  os << "\n";
  if (!p.markers.empty()) os << "unset arrow\nunset label\n";
  return os.str();
}

void write_data(const Panel& p, const std::string& file) {
  std::ostringstream os;
  os << std::setprecision(12);
  for (std::size_t i = 0; i < p.x.size(); ++i) {
    os << p.x[i];
    for (const auto& s : p.series) {
      os << ' ';
      if (plottable(s.y[i], p.log_y)) os << s.y[i];
      else os << "NaN";
    }
    os << '\n';
  }
  write_file(file, os.str());
}

// A fresh directory under the system's temporary directory, removed with its contents at the end.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    std::string pattern = (fs::absolute(fs::temp_directory_path()) / "adyn-plot-XXXXXX").string();
    numeric::SignalsDeferred deferred;  // created and registered, or neither, when interrupted
    if (!mkdtemp(pattern.data())) throw Error("plot: cannot create a temporary directory: " + std::string(std::strerror(errno)));
    path_ = pattern;
    cleanup_ = numeric::ExitCleanup::directory(pattern);
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
  numeric::ExitCleanup cleanup_;
};

std::string gnuplot_program() {
  const char* program = std::getenv("ADYN_GNUPLOT");
  return program && *program ? program : "gnuplot";
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The errors gnuplot reported on its log: the lines that point at the script ("FILE" line N: ...),
// but for its warnings.
std::string reported_errors(const std::string& log, const std::string& script) {
  const std::string at = "\"" + script + "\" line ";
  std::istringstream lines(log);
  std::string errors;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(at, 0) == 0 && line.find(": warning:") == std::string::npos) errors += line + "\n";
  return errors;
}

// What is missing from the image gnuplot wrote, or nothing: a full disk or a file-size limit cuts
// it short while gnuplot exits with status 0 and says nothing. A PNG starts with its signature and
// ends with its IEND chunk (length 0, the type, its CRC); an SVG ends with </svg>.
std::optional<std::string> missing_from(const std::string& bytes, bool svg) {
  if (svg) {
    const auto end = bytes.find_last_not_of(" \t\r\n");
    if (end == std::string::npos || end < 5 || bytes.compare(end - 5, 6, "</svg>") != 0) return "without </svg>";
    return std::nullopt;
  }
  static const std::string signature("\x89PNG\r\n\x1a\n", 8), iend("\0\0\0\0IEND\xae\x42\x60\x82", 12);
  if (bytes.compare(0, signature.size(), signature) != 0) return "without the PNG signature";
  if (bytes.size() < signature.size() + iend.size() || bytes.compare(bytes.size() - iend.size(), iend.size(), iend) != 0)
    return "without the PNG's IEND chunk";
  return std::nullopt;
}

// Runs `program script` with standard output and error into `log`; returns its exit status.
int run_gnuplot(const std::string& program, const std::string& script, const std::string& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<std::string> args = {program, script};
  std::vector<char*> argv = {args[0].data(), args[1].data(), nullptr};
  pid_t pid = 0;
  numeric::ExitCleanup child;  // killed if this process is interrupted
  const int spawned = numeric::spawn_registered(pid, argv.data(), &actions, child);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    throw Error("plot: cannot run gnuplot ('" + program + "'): " + std::strerror(spawned) +
                " — install it (Debian: apt-get install gnuplot-nox) or set ADYN_GNUPLOT");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace

std::string gnuplot_script(const Figure& figure, const std::string& output, const std::vector<std::string>& data_files) {
  std::ostringstream os;
  os << "set encoding utf8\n"
     << terminal(figure, has_extension(output, ".svg")) << "set output " << gnuplot_path(output) << "\n"
     << "set multiplot layout " << figure.panels.size() << ",1 title " << wrapped_title(figure.title) << " font ',14'\n"
     << "set grid\nset key outside right top vertical Left reverse\nset lmargin 13\nset rmargin 24\n"
     << "set datafile missing 'NaN'\n";
  for (std::size_t k = 0; k < figure.panels.size(); ++k) os << panel_commands(figure.panels[k], data_files[k]);
  os << "unset multiplot\nset output\n";
  return os.str();
}

void render(const Figure& figure, const std::string& path) {
  if (!has_extension(path, ".png") && !has_extension(path, ".svg"))
    throw Error("plot: cannot draw '" + path + "': the file must end in .png or .svg");
  check_figure(figure);
  TemporaryDirectory dir;
  std::vector<std::string> data_files;
  for (std::size_t k = 0; k < figure.panels.size(); ++k) {
    data_files.push_back(dir.file("panel" + std::to_string(k) + ".dat"));
    write_data(figure.panels[k], data_files.back());
  }
  ReplacingFile output(path);  // gnuplot draws into it; renamed over `path` once complete
  const auto script = dir.file("figure.gp"), log = dir.file("gnuplot.log");
  write_file(script, gnuplot_script(figure, output.temporary(), data_files));
  const auto program = gnuplot_program();
  const int status = run_gnuplot(program, script, log);
  const auto messages = read_text(log);
  if (status != 0 || !reported_errors(messages, script).empty())
    throw Error("plot: gnuplot ('" + program + "') " +
                (status ? "failed with status " + std::to_string(status) : std::string("reported an error")) +
                (messages.empty() ? std::string() : ":\n" + messages));
  const auto image = read_text(output.temporary());
  if (auto missing = missing_from(image, has_extension(path, ".svg")))
    throw Error("plot: gnuplot ('" + program + "') wrote an incomplete image (" + std::to_string(image.size()) +
                " bytes, " + *missing + "; is the disk full?); nothing was written to '" + path + "'");
  output.commit();
}

}  // namespace adyn::cli::plot
