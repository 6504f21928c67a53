// The viewer of `adyn animate`: draws the scene that the page embeds (numeric/scene.hpp: frame
// orientations and point positions at each sample; the model's shapes, and default ones for what
// they leave out — bodies as inertia ellipsoids, particles as spheres, links between points; the
// planes wheels roll on) with three.js, and plays it. Up is against gravity (else N.z). Controls:
// play and pause (also the space bar), a time slider, playback speed, orbit and zoom
// (OrbitControls), the time read-out, and the traces of the points whose indices are in `traces`.
// For tests and scripts: window.adyn.seek(t) shows time t (paused); window.adyn.ready is true once
// the first frame is drawn; window.adyn.extents() gives each shape's extent along N's x, y, z as
// drawn. A page opened with #t=1.5 starts paused at t = 1.5. Without WebGL the page says so
// (window.adyn.error holds the message).
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

const data = JSON.parse(document.getElementById("adyn-scene").textContent);
// Orientations and positions come as base64 of little-endian float32, null where nothing drawn uses them.
function decode(text) {
  if (text === null) return null;
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0)), view = new DataView(bytes.buffer);
  const out = new Float32Array(bytes.length / 4);
  for (let k = 0; k < out.length; ++k) out[k] = view.getFloat32(4 * k, true);
  return out;
}
data.rotations = data.rotations.map(decode);
data.positions = data.positions.map(decode);
const sent = data.positions.filter((r) => r !== null);
const samples = data.t.length;

// Without WebGL (turned off, or neither a GPU nor a software renderer) three.js cannot draw and
// throws: the page says why in place of the drawing, and the script stops there.
function webglRenderer() {
  try {
    return new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  } catch (e) {
    const message = "This animation needs WebGL, which this browser has turned off or cannot use " +
                    "(hardware acceleration disabled, or no graphics support). Turn WebGL on, or open " +
                    "the page in another browser.";
    const note = document.createElement("p");
    note.id = "no-webgl";
    note.textContent = message;
    note.style.cssText = "margin: 2em; padding: 1em; background: #fff3cd; border: 1px solid #d9b44a;";
    document.getElementById("view").appendChild(note);
    for (const control of document.querySelectorAll("#bar button, #bar input, #bar select")) control.disabled = true;
    window.adyn = { ready: false, error: message };
    throw e;
  }
}
const renderer = webglRenderer();
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
for (const r of sent)
  for (let k = 0; k < r.length; ++k) { lo[k % 3] = Math.min(lo[k % 3], r[k]); hi[k % 3] = Math.max(hi[k % 3], r[k]); }
const center = sent.length ? new THREE.Vector3((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2)
                           : new THREE.Vector3();
// The ground: the planes the rolling contacts roll on (placed in show()), or else a grid
// perpendicular to up, under the lowest point.
function groundGrid() {
  const group = new THREE.Group();
  group.add(new THREE.GridHelper(data.extent * 2, 20, 0xbbbbbb, 0xdddddd));
  world.add(group);
  return group;
}
const planes = data.planes.map((p) => {
  const group = groundGrid();
  const sheet = new THREE.Mesh(new THREE.PlaneGeometry(data.extent * 2, data.extent * 2),
                               new THREE.MeshBasicMaterial({ color: 0xd8d0c0, transparent: true, opacity: 0.35,
                                                             side: THREE.DoubleSide, depthWrite: false }));
  sheet.rotation.x = -Math.PI / 2;  // into the grid's x-z plane
  group.add(sheet);
  return { p, group, normal: new THREE.Vector3(...p.normal) };
});
if (!planes.length) {
  const grid = groundGrid();
  grid.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), up);
  let lowest = Infinity;
  for (const r of sent)
    for (let k = 0; k < r.length; k += 3) lowest = Math.min(lowest, r[k] * up.x + r[k + 1] * up.y + r[k + 2] * up.z);
  grid.position.copy(center).addScaledVector(up, Math.min(lowest, 0) - center.dot(up));
}
world.add(new THREE.AxesHelper(data.extent * 0.15));  // N at O: x red, y green, z blue
// The system's own size (its points' spread at the start) and the centroid of its points at each
// sample: a vehicle that travels far beyond its size is followed by the camera.
const moving = data.positions.slice(1).filter((r) => r !== null);  // not the origin O
function centroid(i) {
  const c = new THREE.Vector3();
  for (const r of moving) c.add(new THREE.Vector3(r[3 * i], r[3 * i + 1], r[3 * i + 2]));
  return c.divideScalar(Math.max(moving.length, 1));
}
let size = 0;
for (const r of moving) size = Math.max(size, new THREE.Vector3(r[0], r[1], r[2]).distanceTo(centroid(0)));
for (const s of data.shapes) size = Math.max(size, ...s.size);               // and the bodies' own sizes
for (const b of data.bodies) size = Math.max(size, ...b.semi_axes);
for (const p of data.particles) size = Math.max(size, p.radius);
size = Math.max(2 * size, 0.05 * data.extent);
const travels = data.extent > 4 * size;
const view = travels ? centroid(0) : center;
const reach = travels ? 2.5 * size : 2.2 * data.extent;

