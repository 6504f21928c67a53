#include "adyn/application/animation_page.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "adyn/error.hpp"

namespace adyn::application {
namespace {

namespace fs = std::filesystem;

// Text inside <script>: "</" would end the element early (JSON allows "<\/").
std::string script_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out.push_back(text[i]);
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out.push_back('\\');
  }
  return out;
}

std::string html_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

constexpr const char* style = R"(html, body { margin: 0; height: 100%; font: 14px sans-serif; }
body { display: flex; flex-direction: column; }
#view { flex: 1; min-height: 0; }
#bar { display: flex; gap: 0.8em; align-items: center; padding: 0.4em 0.8em; background: #e8e8e8; }
#time { flex: 1; }
#clock { min-width: 9em; font-variant-numeric: tabular-nums; })";

}  // namespace

std::string viewer_script() {
  std::vector<fs::path> candidates;
  if (const char* given = std::getenv("ADYN_VIEWER_SCRIPT")) candidates.emplace_back(given);
#ifdef ADYN_BUILD_VIEWER_SCRIPT
  candidates.emplace_back(ADYN_BUILD_VIEWER_SCRIPT);
#endif
  std::error_code ec;
  if (auto self = fs::read_symlink("/proc/self/exe", ec); !ec)
    candidates.push_back(self.parent_path().parent_path() / "share" / "adyn" / "viewer.js");
  for (const auto& path : candidates)
    if (fs::is_regular_file(path, ec)) {
      std::ifstream in(path, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      return text.str();
    }
  throw Error("the 3-D viewer (web/viewer.js bundled with three.js) was not built: it needs npm; run scripts/setup.sh, "
              "or set ADYN_VIEWER_SCRIPT to a bundle");
}

std::string animation_page(const numeric::Scene& scene, const std::vector<std::string>& traces,
                           const std::string& viewer) {
  std::vector<std::size_t> traced;
  for (const auto& name : traces) {
    const auto at = std::find(scene.point_names.begin(), scene.point_names.end(), name);
    if (at == scene.point_names.end()) {
      std::string known;
      for (const auto& p : scene.point_names) known.append(known.empty() ? "" : ", ").append(p);
      throw ModelError(std::string("--trace '").append(name).append("'"),
                       std::string("not a point located by a position (points: ").append(known).append(")"));
    }
    traced.push_back(static_cast<std::size_t>(at - scene.point_names.begin()));
  }
  std::ostringstream page;
  page << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>adyn: "
       << html_escaped(scene.system) << "</title>\n<style>\n" << style << "\n</style>\n</head>\n<body>\n"
       << "<div id=\"view\"></div>\n<div id=\"bar\"><button id=\"play\">pause</button>"
       << "<input id=\"time\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"time\">"
       << "<label>speed <select id=\"speed\"><option>0.1</option><option>0.25</option><option>0.5</option>"
       << "<option selected>1</option><option>2</option><option>4</option></select></label>"
       << "<span id=\"clock\"></span><span>" << html_escaped(scene.system) << "</span></div>\n"
       << "<script id=\"adyn-scene\" type=\"application/json\">" << script_safe(scene.json(traced)) << "</script>\n"
       << "<script>\n" << script_safe(viewer) << "\n</script>\n</body>\n</html>\n";
  return page.str();
}

}  // namespace adyn::application
