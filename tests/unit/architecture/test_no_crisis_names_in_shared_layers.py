"""Nothing crisis in the shared defaults: the shared layers (controller, domain, storage, ui, export) read no rule
through a name only crisis gives meaning to (Execute, overwatch, surprise, scatter, stunts, crisis itself). They ask
for a capability a ruleset declares (rules/base/capabilities.py) and use the capability's own names; the shared
geometry's names (kernel/geometry: its scatter diagram) are geometry. Every identifier of the shared layers is split
into words ("set_surprised" -> set, surprised; "onOverwatch" -> on, overwatch) and checked against the list."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import crisis_desktop.rules.base as base
import crisis_desktop.rules.base.capabilities as capabilities
import crisis_desktop.rules.kernel.geometry as geometry

PACKAGE = Path(base.__file__).resolve().parents[2]
SHARED_LAYERS = ("controller", "domain", "storage", "ui", "export")

# Words only crisis (and crisis-classic, its older edition) gives meaning to.
CRISIS_WORDS = frozenset({"crisis", "execute", "executes", "executing", "overwatch", "surprise", "surprised",
                          "scatter", "scatters", "scattered", "stunt", "stunts"})

# Where such a name stands for a reason, by file (relative to the package) and the names allowed there (None: all).
EXCEPTIONS: dict[str, frozenset[str] | None] = {
    # The history of the file format: version-2 files kept the crisis turn in fields of those names.
    "storage/migrations.py": None,
}


def words(name: str) -> set[str]:
    """The words of an identifier, lower case: snake_case and camelCase split alike."""
    return {part.lower() for part in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", name)}


def allowed_names() -> set[str]:
    """The capabilities' own names (classes, functions, constants and the members of each class) and the shared
    geometry's, and the package's own name."""
    names = {"crisis_desktop"}
    for name, value in vars(capabilities).items():
        if name.startswith("__"):
            continue
        names.add(name)
        if isinstance(value, type) and value.__module__ == capabilities.__name__:
            names |= {member for member in dir(value) if not member.startswith("__")}
    names |= {name for name in vars(geometry) if not name.startswith("_")}
    return names


def identifiers(source: str) -> list[tuple[int, str]]:
    """Every name a module uses or defines, with its line: variables, attributes, functions, classes, arguments,
    keywords and imports."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            found.append((node.lineno, node.arg))
        elif isinstance(node, ast.keyword) and node.arg is not None:
            found.append((node.value.lineno, node.arg))
        elif isinstance(node, ast.alias):
            found.append((node.lineno, node.asname or node.name.split(".")[0]))
    return found


def crisis_names(package: Path, layers: tuple[str, ...] = SHARED_LAYERS) -> list[str]:
    """'layer/module.py:line name' for every name of the shared layers that only crisis gives meaning to."""
    allowed = allowed_names()
    flagged: list[tuple[str, int, str]] = []
    for layer in layers:
        for path in sorted((package / layer).rglob("*.py")):
            where = path.relative_to(package).as_posix()
            excepted = EXCEPTIONS.get(where, frozenset())
            for line, name in identifiers(path.read_text(encoding="utf-8")):
                if name in allowed or excepted is None or name in excepted or not words(name) & CRISIS_WORDS:
                    continue
                flagged.append((where, line, name))
    return [f"{where}:{line} {name}" for where, line, name in sorted(flagged)]


def test_no_shared_layer_reads_a_rule_through_a_crisis_name():
    assert crisis_names(PACKAGE) == [], "declare a capability or a role in rules/base instead"


def test_the_exceptions_still_exist():
    """An exception for a file that is gone, or a name no longer used there, is removed rather than kept."""
    for where, names in EXCEPTIONS.items():
        path = PACKAGE / where
        assert path.is_file(), where
        used = {name for _line, name in identifiers(path.read_text(encoding="utf-8"))}
        assert names is None or names <= used, where


def test_the_capabilities_names_are_allowed_and_split_into_words():
    allowed = allowed_names()
    assert {"Executes", "execute_odds", "resolve_execute", "Scatters", "ScatteredAttack", "blast_inputs",
            "resolve_landed", "OutOfTurnAttacks", "made_out_of_turn", "SURPRISED", "is_surprised"} <= allowed
    assert "scatter" in allowed                   # the shared geometry's scatter diagram, and a scattered result's
    assert words("set_surprised") == {"set", "surprised"} and words("onOverwatch") == {"on", "overwatch"}
    assert words("CRISIS_DEMO") == {"crisis", "demo"} and words("blastShown") == {"blast", "shown"}


def test_the_checker_flags_a_planted_use(tmp_path):
    """The test above can fail: a shared module reading surprise, overwatch or Execute by crisis's names is caught;
    the same rules asked through their capabilities are not."""
    package = tmp_path / "crisis_desktop"
    (package / "ui").mkdir(parents=True)
    (package / "controller").mkdir()
    (package / "ui" / "planted.py").write_text(
        "def badge(combatant, rules):\n"
        "    if combatant.surprised:\n"
        "        return 'caught'\n"
        "    on_overwatch = combatant.resources.get('watch')\n"
        "    return rules.has_execute or on_overwatch\n", encoding="utf-8")
    (package / "controller" / "asked.py").write_text(
        "from crisis_desktop.rules.base import Executes, Scatters\n"
        "from crisis_desktop.rules.base.capabilities import is_surprised\n\n\n"
        "def odds(rules, request, options, combatant):\n"
        "    if isinstance(rules.attacks, Executes) and not is_surprised(combatant):\n"
        "        return rules.attacks.execute_odds(request, options)\n"
        "    return isinstance(rules.attacks, Scatters)\n", encoding="utf-8")
    assert crisis_names(package, ("controller", "ui")) == [
        "ui/planted.py:2 surprised", "ui/planted.py:4 on_overwatch", "ui/planted.py:5 has_execute",
        "ui/planted.py:5 on_overwatch"]
