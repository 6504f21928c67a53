"""adyn.animate: the page of `adyn animate` (three.js, self-contained) for a notebook or a file."""
import html

from . import _adyn


class Animation:
    """A self-contained HTML page that plays the motion; a notebook shows it (an iframe)."""

    def __init__(self, page):
        self.html = page

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.html)

    def _repr_html_(self):
        return f'<iframe srcdoc="{html.escape(self.html)}" style="width: 100%; height: 480px; border: 0"></iframe>'


def animate(model, trajectory=None, *, method=None, traces=(), **options):
    """The motion of `model` (an adyn.Model) in 3-D: `trajectory` (an adyn.Trajectory of the model's
    equations) or, when None, a simulation by `method` (default: the model's, else lagrange) with
    Equations.simulate's `options`. `traces` names points whose paths are drawn."""
    if trajectory is None:
        trajectory = model.derive(method or model.settings.get("method", _adyn.DEFAULT_METHOD)).simulate(**options)
    return Animation(_adyn.animation_page(model, trajectory, list(traces)))
