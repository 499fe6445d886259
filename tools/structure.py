#!/usr/bin/env python3
"""structure.py — the measures of the code's shape that fpx holds itself to.

Reads the sources under src/ (and the objects a build left there) and prints:
  - files over 600 lines, and functions over 60 lines (Universal Ctags' end lines);
  - loops between files: modules (a .c with its .h) that reach each other through the
    calls between their objects (gcc-nm's defined and undefined symbols) or through
    their includes;
  - exported symbols that no other file (nor a test or tool) uses;
  - includes and calls that go up a layer: src/README's layer order (folder by folder, lowest
    first; a file may include its own folder and those listed before it).
Usage: python3 tools/structure.py   (after `make`; exit 1 when any measure is not 0)
"""
import os
import re
import subprocess
import sys
from collections import defaultdict

SRC = "src"
UNUSED_EXPORTS = []
FILE_LIMIT, FUNCTION_LIMIT = 600, 60


def sources():
    out = []
    for root, _, names in os.walk(SRC):
        for n in names:
            if n.endswith((".c", ".h")) and n not in ("builtin.c", "pow5.c"):
                out.append(os.path.join(root, n))
    return sorted(out)


def module(path):
    """A .c and its .h are one module; so is NAME_impl.h, the private header of NAME's pieces."""
    name = os.path.splitext(os.path.basename(path))[0]
    return name[:-len("_impl")] if name.endswith("_impl") else name


def layers():
    """The folders of src/, lowest first, as src/README's "Layers" list gives them."""
    order, on = [], False
    try:
        for line in open(os.path.join(SRC, "README")):
            if line.startswith("Layers"):
                on = True
            elif on and re.match(r"^\s+\d+\.\s+(\S+)/", line):
                order.append(re.match(r"^\s+\d+\.\s+(\S+)/", line).group(1))
            elif on and not line.strip() and order:
                break
    except OSError:
        pass
    return order


def long_files(files):
    return [(p, n) for p in files if (n := sum(1 for _ in open(p))) > FILE_LIMIT]


def long_functions(files):
    cmd = ["ctags", "-x", "--kinds-C=f", "--fields=+e", "--_xformat=%N %F %n %e"] + files
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        name, path, start, end = line.split()
        if end.isdigit() and int(end) - int(start) + 1 > FUNCTION_LIMIT:
            found.append((path, name, int(end) - int(start) + 1))
    return found


def include_edges(files):
    by_header = {os.path.basename(p): p for p in files if p.endswith(".h")}
    edges = defaultdict(set)
    ups = []
    order = layers()
    rank = {d: i for i, d in enumerate(order)}
    for p in files:
        for m in re.finditer(r'^#include "([^"]+)"', open(p).read(), re.M):
            h = by_header.get(os.path.basename(m.group(1)))
            if not h:
                continue
            if module(h) != module(p):
                edges[module(p)].add(module(h))
            a, b = folder(p), folder(h)
            if a in rank and b in rank and rank[b] > rank[a]:
                ups.append((p, h))
    return edges, ups


def calls_up(calls, files):
    rank = {d: i for i, d in enumerate(layers())}
    where = {module(p): folder(p) for p in files}
    return sorted((m, d) for m, ds in calls.items() for d in ds
                  if rank.get(where.get(d), -1) > rank.get(where.get(m), 99))


def folder(path):
    parts = path.split(os.sep)
    return parts[1] if len(parts) > 2 else ""


def call_edges():
    # the modules' objects, in src's folders; not src/libfpx-all.o, all of them linked in one
    objs = [os.path.join(r, n) for r, _, ns in os.walk(SRC) for n in ns if n.endswith(".o") and r != SRC]
    defined, used = {}, defaultdict(set)
    for o in objs:
        out = subprocess.run(["gcc-nm", o], capture_output=True, text=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "TDBR":
                defined[f[2]] = module(o)
            elif len(f) == 2 and f[0] == "U":
                used[module(o)].add(f[1])
    global UNUSED_EXPORTS
    others = "".join(open(os.path.join(d, n)).read() for d in ("tests", "tools", "tests/fuzz")
                     if os.path.isdir(d) for n in os.listdir(d) if n.endswith(".c"))
    used_anywhere = set().union(*used.values()) if used else set()
    UNUSED_EXPORTS = sorted((m, s) for s, m in defined.items() if m not in ("main", "builtin", "pow5")
                            and s not in used_anywhere and not re.search(r"\b%s\b" % re.escape(s), others))
    edges = defaultdict(set)
    for m, syms in used.items():
        for s in syms:
            d = defined.get(s)
            if d and d != m and m != "main":
                edges[m].add(d)
    return edges, len(objs)


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
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
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in list(edges):
        if v not in index:
            visit(v)
    return out


def main():
    files = sources()
    bad = 0
    big = long_files(files)
    print(f"files over {FILE_LIMIT} lines: {len(big)}")
    for p, n in big:
        print(f"  {p} {n}")
    funcs = long_functions(files)
    print(f"functions over {FUNCTION_LIMIT} lines: {len(funcs)}")
    for p, name, n in funcs:
        print(f"  {p} {name} {n}")
    inc, ups = include_edges(files)
    inc_loops = cycles(inc)
    print(f"include loops between files: {len(inc_loops)}")
    for c in inc_loops:
        print("  " + " <-> ".join(c))
    calls, nobj = call_edges()
    call_loops = cycles(calls)
    print(f"call loops between files: {len(call_loops)}" + ("" if nobj else " (no objects: run make)"))
    for c in call_loops:
        print("  " + " <-> ".join(c))
    print(f"exports no other file uses (static, or dead): {len(UNUSED_EXPORTS)}")
    for m, sym in UNUSED_EXPORTS:
        print(f"  {m}: {sym}")
    print(f"includes that go up a layer: {len(ups)}" + ("" if layers() else " (no layers in src/README)"))
    for p, h in ups:
        print(f"  {p} includes {h}")
    ups_called = calls_up(calls, files)
    print(f"calls that go up a layer: {len(ups_called)}")
    for m, d in ups_called:
        print(f"  {m} calls {d}")
    bad = len(ups_called) + len(UNUSED_EXPORTS) + len(big) + len(funcs) + len(inc_loops) + len(call_loops) + len(ups)
    return 1 if bad or not nobj else 0


if __name__ == "__main__":
    sys.exit(main())
