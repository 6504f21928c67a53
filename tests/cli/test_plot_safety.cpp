// No command from a model or a path through gnuplot, and no lost plot: hostile text in gnuplot's
// strings (plot.hpp), control characters in display text and output names refused before anything
// runs, and an image cut short (a full disk) that fails and leaves the previous file as it was.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "adyn/cli/plot.hpp"
#include "adyn/error.hpp"
#include "cli_support.hpp"

namespace {

namespace fs = std::filesystem;
namespace plot = adyn::cli::plot;
using adyn::test::example;
using adyn::test::read_text;
using adyn::test::run;
using adyn::test::ScopedEnvironment;
using adyn::test::temporary_file;

// A gnuplot command after a line break, and one in backquotes: each would make the file named by
// $ADYN_TEST_TOUCHED (the shell expands it, so the text needs no '/', as a file name in a
// directory that exists could not hold one).
const std::string line_command = "rad\nsystem \"touch $ADYN_TEST_TOUCHED\"\n";
const std::string backquoted_command = "`touch $ADYN_TEST_TOUCHED`";

// Every text of the figure is `text`; panel k reads data_files[k].
plot::Figure figure_with_text(const std::string& text) {
  std::vector<double> x = {0, 1, 2}, y = {0, 1, 4};
  plot::Figure f{.title = "title " + text};
  for (int k = 0; k < 2; ++k)
    f.panels.push_back({.title = text, .x_label = text, .y_label = "q (" + text + ")", .x = x,
                        .series = {{text, y}, {"second " + text, y}}, .markers = {{1.0, text}}});
  return f;
}

void skip_without(const char* program) {
  if (!adyn::test::on_path(program)) GTEST_SKIP() << program << " is not installed";
}

bool is_whole_png(const std::string& bytes) {
  return bytes.rfind("\x89PNG\r\n\x1a\n", 0) == 0 && bytes.size() > 20 &&
         bytes.compare(bytes.size() - 12, 12, std::string("\0\0\0\0IEND\xae\x42\x60\x82", 12)) == 0;
}

// An executable shell script in the test's temporary directory.
std::string shell_script(const std::string& name, const std::string& text) {
  const auto path = temporary_file(name);
  std::ofstream(path) << "#!/bin/sh\n" << text;
  chmod(path.c_str(), 0755);
  return path;
}

// The private names ReplacingFile leaves beside `path` when it fails to clean up.
std::vector<std::string> leftovers_beside(const std::string& path) {
  const auto target = fs::path(path);
  const std::string prefix = "." + target.stem().string() + ".adyn-";
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(target.parent_path()))
    if (entry.path().filename().string().rfind(prefix, 0) == 0) found.push_back(entry.path().string());
  return found;
}

}  // namespace

// Single quotes hold every text as text: quotes doubled, backslashes, backquotes and '@' as they
// are; control characters shown as \xNN, C1 as \u00NN, invisible ones (a right-to-left override)
// as \uNNNN, letters as they are.
TEST(GnuplotText, StringsHoldHostileTextAsText) {
  EXPECT_EQ(plot::gnuplot_string("it's"), "'it''s'");
  EXPECT_EQ(plot::gnuplot_string("a\\b `date` @x \"q\" ;#"), "'a\\b `date` @x \"q\" ;#'");
  EXPECT_EQ(plot::gnuplot_string("rad\nsystem \"touch x\"\r\tz\x7f\x01\x1b[2J"),
            "'rad\\x0asystem \"touch x\"\\x0d\\x09z\\x7f\\x01\\x1b[2J'");
  EXPECT_EQ(plot::gnuplot_string(std::string("a\0b", 3)), "'a\\x00b'");
  EXPECT_EQ(plot::gnuplot_string("kg\u0085"), "'kg\\u0085'");
  EXPECT_EQ(plot::gnuplot_string("\u202eabc \u00e9"), "'\\u202eabc \u00e9'");
}

// A file handed to gnuplot is an absolute path without control characters: '|cmd' and '<cmd'
// would run cmd, and a name cannot be shown otherwise without naming another file.
TEST(GnuplotText, PathsAreAbsoluteWithoutControlCharacters) {
  EXPECT_EQ(plot::gnuplot_path("/tmp/it's `x`.png"), "'/tmp/it''s `x`.png'");
  for (const std::string path :
       {"/tmp/a\n.png", "/tmp/a\r.png", "/tmp/a\u0085.png", "/tmp/p\u202egnp.csv", "|touch x", "<cat x", "a.png", ""})
    EXPECT_THROW(plot::gnuplot_path(path), adyn::Error) << path;
}

// The script of a figure whose every text holds a command after a line break has as many lines as
// one of plain text, and none of them is the command.
TEST(GnuplotText, HostileTextKeepsOneCommandALine) {
  const std::vector<std::string> data = {"/tmp/a.dat", "/tmp/b.dat"};
  const auto hostile = plot::gnuplot_script(figure_with_text(line_command + backquoted_command), "/tmp/o.png", data);
  const auto plain = plot::gnuplot_script(figure_with_text("rad"), "/tmp/o.png", data);
  auto lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
  EXPECT_EQ(lines(hostile), lines(plain)) << hostile;
  EXPECT_EQ(hostile.find("\nsystem"), std::string::npos) << hostile;
  EXPECT_NE(hostile.find("set title 'rad\\x0asystem \"touch $ADYN_TEST_TOUCHED\"\\x0a`touch $ADYN_TEST_TOUCHED`'"),
            std::string::npos)
      << hostile;
  EXPECT_EQ(hostile.find('"' + std::string("\\n") + '"'), std::string::npos) << "a short title is one string";
}