// The camera: in front, a little above, seeing N's x-y plane face on when up is N.y.
const side = Math.abs(up.z) > 0.9 ? new THREE.Vector3(0.3, -1, 0) : new THREE.Vector3(0.3, 0, 1);
camera.position.copy(view).addScaledVector(side.normalize(), reach).addScaledVector(up, 0.25 * reach);
const controls = new OrbitControls(camera, renderer.domElement);
controls.target.copy(view);
let followed = view.clone();
function follow(i) {  // keeps the camera's offset from the travelling system
  if (!travels) return;
  const c = centroid(i), shift = c.clone().sub(followed);
  camera.position.add(shift);
  controls.target.add(shift);
  followed = c;
}

const palette = [0x3b6fb6, 0xd9822b, 0x4c9a4c, 0xb54a4a, 0x8a63b8, 0x8c6d3f, 0x3a9aa8];
const bodies = data.bodies.map((b, k) => {
  const mesh = new THREE.Mesh(new THREE.SphereGeometry(1, 32, 16),
                              new THREE.MeshStandardMaterial({ color: palette[k % palette.length], roughness: 0.6 }));
  const axes = new THREE.Matrix4().set(...b.principal_axes.slice(0, 3), 0, ...b.principal_axes.slice(3, 6), 0,
                                       ...b.principal_axes.slice(6, 9), 0, 0, 0, 0, 1);
  world.add(mesh);
  return { mesh, b, axes };
});
// The model's shapes (geometry:) in their frames' axes: a box's edges [x, y, z] are three.js's
// BoxGeometry(width, height, depth) along x, y, z as they are, an ellipsoid is the unit sphere
// scaled by its semi-axes [a, b, c] along x, y, z; three.js's cylinder stands on its y axis and its
// torus on z, and `native` turns that axis onto the shape's `axis`.
const unitAxes = [new THREE.Vector3(1, 0, 0), new THREE.Vector3(0, 1, 0), new THREE.Vector3(0, 0, 1)];
const shapes = data.shapes.map((s, k) => {
  const material = new THREE.MeshStandardMaterial({ color: s.color || palette[k % palette.length], roughness: 0.6 });
  if (s.kind === "line") {
    const line = new THREE.Line(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: s.color || 0x222222 }));
    line.geometry.setAttribute("position", new THREE.BufferAttribute(new Float32Array(6), 3));
    world.add(line);
    return { s, line };
  }
  const [a, b, c] = s.size;
  const geometry = {
    box: () => new THREE.BoxGeometry(a, b, c),
    sphere: () => new THREE.SphereGeometry(a, 32, 16),
    ellipsoid: () => new THREE.SphereGeometry(1, 32, 16).scale(a, b, c),
    cylinder: () => new THREE.CylinderGeometry(a, a, b, 32),
    disk: () => new THREE.CylinderGeometry(a, a, b, 48),
    torus: () => new THREE.TorusGeometry(a, b, 16, 64),
  }[s.kind]();
  const mesh = new THREE.Mesh(geometry, material);
  mesh.matrixAutoUpdate = false;
  world.add(mesh);
  const native = new THREE.Matrix4();
  if (s.kind === "cylinder" || s.kind === "disk" || s.kind === "torus") {
    const from = s.kind === "torus" ? unitAxes[2] : unitAxes[1];
    native.makeRotationFromQuaternion(new THREE.Quaternion().setFromUnitVectors(from, unitAxes[s.axis]));
  }
  return { s, mesh, native };
});

