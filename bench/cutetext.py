"""CuTe's printed value syntax (../shared/conformance/FORMAT.md, section 2) for the benchmark
drivers: parse it, emit the C++ that builds the value, build the pycute value.

A parsed value is one of
  ("int", v, is_static)   _8 / 8
  ("und",)                a bare _
  ("tup", [values])       (a,b,...)
  ("lay", shape, stride)  shape:stride
"""
import re

_TOK = re.compile(r"\s*(?:(_?-?\d+)|(_)|([(),:]))")


def parse(text):
    toks, pos = [], 0
    while pos < len(text):
        m = _TOK.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError("cannot parse %r at %d" % (text, pos))
        toks.append(m.group(1) or m.group(2) or m.group(3))
        pos = m.end()
    toks = [t for t in toks if t.strip()]
    k = [0]

    def peek():
        return toks[k[0]] if k[0] < len(toks) else None

    def take(t=None):
        x = peek()
        if t is not None and x != t:
            raise ValueError("expected %r in %r, got %r" % (t, text, x))
        k[0] += 1
        return x

    def term():
        x = peek()
        if x == "(":
            take("(")
            items = []
            if peek() != ")":
                items.append(value())
                while peek() == ",":
                    take(",")
                    items.append(value())
            take(")")
            return ("tup", items)
        if x == "_":
            take()
            return ("und",)
        take()
        if x.startswith("_"):
            return ("int", int(x[1:]), True)
        return ("int", int(x), False)

    def value():
        t = term()
        if peek() == ":":
            take(":")
            return ("lay", t, term())
        return t

    v = value()
    if peek() is not None:
        raise ValueError("trailing text in %r" % text)
    return v


def to_cpp(v):
    """The C++ expression that builds the value (CuTe's types: Int<N>{} or int)."""
    kind = v[0]
    if kind == "int":
        return "Int<%d>{}" % v[1] if v[2] else "int(%d)" % v[1]
    if kind == "und":
        return "_"
    if kind == "tup":
        return "cute::make_tuple(" + ", ".join(to_cpp(e) for e in v[1]) + ")"
    return "make_layout(%s, %s)" % (to_cpp(v[1]), to_cpp(v[2]))


def plain(v):
    """Integers and nested tuples of integers as Python ints and tuples (static or not)."""
    if v[0] == "int":
        return v[1]
    if v[0] == "tup":
        return tuple(plain(e) for e in v[1])
    raise ValueError("not an integer tuple: %r" % (v,))


def to_pycute(v, pycute):
    """The pycute value: Layout(shape, stride), ints, tuples (a tiler), None for _."""
    kind = v[0]
    if kind == "int":
        return v[1]
    if kind == "und":
        return None
    if kind == "tup":
        return tuple(to_pycute(e, pycute) for e in v[1])
    return pycute.Layout(plain(v[1]), plain(v[2]))


def _flat(t):
    if isinstance(t, tuple):
        out = []
        for e in t:
            out.extend(_flat(e))
        return out
    return [t]


def layout_values(shape, stride):
    """Size and the value at every 1-D coordinate (column-major) of shape:stride."""
    fs, fd = _flat(shape), _flat(stride)
    n = 1
    for s in fs:
        n *= s
    out = []
    for i in range(n):
        r, j = 0, i
        for s, d in zip(fs, fd):
            r += (j % s) * d
            j //= s
        out.append(r)
    return out


def text_values(text):
    """The function a printed layout (or `call` list) stands for, as a list of values."""
    if text.startswith("["):
        return [int(x.lstrip("_")) for x in text[1:-1].split(",") if x]
    v = parse(text)
    if v[0] != "lay":
        v = ("lay", v, ("int", 1, False))
    return layout_values(plain(v[1]), plain(v[2]))