// gnuplot itself draws such a figure and runs nothing: the file the commands would make is not
// there, and the image is whole.
TEST(GnuplotText, GnuplotRunsNoCommandFromTheText) {
  skip_without("gnuplot");
  const auto touched = temporary_file("touched");
  fs::remove(touched);
  ScopedEnvironment target("ADYN_TEST_TOUCHED", touched);
  auto figure = figure_with_text(line_command + backquoted_command);
  figure.title = std::string(100, 'a') + " " + line_command + backquoted_command;  // wrapped: two strings
  const auto png = temporary_file("hostile.png"), svg = temporary_file("hostile.svg");
  plot::render(figure, png);
  plot::render(figure, svg);
  EXPECT_FALSE(fs::exists(touched)) << "gnuplot ran a command from the figure's text";
  EXPECT_TRUE(is_whole_png(read_text(png)));
  EXPECT_NE(read_text(svg).find("rad\\x0asystem"), std::string::npos);
}

// A unit with a line break is refused where the model file has it, before anything is computed;
// so is a plot file whose name holds one. Neither command runs.
TEST(GnuplotText, ModelAndPathCannotRunACommand) {
  const auto touched = temporary_file("touched");
  fs::remove(touched);
  ScopedEnvironment target("ADYN_TEST_TOUCHED", touched);
  const auto model = temporary_file("hostile.yaml");
  std::ofstream(model) << R"(name: pendulum
parameters: {m: 1, l: 1, g: 9.81}
coordinates:
  - {name: q, unit: "rad\nsystem \"touch $ADYN_TEST_TOUCHED\"\n"}
frames: [{name: A, parent: N, axis: z, angle: q}]
points: [{name: P, from: O, position: {A: [0, -l, 0]}}]
particles: [{name: bob, point: P, mass: m}]
gravity: {N: [0, -g, 0]}
initial: {q: 0.5}
)";
  const auto png = temporary_file("p.png"), csv = temporary_file("run.csv");
  fs::remove(png);
  auto r = run({"simulate", model, "--t-end", "0.1", "-o", csv, "--plot", png});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find(model + ":4:21: coordinate 'q': a unit is one line without control characters, got "
                                "'rad\\x0asystem \"touch $ADYN_TEST_TOUCHED\"\\x0a'"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(png));
  EXPECT_FALSE(fs::exists(csv));
  // a path relative to the working directory: its directory exists
  const std::string name = "p'\nsystem \"touch $ADYN_TEST_TOUCHED\"\n'.png";
  r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "0.1", "-o", csv, "--plot", name});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--plot 'p'\\x0asystem \"touch $ADYN_TEST_TOUCHED\"\\x0a'.png': the name holds a control "
                       "character; choose another name (nothing was computed)"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(csv));
  EXPECT_FALSE(fs::exists(name));
  EXPECT_FALSE(fs::exists(touched)) << "a command ran";
}

// gnuplot under a file-size limit with SIGXFSZ ignored, as on a full disk: its writes past 4 KiB
// fail, and it exits with status 0 without a word. The run fails (status 1), says so, and the file
// that was at the plot's path stays as it was, with no private copy left beside it.
TEST(PlotWrites, AnImageCutShortFailsAndLeavesThePreviousFile) {
  skip_without("gnuplot");
  skip_without("prlimit");
  const auto limited_gnuplot = shell_script("gnuplot-4k", "trap '' XFSZ\nexec prlimit --fsize=4096 gnuplot \"$@\"\n");
  ScopedEnvironment limited("ADYN_GNUPLOT", limited_gnuplot);
  const std::pair<const char*, const char*> images[] = {{".png", "without the PNG's IEND chunk"}, {".svg", "without </svg>"}};
  for (const auto& [extension, missing] : images) {
    const auto picture = temporary_file(std::string("picture") + extension);
    std::ofstream(picture) << "the previous picture";
    const auto r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "2", "-o", temporary_file("dp.csv"),
                        "--plot", picture});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("plot: gnuplot ('" + limited_gnuplot + "') wrote an incomplete image (4096 bytes, " + missing +
                         "; is the disk full?); nothing was written to '" + picture + "'"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.out.find("plot written"), std::string::npos) << r.out;
    EXPECT_EQ(read_text(picture), "the previous picture");
    EXPECT_TRUE(leftovers_beside(picture).empty());
  }
}

// An error gnuplot reports on its log is a failure even when it exits with status 0; a warning is not.
TEST(PlotWrites, AnErrorOnGnuplotsLogIsAFailure) {
  skip_without("gnuplot");
  const auto picture = temporary_file("picture.png");
  std::ofstream(picture) << "the previous picture";
  {
    ScopedEnvironment erring("ADYN_GNUPLOT", shell_script("gnuplot-error", "gnuplot \"$1\" || exit\n"
                                                                          "echo \"\\\"$1\\\" line 3: cannot write\"\n"));
    const auto r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "0.2", "-o", temporary_file("dp.csv"),
                        "--plot", picture});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("') reported an error:\n\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("figure.gp\" line 3: cannot write"), std::string::npos) << r.err;
    EXPECT_EQ(read_text(picture), "the previous picture");
  }
  const auto warning_gnuplot =
      shell_script("gnuplot-warning", "gnuplot \"$1\" || exit\necho \"\\\"$1\\\" line 3: warning: a remark\"\n");
  ScopedEnvironment warning("ADYN_GNUPLOT", warning_gnuplot);
  const auto r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "0.2", "-o", temporary_file("dp.csv"),
                      "--plot", picture});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_whole_png(read_text(picture)));
}
