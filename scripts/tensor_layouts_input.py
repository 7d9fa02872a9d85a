"""tensor-layouts' layout objects from the JSON that f2-bench and bank-bench write
(`cute_tests::layout_json`: nested `shape` and `stride` lists, `swizzle` `[B,M,S]` or null);
shared by scripts/f2-side-by-side.py and scripts/banks-side-by-side.py."""
from tensor_layouts import ComposedLayout, Layout, Swizzle


def tup(v):
    return tuple(tup(x) for x in v) if isinstance(v, list) else v


def build(r):
    layout = Layout(tup(r["shape"]), tup(r["stride"]))
    if r["swizzle"] is None:
        return layout
    return ComposedLayout(Swizzle(*r["swizzle"]), layout)
