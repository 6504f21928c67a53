"""Equations as SymPy matrices (Equations.to_sympy) and as LaTeX in notebooks (_repr_latex_).

The expressions are adyn's plain text (`adyn derive --format json`), which SymPy parses: every
name is a sympy.Symbol of that name (q1, q1_d for a rate, u1, parameters, t, lambda1, ...) and the
functions are mapped to SymPy's."""
import dataclasses
import json
import keyword
import re

from . import _adyn

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _functions(sympy):
    return {"sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "asin": sympy.asin, "acos": sympy.acos,
            "atan": sympy.atan, "atan2": sympy.atan2, "sinh": sympy.sinh, "cosh": sympy.cosh,
            "tanh": sympy.tanh, "exp": sympy.exp, "log": sympy.log, "sqrt": sympy.sqrt, "abs": sympy.Abs,
            "csgn": sympy.sign, "step": sympy.Heaviside, "Pi": sympy.pi}


class _Parser:
    """Parses adyn's expression text with every identifier a Symbol (one per name)."""

    def __init__(self, sympy):
        self.sympy = sympy
        self.names = _functions(sympy)
        self.symbols = {}

    def symbol(self, name):
        if name not in self.symbols:
            self.symbols[name] = self.sympy.Symbol(name)
        return self.symbols[name]

    def __call__(self, text):
        local = dict(self.names)

        def bind(match):  # names that are Python keywords (the bicycle's lambda) get an alias
            name = match.group()
            if name in self.names:
                return name
            alias = name + "_" if keyword.iskeyword(name) else name
            local[alias] = self.symbol(name)
            return alias
        text = _IDENTIFIER.sub(bind, text)
        parser = self.sympy.parsing.sympy_parser
        return parser.parse_expr(text, local_dict=local, global_dict={"Integer": self.sympy.Integer,
                                                                      "Float": self.sympy.Float,
                                                                      "Rational": self.sympy.Rational,
                                                                      "Symbol": self.sympy.Symbol},
                                 transformations=parser.standard_transformations + (parser.convert_xor,))


@dataclasses.dataclass
class SymPyEquations:
    """The equations M u' = F (+ G^T lambda), G u' = g, q' = qdot as SymPy objects. For large
    equations (the Whipple bicycle) the entries are written over named intermediates z0, z1, ...
    (common subexpressions, as sympy.cse returns them), each in terms of the earlier ones:
    substituting them would write every shared subexpression out wherever it is used."""
    method: str
    M: object                 # sympy.Matrix p x p
    F: object                 # p x 1
    G: object                 # m x p (0 x p without constraint rows)
    g: object                 # m x 1
    qdot: object              # n x 1
    dependent_speeds: dict    # Symbol -> expression (speeds eliminated by the method)
    coordinates: list
    speeds: list
    multipliers: list
    parameters: list
    symbols: dict             # name -> Symbol, every name the expressions use
    intermediates: list       # [(Symbol z_k, expression in earlier z's and the symbols)], in order

    def accelerations(self, values):
        """u' (and lambda) at `values` ({Symbol or name: number}), by SymPy: the KKT system
        [M -G^T; G 0] [u'; lambda] = [F; g]."""
        sympy = __import__("sympy")
        subs = {self.symbols[k] if isinstance(k, str) else k: v for k, v in values.items()}
        for z, expression in self.intermediates:
            subs[z] = expression.xreplace(subs).evalf()
        M, F, G, g = (x.xreplace(subs).evalf() for x in (self.M, self.F, self.G, self.g))
        p, m = M.rows, G.rows
        K = sympy.zeros(p + m, p + m)
        K[:p, :p], K[:p, p:], K[p:, :p] = M, -G.T, G
        solution = K.LUsolve(sympy.Matrix.vstack(F, g))
        return solution[:p, :], solution[p:, :]


def to_sympy(self, simplify=True):
    """The equations as SymPy matrices (adyn.SymPyEquations); needs SymPy."""
    import sympy
    import sympy.parsing.sympy_parser  # noqa: F401

    data = json.loads(self.json(simplify))
    parse = _Parser(sympy)
    intermediates = [(parse.symbol(z["name"]), parse(z["value"])) for z in data["intermediates"]]

    def column(entries):
        return sympy.Matrix(len(entries), 1, [parse(e) for e in entries])

    p = len(data["speeds"])
    M = sympy.Matrix(p, p, [parse(e) for row in data["mass_matrix"] for e in row])
    G = sympy.Matrix(len(data["constraint_matrix"]), p, [parse(e) for row in data["constraint_matrix"] for e in row])
    F, g, qdot = column(data["forcing"]), column(data["constraint_rhs"]), column(data["coordinate_rates"])
    dependent = {parse.symbol(d["name"]): parse(d["value"]) for d in data["dependent_speeds"]}
    z_names = {z["name"] for z in data["intermediates"]}
    names = {name: symbol for name, symbol in parse.symbols.items() if name not in z_names}
    return SymPyEquations(
        data["method"], M, F, G, g, qdot, dependent, [parse.symbol(n) for n in data["coordinates"]], [parse.symbol(n) for n in data["speeds"]],
        [parse.symbol(x["name"]) for x in data["multipliers"]], [parse.symbol(n) for n in data["parameters"]],
        names, intermediates)


def _repr_latex_(self):
    return "$$" + self.latex() + "$$"


_adyn.Equations.to_sympy = to_sympy
_adyn.Equations._repr_latex_ = _repr_latex_
