"""Looks up rulesets by id. A plain mapping built on demand; no global mutable registry."""

from __future__ import annotations

from collections.abc import Callable

from crisis_desktop.rules.base import Ruleset


def _crisis() -> Ruleset:
    from crisis_desktop.rules.crisis import CrisisRuleset

    return CrisisRuleset()


def _crisis_classic() -> Ruleset:
    from crisis_desktop.rules.crisis_classic import CrisisClassicRuleset

    return CrisisClassicRuleset()


def _genesys() -> Ruleset:
    from crisis_desktop.rules.genesys import GenesysRuleset

    return GenesysRuleset()


def _moments() -> Ruleset:
    from crisis_desktop.rules.moments import MomentsRuleset

    return MomentsRuleset()


def _skirmish() -> Ruleset:
    from crisis_desktop.rules.skirmish import SkirmishRuleset

    return SkirmishRuleset()


_FACTORIES: dict[str, Callable[[], Ruleset]] = {
    "crisis": _crisis,
    "crisis-classic": _crisis_classic,
    "genesys": _genesys,
    "moments": _moments,
    "skirmish": _skirmish,
}


# The system offered first for a new campaign. The registry owns it: the domain and storage name no system of
# their own (an old file without a system id is upgraded by storage.migrations, which names its own fact).
DEFAULT_RULESET_ID = "crisis"


def ruleset_ids() -> list[str]:
    return list(_FACTORIES)


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; KeyError naming the known ones otherwise."""
    try:
        factory = _FACTORIES[ruleset_id]
    except KeyError:
        raise KeyError(f"Unknown ruleset {ruleset_id!r}; known: {', '.join(_FACTORIES)}") from None
    return factory()
