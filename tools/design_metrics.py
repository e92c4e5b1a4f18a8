"""Figures of the design, for a before/after comparison of a restructuring: how large the game systems' ruleset
definitions are and how much of them only forwards, how many methods the fight controller carries, how many import
contracts hold and how many import cycles the package has.

    python tools/design_metrics.py            # the checkout this file is in
    python tools/design_metrics.py --root DIR # another checkout (an older commit checked out with git worktree)

A "one-line forward" is a function whose body, docstring aside, is a single `return f(...)` or `f(...)` calling a
module's function or an imported name (not `self`'s, not `super()`'s): a method that only hands its arguments on. A
cached_property that makes one of the ruleset's parts is not one. A module's function taken as a method
(`check = staticmethod(checks.check)`) is no method at all: it is counted apart, as an alias.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

SYSTEMS = ("crisis", "crisis_classic", "genesys", "moments", "skirmish")


def _body(fn: ast.FunctionDef) -> list[ast.stmt]:
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body


def is_forward(fn: ast.FunctionDef) -> bool:
    if any(isinstance(d, ast.Name) and d.id == "cached_property" for d in fn.decorator_list):
        return False                # makes one of the ruleset's parts (or another value) and keeps it
    body = _body(fn)
    if len(body) != 1:
        return False
    stmt = body[0]
    call = stmt.value if isinstance(stmt, (ast.Return, ast.Expr)) else None
    if not isinstance(call, ast.Call):
        return False
    func = call.func
    if isinstance(func, ast.Name):
        return func.id not in {"super", "self"}
    if isinstance(func, ast.Attribute):
        root = func.value
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Call) or (isinstance(root, ast.Name) and root.id in {"self", "cls"}):
            return False
        return isinstance(root, ast.Name)
    return False


def ruleset_figures(root: Path) -> list[tuple[str, int, int, int, int]]:
    """(system, lines of the ruleset definition, methods, one-line forwards, aliases) for each bundled system: every
    class in the system's package that is a ruleset or one of its parts (a class whose bases name Ruleset, a
    capability or a part), counted together."""
    rows = []
    for system in SYSTEMS:
        package = root / "crisis_desktop" / "rules" / system
        lines = methods = forwards = aliases = 0
        for path in sorted(package.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                if not isinstance(node, ast.ClassDef) or not _is_rules_part(node):
                    continue
                lines += (node.end_lineno or node.lineno) - node.lineno + 1
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        methods += 1
                        forwards += is_forward(item)
                    aliases += _is_alias(item)
        rows.append((system, lines, methods, forwards, aliases))
    return rows


def _is_alias(item: ast.stmt) -> bool:
    """`name = staticmethod(module.function)`: a module's function taken as a method."""
    return isinstance(item, ast.Assign) and isinstance(item.value, ast.Call) \
        and isinstance(item.value.func, ast.Name) and item.value.func.id == "staticmethod"


_PART_BASES = {"Ruleset", "Checks", "Attacks", "Healing", "Hiding", "Executes", "Scatters",
               "OutOfTurnAttacks", "Sheet", "Economy", "Printing", "Flow", "Parts"}


def _is_rules_part(node: ast.ClassDef) -> bool:
    for base in node.bases:
        name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else ""
        if name in _PART_BASES or name.endswith("Ruleset"):
            return True
    return False


def contract_count(root: Path) -> int:
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return len(config.get("tool", {}).get("importlinter", {}).get("contracts", []))


def import_cycles(root: Path) -> list[list[str]]:
    """Each group of modules of the package under `root` that import each other round in a circle when the code runs
    (imports deferred into functions included, those made only for the type checker not), largest first. The graph is
    built in a process of its own, so the package read is the one under `root`."""
    done = subprocess.run([sys.executable, __file__, "--root", str(root), "--graph"], env={**os.environ,
                          "PYTHONPATH": str(root)}, cwd=root, capture_output=True, text=True, check=True, timeout=300)
    edges: dict[str, set[str]] = {m: set(targets) for m, targets in json.loads(done.stdout).items()}
    return [sorted(c) for c in _strongly_connected(sorted(edges), edges) if len(c) > 1]


def _print_graph() -> None:
    import grimp

    graph = grimp.build_graph("crisis_desktop", cache_dir=None, exclude_type_checking_imports=True)
    print(json.dumps({m: sorted(i for i in graph.find_modules_directly_imported_by(m) if i in graph.modules)
                      for m in graph.modules}))


def _strongly_connected(nodes: list[str], edges: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                found.append(group)
    return sorted(found, key=len, reverse=True)


def fight_controller_methods(root: Path, dotted: str) -> tuple[int, int]:
    """(public, all) methods reachable on the class the board drives, inherited ones included (Python's own and
    Qt's aside)."""
    sys.path.insert(0, str(root))
    module_name, _, class_name = dotted.rpartition(".")
    import importlib

    cls = getattr(importlib.import_module(module_name), class_name)
    names = set()
    for klass in cls.__mro__:
        if klass.__module__.startswith("crisis_desktop"):
            names |= {n for n, v in vars(klass).items() if callable(v) or isinstance(v, (property, staticmethod))}
    names = {n for n in names if not (n.startswith("__") and n.endswith("__"))}
    return len({n for n in names if not n.startswith("_")}), len(names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--controller", default="crisis_desktop.controller.encounter.EncounterController",
                        help="the class the board drives, as module.Class")
    parser.add_argument("--graph", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.graph:
        _print_graph()
        return
    root = args.root.resolve()
    total = [0, 0, 0, 0]
    print(f"{'system':<16}{'lines':>7}{'methods':>9}{'forwards':>10}{'aliases':>9}")
    for system, *figures in ruleset_figures(root):
        print(f"{system:<16}{figures[0]:>7}{figures[1]:>9}{figures[2]:>10}{figures[3]:>9}")
        total = [t + f for t, f in zip(total, figures, strict=True)]
    print(f"{'all five':<16}{total[0]:>7}{total[1]:>9}{total[2]:>10}{total[3]:>9}")
    public, every = fight_controller_methods(root, args.controller)
    print(f"fight controller {args.controller}: {public} public methods, {every} in all")
    print(f"import contracts: {contract_count(root)}")
    cycles = import_cycles(root)
    print(f"import cycles: {len(cycles)}" + "".join(f"\n  {len(c)} modules: {', '.join(c)}" for c in cycles))


if __name__ == "__main__":
    main()
