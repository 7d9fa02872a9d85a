#!/usr/bin/env python3
"""The import circles inside a crate: modules that import one another, directly or through
others (issue 23, point 3: a crate without them).

    scripts/import-cycles.py CRATE_SRC_DIR...

A module is a file of `src/` (`a/b.rs` and `a/b/mod.rs` are `a::b`; `lib.rs` is the root). Module
`m` imports module `n` where `m`'s file names `crate::n` (or `crate::n::...`, in a `use` or a
path), or `super::...` resolving to `n`; an item path names the deepest module of the crate it
reaches; a file's `#[cfg(test)]` module (at its end) does not count. Prints, per crate, every strongly connected component of more than one module (its
size and members) and the number of import edges that run inside it, then a summary line
`CYCLES crate=NAME components=K modules=M edges=E`. Exit status 0 either way: a measurement.
"""
import os
import re
import sys

PATH = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
GROUP = re.compile(r"\b(crate|super)::\{([^}]*)\}")


def modules(src):
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(root, f), src)[:-3].split(os.sep)
            if rel[-1] == "mod":
                rel = rel[:-1]
            if rel == ["lib"]:
                rel = []
            mods["::".join(rel)] = os.path.join(root, f)
    return mods


def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def resolve(mods, base, segments):
    """The deepest module of the crate named by `base` followed by `segments`."""
    path, best = list(base), None
    if "::".join(path) in mods:
        best = "::".join(path)
    for s in segments:
        path.append(s)
        if "::".join(path) in mods:
            best = "::".join(path)
        else:
            break
    return best


def edges(mods):
    out = {m: set() for m in mods}
    for m, file in mods.items():
        here = m.split("::") if m else []
        parent = here[:-1]
        text = strip_comments(open(file, encoding="utf-8").read())
        # A file's unit tests (its `#[cfg(test)]` module, at its end) are not the module's imports.
        text = text.split("#[cfg(test)]")[0]
        refs = []
        for kw, rest in PATH.findall(text):
            refs.append((kw, [s for s in rest.split("::") if s]))
        for kw, inner in GROUP.findall(text):
            for item in inner.split(","):
                item = item.strip().split(" as ")[0]
                if item:
                    refs.append((kw, [s for s in item.split("::") if s and s != "self"]))
        for kw, segs in refs:
            base = [] if kw == "crate" else parent
            n = resolve(mods, base, segs)
            if n is not None and n != m and n != "":
                out[m].add(n)
    return out


def sccs(graph):
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return comps


def main():
    for src in sys.argv[1:]:
        name = os.path.basename(os.path.dirname(os.path.abspath(src)))
        mods = modules(src)
        graph = edges(mods)
        big = [sorted(c) for c in sccs(graph) if len(c) > 1]
        total_mods = sum(len(c) for c in big)
        total_edges = 0
        for c in sorted(big, key=len, reverse=True):
            inside = set(c)
            e = sum(1 for m in c for n in graph[m] if n in inside)
            total_edges += e
            print(f"{name}: a circle of {len(c)} modules, {e} imports inside it: {', '.join(c)}")
        print(f"CYCLES crate={name} components={len(big)} modules={total_mods} edges={total_edges}")


if __name__ == "__main__":
    main()
