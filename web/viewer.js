// The viewer of `adyn animate`: draws the scene that the page embeds (numeric/scene.hpp: frame
// orientations and point positions at each sample, bodies as inertia ellipsoids, particles as
// spheres, links between points) with three.js, and plays it. Up is against gravity (else N.z). Controls: play and
// pause (also the space bar), a time slider, playback speed, orbit and zoom (OrbitControls), the
// time read-out, and the traces of the points named in the scene's `traces`.
// For tests and scripts: window.adyn.seek(t) shows time t (paused); window.adyn.ready is true once
// the first frame is drawn. A page opened with #t=1.5 starts paused at t = 1.5.
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

const data = JSON.parse(document.getElementById("adyn-scene").textContent);
const samples = data.t.length;

const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio);
document.getElementById("view").appendChild(renderer.domElement);
const world = new THREE.Scene();
world.background = new THREE.Color(0xf4f4f4);
const camera = new THREE.PerspectiveCamera(45, 1, data.extent * 1e-3, data.extent * 100);
const up = new THREE.Vector3(...data.up);
camera.up.copy(up);
world.add(new THREE.HemisphereLight(0xffffff, 0x888888, 2.0));
const sun = new THREE.DirectionalLight(0xffffff, 1.5);
sun.position.set(1, -2, 3);
world.add(sun);

// The points' bounding box over the run: where the camera looks, and the grid under it.
const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
for (const r of data.positions)
  for (let k = 0; k < r.length; ++k) { lo[k % 3] = Math.min(lo[k % 3], r[k]); hi[k % 3] = Math.max(hi[k % 3], r[k]); }
const center = new THREE.Vector3((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2);
// The grid: perpendicular to up, under the lowest point.
const grid = new THREE.GridHelper(data.extent * 2, 20, 0xbbbbbb, 0xdddddd);
grid.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), up);
let lowest = Infinity;
for (const r of data.positions)
  for (let k = 0; k < r.length; k += 3) lowest = Math.min(lowest, r[k] * up.x + r[k + 1] * up.y + r[k + 2] * up.z);
grid.position.copy(center).addScaledVector(up, Math.min(lowest, 0) - center.dot(up));
world.add(grid);
world.add(new THREE.AxesHelper(data.extent * 0.15));  // N at O: x red, y green, z blue
// The camera: in front of the scene, a little above, seeing N's x-y plane face on when up is N.y.
const side = Math.abs(up.z) > 0.9 ? new THREE.Vector3(0.3, -1, 0) : new THREE.Vector3(0.3, 0, 1);
camera.position.copy(center).addScaledVector(side.normalize(), 2.2 * data.extent).addScaledVector(up, 0.5 * data.extent);
const controls = new OrbitControls(camera, renderer.domElement);
controls.target.copy(center);

const palette = [0x3b6fb6, 0xd9822b, 0x4c9a4c, 0xb54a4a, 0x8a63b8, 0x8c6d3f, 0x3a9aa8];
const bodies = data.bodies.map((b, k) => {
  const mesh = new THREE.Mesh(new THREE.SphereGeometry(1, 32, 16),
                              new THREE.MeshStandardMaterial({ color: palette[k % palette.length], roughness: 0.6 }));
  const axes = new THREE.Matrix4().set(...b.principal_axes.slice(0, 3), 0, ...b.principal_axes.slice(3, 6), 0,
                                       ...b.principal_axes.slice(6, 9), 0, 0, 0, 0, 1);
  world.add(mesh);
  return { mesh, b, axes };
});
const particles = data.particles.map((p) => {
  const mesh = new THREE.Mesh(new THREE.SphereGeometry(p.radius, 24, 12), new THREE.MeshStandardMaterial({ color: 0x333333 }));
  world.add(mesh);
  return { mesh, p };
});
const links = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0x222222 }));
links.geometry.setAttribute("position", new THREE.BufferAttribute(new Float32Array(data.links.length * 6), 3));
world.add(links);
const traces = (data.traces || []).map((name, k) => {
  const point = data.points.indexOf(name);
  const line = new THREE.Line(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: palette[(k + 3) % palette.length] }));
  line.geometry.setAttribute("position", new THREE.BufferAttribute(new Float32Array(data.positions[point]), 3));
  world.add(line);
  return line;
});

function position(point, i) {
  const r = data.positions[point];
  return new THREE.Vector3(r[3 * i], r[3 * i + 1], r[3 * i + 2]);
}

// The sample at or before time t.
function sampleAt(t) {
  let a = 0, b = samples - 1;
  while (a < b) { const m = (a + b + 1) >> 1; if (data.t[m] <= t) a = m; else b = m - 1; }
  return a;
}

function show(i) {
  for (const { mesh, b, axes } of bodies) {
    const R = data.rotations[b.frame].slice(9 * i, 9 * i + 9);
    const m = new THREE.Matrix4().set(R[0], R[1], R[2], 0, R[3], R[4], R[5], 0, R[6], R[7], R[8], 0, 0, 0, 0, 1);
    m.multiply(axes).multiply(new THREE.Matrix4().makeScale(...b.semi_axes));
    m.setPosition(position(b.center, i));
    mesh.matrixAutoUpdate = false;
    mesh.matrix.copy(m);
  }
  for (const { mesh, p } of particles) mesh.position.copy(position(p.point, i));
  const segments = links.geometry.attributes.position;
  data.links.forEach(([from, to], k) => {
    segments.setXYZ(2 * k, ...position(from, i).toArray());
    segments.setXYZ(2 * k + 1, ...position(to, i).toArray());
  });
  segments.needsUpdate = true;
  for (const line of traces) line.geometry.setDrawRange(0, i + 1);
  slider.value = i;
  clock.textContent = `t = ${data.t[i].toFixed(3)} s` + (i === samples - 1 && !data.completed ? ` (stopped: ${data.stop_reason})` : "");
}

const slider = document.getElementById("time");
const clock = document.getElementById("clock");
const play = document.getElementById("play");
const speed = document.getElementById("speed");
slider.max = samples - 1;
let playing = true, current = 0, last = null;
function setPlaying(on) { playing = on; play.textContent = on ? "pause" : "play"; last = null; }
play.onclick = () => { if (!playing && current >= samples - 1) current = 0; setPlaying(!playing); };
slider.oninput = () => { setPlaying(false); current = Number(slider.value); };
window.addEventListener("keydown", (e) => { if (e.code === "Space") { e.preventDefault(); play.onclick(); } });

function resize() {
  const view = document.getElementById("view");
  renderer.setSize(view.clientWidth, view.clientHeight);
  camera.aspect = view.clientWidth / view.clientHeight;
  camera.updateProjectionMatrix();
}
window.addEventListener("resize", resize);
resize();

function frame(now) {
  if (playing && samples > 1) {
    if (last !== null) {
      const t = data.t[current] + ((now - last) / 1000) * Number(speed.value);
      current = t >= data.t[samples - 1] ? samples - 1 : sampleAt(t);
      if (current === samples - 1) setPlaying(false);
    }
    last = now;
  }
  show(current);
  controls.update();
  renderer.render(world, camera);
  window.adyn.ready = true;
  requestAnimationFrame(frame);
}

window.adyn = {
  ready: false,
  seek(t) { setPlaying(false); current = sampleAt(t); show(current); renderer.render(world, camera); },
};
const start = /[#&]t=([0-9.eE+-]+)/.exec(window.location.hash);
if (start) { setPlaying(false); current = sampleAt(Number(start[1])); }
requestAnimationFrame(frame);
