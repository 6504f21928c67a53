"""Headless Chromium for the pages of `adyn animate`: a screenshot of a page at a time (the viewer
starts paused at #t=...), as the browser test and scripts/animation-screenshots take them, and what
a page's script reports once it has drawn."""
import json
import re
import shutil
import subprocess


def chromium():
    """The browser, or None: Debian's chromium (scripts/setup.sh installs it)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def screenshot(page, png, t, size=(640, 480)):
    """Renders `page` paused at time t into `png` with software WebGL (SwiftShader)."""
    subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader",
                    "--enable-unsafe-swiftshader", "--hide-scrollbars", f"--window-size={size[0]},{size[1]}",
                    "--virtual-time-budget=4000", f"--screenshot={png}", f"file://{page}#t={t}"],
                   check=True, capture_output=True, timeout=120)


# Waits for the viewer to draw its first frame (or to give up) and writes window.adyn's report into
# the page: each shape's extent along N's axes, or the message shown without WebGL.
PROBE = """<script>
const probe = setInterval(() => {
  if (!window.adyn || !(window.adyn.ready || window.adyn.error)) return;
  clearInterval(probe);
  const out = document.createElement("pre");
  out.id = "adyn-probe";
  const report = window.adyn.error ? { error: window.adyn.error } : { extents: window.adyn.extents() };
  out.textContent = JSON.stringify(report);
  document.body.appendChild(out);
}, 20);
</script>
"""


def report(page, work, webgl=True):
    """What the viewer of `page` reports once it has drawn, from a copy of the page with PROBE, read
    back from the DOM headless Chromium dumps: {"extents": [[dx, dy, dz], ...]} or {"error": message},
    and the DOM itself. webgl=False turns WebGL off."""
    probed = work / "probed.html"
    probed.write_text(page.read_text().replace("</body>", PROBE + "</body>"))
    graphics = (["--use-angle=swiftshader", "--enable-unsafe-swiftshader"] if webgl
                else ["--disable-webgl", "--disable-3d-apis"])
    dom = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", *graphics,
                          "--virtual-time-budget=4000", "--dump-dom", f"file://{probed}"],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    found = re.search(r'<pre id="adyn-probe">(.*?)</pre>', dom, re.S)
    assert found, "the viewer never drew nor gave up:\n" + dom[-2000:]
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&")), dom
