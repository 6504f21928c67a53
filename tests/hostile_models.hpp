#pragma once
// Large models written for the tests of limits and interruption: the text of a model file.
#include <string>

namespace adyn::test {

/// A planar pendulum of n point masses on massless links, each link's angle q<i> measured from the
/// previous link's (relative angles: its equations in the mass-matrix form grow as n³).
inline std::string chain_model(int n) {
  std::string coordinates, frames, points, particles;
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i), previous = std::to_string(i - 1);
    coordinates += (i ? ", q" : "q") + k;
    frames += "  - {name: A" + k + ", parent: " + (i ? "A" + previous : "N") + ", axis: z, angle: q" + k + "}\n";
    points += "  - {name: P" + k + ", from: " + (i ? "P" + previous : "O") + ", position: {A" + k + ": [0, -l, 0]}}\n";
    particles += "  - {name: p" + k + ", point: P" + k + ", mass: m}\n";
  }
  return "name: chain of " + std::to_string(n) + "\nparameters: {m: 1, l: 1, g: 9.81}\ncoordinates: [" + coordinates +
         "]\nframes:\n" + frames + "points:\n" + points + "particles:\n" + particles +
         "gravity: {N: [0, -g, 0]}\ninitial: {q0: 0.1}\n";
}

/// n free particles, each on its own coordinate: n coordinates, 2n objects that name them.
inline std::string free_particles_model(int n) {
  std::string coordinates, points, particles;
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i);
    coordinates += (i ? ", q" : "q") + k;
    points += "  - {name: P" + k + ", from: O, position: {N: [q" + k + ", 0, 0]}}\n";
    particles += "  - {name: p" + k + ", point: P" + k + ", mass: m}\n";
  }
  return "name: many\nparameters: {m: 1}\ncoordinates: [" + coordinates + "]\npoints:\n" + points + "particles:\n" +
         particles;
}

}  // namespace adyn::test