const particles = data.particles.map((p) => {
  const mesh = new THREE.Mesh(new THREE.SphereGeometry(p.radius, 24, 12), new THREE.MeshStandardMaterial({ color: 0x333333 }));
  world.add(mesh);
  return { mesh, p };
});
const links = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0x222222 }));
links.geometry.setAttribute("position", new THREE.BufferAttribute(new Float32Array(data.links.length * 6), 3));
world.add(links);
const traces = data.traces.map((point, k) => {
  const line = new THREE.Line(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: palette[(k + 3) % palette.length] }));
  line.geometry.setAttribute("position", new THREE.BufferAttribute(new Float32Array(data.positions[point]), 3));
  world.add(line);
  return line;
});

function position(point, i) {
  const r = data.positions[point];
  return new THREE.Vector3(r[3 * i], r[3 * i + 1], r[3 * i + 2]);
}

// ^N C ^F of frame f at sample i, as a 4 × 4 transform.
function rotation(f, i) {
  const R = data.rotations[f].subarray(9 * i, 9 * i + 9);
  return new THREE.Matrix4().set(R[0], R[1], R[2], 0, R[3], R[4], R[5], 0, R[6], R[7], R[8], 0, 0, 0, 0, 1);
}

// The sample at or before time t.
function sampleAt(t) {
  let a = 0, b = samples - 1;
  while (a < b) { const m = (a + b + 1) >> 1; if (data.t[m] <= t) a = m; else b = m - 1; }
  return a;
}

function show(i) {
  for (const { mesh, b, axes } of bodies) {
    const m = rotation(b.frame, i);
    m.multiply(axes).multiply(new THREE.Matrix4().makeScale(...b.semi_axes));
    m.setPosition(position(b.center, i));
    mesh.matrixAutoUpdate = false;
    mesh.matrix.copy(m);
  }
  for (const { mesh, p } of particles) mesh.position.copy(position(p.point, i));
  for (const { s, mesh, native, line } of shapes) {
    if (line) {
      const ends = line.geometry.attributes.position;
      ends.setXYZ(0, ...position(s.center, i).toArray());
      ends.setXYZ(1, ...position(s.to, i).toArray());
      ends.needsUpdate = true;
      continue;
    }
    mesh.matrix.copy(rotation(s.frame, i).multiply(native)).setPosition(position(s.center, i));
  }
  for (const { p, group, normal } of planes) {  // through its point, normal along its normal, under the view
    const n = normal.clone().applyMatrix4(rotation(p.frame, i)), at = position(p.point, i);
    group.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), n);
    group.position.copy(center).addScaledVector(n, at.clone().sub(center).dot(n));
  }
  const segments = links.geometry.attributes.position;
  data.links.forEach(([from, to], k) => {
    segments.setXYZ(2 * k, ...position(from, i).toArray());
    segments.setXYZ(2 * k + 1, ...position(to, i).toArray());
  });
  segments.needsUpdate = true;
  for (const line of traces) line.geometry.setDrawRange(0, i + 1);
  follow(i);
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
  extents() {  // of each shape of the model, in its order, along N's axes (its vertices' bounding box)
    return shapes.map(({ mesh, line }) => {
      const size = new THREE.Box3().setFromObject(mesh || line, true).getSize(new THREE.Vector3());
      return size.toArray();
    });
  },
};
const start = /[#&]t=([0-9.eE+-]+)/.exec(window.location.hash);
if (start) { setPlaying(false); current = sampleAt(Number(start[1])); }
requestAnimationFrame(frame);
