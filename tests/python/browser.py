"""Headless Chromium for the pages of `adyn animate`: a screenshot of a page at a time (the viewer
starts paused at #t=...), as the browser test and scripts/animation-screenshots take them."""
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
