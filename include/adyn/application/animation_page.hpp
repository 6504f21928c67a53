#pragma once
// The page of `adyn animate`: one self-contained HTML file — the scene's JSON and the viewer
// (web/viewer.js with three.js and its OrbitControls, bundled by esbuild at build time) inlined,
// so that it opens without a network.
#include <string>
#include <vector>

#include "adyn/numeric/scene.hpp"

namespace adyn::application {

/// The bundled viewer script: $ADYN_VIEWER_SCRIPT, else the build's web/viewer.js, else the
/// installed share/adyn/viewer.js beside the tool. Throws adyn::Error saying how to build it when
/// none exists (it needs npm: scripts/setup.sh installs three.js and esbuild).
std::string viewer_script();

/// The page; `traces` names points whose paths are drawn. Throws adyn::ModelError naming a trace
/// that is not a point of the scene.
std::string animation_page(const numeric::Scene& scene, const std::vector<std::string>& traces,
                           const std::string& viewer);

}  // namespace adyn::application
