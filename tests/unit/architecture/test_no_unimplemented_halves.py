"""No class is half of another: no method whose body is only `raise NotImplementedError` (after its docstring), unless
it is an abstract method of an ABC, where Python itself refuses to make an object that lacks it; and no class of the
ui declares attributes (`name: Type` in its body, no value) that it leaves to a subclass to set, outside the kinds of
class whose annotations are their fields (dataclasses, named tuples, typed dicts, protocols). Stubs and such
declarations are how one class split over two files by inheritance declared the other half's methods and attributes
(`MainWindow` over `CampaignFileCommands`, `EncounterBoard` over `BoardIntents`); they are now objects with explicit
collaborators.

The package is read with `ast` (nothing is imported): a class counts as an ABC when it names `ABC` or
`metaclass=ABCMeta`, or derives from a class of the package that does."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import crisis_desktop

PACKAGE = Path(crisis_desktop.__file__).resolve().parent

# Stubs left outside crisis_desktop/ui, by the end of their file's path (the rules modules move) and Class.method,
# each to become an abstract method of an ABC (or to go) where its layer is reworked; a test keeps this list honest.
KNOWN: dict[str, frozenset[str]] = {
    "geometry/batch.py": frozenset({"_Lines.columns", "_Lines.sources", "_Lines.block"}),
    "controller/character_commands.py": frozenset({"ItemEdit._item", "ItemEdit._changes"}),
}


def known(where: str) -> frozenset[str]:
    return next((names for end, names in KNOWN.items() if where.endswith(end)), frozenset())


def _name(node: ast.expr) -> str:
    """The last name of a base or decorator (`abc.ABC` -> ABC, `Generic[T]` -> Generic)."""
    if isinstance(node, ast.Subscript):
        return _name(node.value)
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Call):
        return _name(node.func)
    return ""


def _only_raises_not_implemented(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]                                    # the docstring
    return (len(body) == 1 and isinstance(body[0], ast.Raise) and body[0].exc is not None
            and _name(body[0].exc) == "NotImplementedError")


def _is_abstract(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(_name(d) == "abstractmethod" for d in function.decorator_list)


def _modules(root: Path) -> dict[str, ast.Module]:
    return {path.relative_to(root).as_posix(): ast.parse(path.read_text(encoding="utf-8"), str(path))
            for path in sorted(root.rglob("*.py"))}


def _abc_names(modules: dict[str, ast.Module]) -> set[str]:
    """The names of the package's classes that are ABCs, directly or through a base of the package."""
    bases: dict[str, set[str]] = {}
    abcs: set[str] = set()
    for module in modules.values():
        for node in ast.walk(module):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(_name(b) for b in node.bases)
                if "ABC" in bases[node.name] or any(k.arg == "metaclass" and _name(k.value) == "ABCMeta"
                                                     for k in node.keywords):
                    abcs.add(node.name)
    grown = True
    while grown:
        more = {name for name, of in bases.items() if name not in abcs and of & abcs}
        abcs |= more
        grown = bool(more)
    return abcs


@functools.cache
def stubs(root: Path) -> dict[str, set[str]]:
    """Every method under `root` whose body only raises NotImplementedError, outside an ABC's abstract methods:
    by file, as Class.method."""
    modules = _modules(root)
    abcs = _abc_names(modules)
    found: dict[str, set[str]] = {}
    for where, module in modules.items():
        for cls in ast.walk(module):
            if not isinstance(cls, ast.ClassDef):
                continue
            for function in cls.body:
                if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                if _only_raises_not_implemented(function) and not (_is_abstract(function) and cls.name in abcs):
                    found.setdefault(where, set()).add(f"{cls.name}.{function.name}")
    return found


# Classes whose annotations are their fields, by a base or decorator's last name.
FIELD_CLASSES = frozenset({"NamedTuple", "TypedDict", "Protocol", "BaseModel", "DomainModel", "dataclass"})


def declared_not_set(root: Path) -> dict[str, set[str]]:
    """Every class under `root` that declares attributes without a value in its body (outside FIELD_CLASSES): by
    file, as Class.attribute."""
    found: dict[str, set[str]] = {}
    for where, module in _modules(root).items():
        for cls in ast.walk(module):
            if not isinstance(cls, ast.ClassDef) or {_name(n) for n in (*cls.bases, *cls.decorator_list)} \
                    & FIELD_CLASSES:
                continue
            for node in cls.body:
                if isinstance(node, ast.AnnAssign) and node.value is None and isinstance(node.target, ast.Name):
                    found.setdefault(where, set()).add(f"{cls.name}.{node.target.id}")
    return found


def test_no_method_of_the_package_is_a_stub_for_another_half():
    unexpected = {where: sorted(names - known(where)) for where, names in stubs(PACKAGE).items()
                  if names - known(where)}
    assert unexpected == {}


def test_nothing_in_the_ui_is_a_stub():
    assert {where: names for where, names in stubs(PACKAGE).items() if where.startswith("ui/")} == {}
    assert not any(where.startswith("ui/") for where in KNOWN)


def test_no_class_of_the_ui_declares_attributes_for_another():
    assert declared_not_set(PACKAGE / "ui") == {}


def test_the_known_stubs_are_still_there():
    """An entry of KNOWN goes when its stub does (made abstract, or gone)."""
    found: dict[str, set[str]] = {}
    for where, names in stubs(PACKAGE).items():
        found.setdefault(next((end for end in KNOWN if where.endswith(end)), where), set()).update(names)
    assert {end: sorted(names - found.get(end, set())) for end, names in KNOWN.items()
            if names - found.get(end, set())} == {}


def test_what_counts_as_a_stub(tmp_path):
    (tmp_path / "halves.py").write_text('''
import abc
from abc import ABC, ABCMeta, abstractmethod


class Half:
    def other_half(self) -> None:
        raise NotImplementedError

    def with_reason(self) -> None:
        """Said."""
        raise NotImplementedError("the window's")

    @abstractmethod
    def abstract_of_no_abc(self) -> None:
        raise NotImplementedError

    def works(self) -> int:
        if self:
            raise NotImplementedError
        return 1


class Part(ABC):
    @abstractmethod
    def hook(self) -> None:
        raise NotImplementedError

    def plain(self) -> None:
        raise NotImplementedError


class Meta(metaclass=ABCMeta):
    @abc.abstractmethod
    def hook(self) -> None:
        raise NotImplementedError


class Derived(Part):
    @abstractmethod
    def more(self) -> None:
        raise NotImplementedError
''', encoding="utf-8")
    assert stubs(tmp_path) == {"halves.py": {"Half.other_half", "Half.with_reason", "Half.abstract_of_no_abc",
                                             "Part.plain"}}


def test_what_counts_as_a_declaration_for_another(tmp_path):
    (tmp_path / "declared.py").write_text('''
from dataclasses import dataclass
from typing import NamedTuple, Protocol


class Half:
    document: object
    count: int = 0


@dataclass
class Fields:
    name: str


class Row(NamedTuple):
    x: int


class Shape(Protocol):
    width: int
''', encoding="utf-8")
    assert declared_not_set(tmp_path) == {"declared.py": {"Half.document"}}
