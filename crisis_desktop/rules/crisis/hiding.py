"""Crisis hiding: Hide (3 AP) from opponents without direct vision of you, Sneak (1 AP) with a Stealth roll once
hidden, and an opponent's Search (1 AP, the least an action costs) as high as the Sneak roll (the default Difficulty
after a Hide) to find you.

Who cannot see whom is the hider's `hidden_from` resource (rules/base/hiding.py) and `sneak_roll` the last Sneak
roll; both are reset with the other combat resources."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain import Combatant
from crisis_desktop.rules.base import (
    Actor,
    CheckRequest,
    CheckResult,
    Effect,
    Options,
    SetResource,
    TurnEffects,
)
from crisis_desktop.rules.base.hiding import Watcher, hidden_ids, set_hidden
from crisis_desktop.rules.crisis import checks, tables
from crisis_desktop.rules.kernel.dice import DiceSource

SNEAK_ROLL = "sneak_roll"
SNEAK_MOVE = "sneak_move"     # a successful Sneak's move, not taken yet this turn


def sneak_roll(combatant: Combatant | None) -> int:
    value = combatant.resources.get(SNEAK_ROLL) if combatant is not None else None
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def to_find(combatant: Combatant | None) -> int:
    """What a Search roll must reach to find this one: its Sneak roll, or the default Difficulty after a Hide."""
    return sneak_roll(combatant) or tables.search_difficulty()


def _set(combatant_id: str, ids: frozenset[str], roll: int) -> list[Effect]:
    return [set_hidden(combatant_id, ids), SetResource(combatant_id, SNEAK_ROLL, roll)]


def _names(watchers: Sequence[Watcher]) -> str:
    return ", ".join(w.actor.name for w in watchers)


def refusal(actor: Actor, key: str, opponents: Sequence[Watcher]) -> str | None:
    """Why the sight action `key` cannot be taken now among these opponents: in plain sight of one (Hide, Sneak),
    not hidden yet (Sneak), nobody hidden from the searcher (Search); None when it can."""
    combatant = actor.combatant
    if combatant is None:
        return f"{actor.name} is not in an encounter"
    rule = tables.actions()[key]
    if rule.hides == "search":
        if not any(combatant.id in hidden_ids(w.actor.combatant) for w in opponents):
            return f"Nobody is hidden from {actor.name}: nothing to search for"
        return None
    hidden = hidden_ids(combatant)
    # Direct vision: an opponent with line of sight on the map who is not already unaware of the hider.
    seen_by = [w for w in opponents if w.sees and w.combatant_id not in hidden]
    if seen_by:
        return f"{actor.name} is in plain sight of {_names(seen_by)}: cannot {rule.label.lower()}"
    if rule.hides == "sneak" and not hidden:
        return f"{actor.name} must Hide before sneaking"
    return None


def take(actor: Actor, key: str, opponents: Sequence[Watcher], dice: DiceSource | None,
         options: Options) -> tuple[CheckResult | None, TurnEffects]:
    """The sight action `key` (its table row's `hides`: hide, sneak or search) among the actor's opponents."""
    refused = refusal(actor, key, opponents)
    if refused:
        raise ValueError(refused)
    rule = tables.actions()[key]
    if rule.hides == "search":
        return search(actor, opponents, _rolled(dice, rule.label, rule.check), options)
    if rule.hides == "hide":
        return None, hide(actor, opponents)
    return sneak(actor, hidden_ids(actor.combatant), _rolled(dice, rule.label, rule.check), options)


def _rolled(dice: DiceSource | None, label: str, skill: str | None) -> DiceSource:
    if dice is None:
        raise ValueError(f"{label} is a {(skill or 'skill').capitalize()} roll: dice are missing")
    return dice


def hide(actor: Actor, opponents: Sequence[Watcher]) -> TurnEffects:
    """Hidden from every opponent (none of whom sees the hider now), until a Search of the default Difficulty."""
    assert actor.combatant is not None
    ids = frozenset(w.combatant_id for w in opponents)
    unknown = "" if all(w.sees is not None for w in opponents) else " (no map says who sees whom: the GM judges)"
    note = (f"{actor.name} hides from {_names(opponents) or 'nobody'}{unknown}; a Search roll of "
            f"{tables.search_difficulty()} or more finds them")
    return TurnEffects(tuple(_set(actor.combatant.id, ids, 0)), (note,))


def sneak(actor: Actor, hidden: frozenset[str], dice: DiceSource,
          options: Options) -> tuple[CheckResult, TurnEffects]:
    """A Stealth roll against the default Difficulty: success keeps the sneaker hidden and sets what a Search must
    reach (the roll); failure reveals it."""
    assert actor.combatant is not None
    rule = tables.actions()["sneak"]
    result = checks.check(CheckRequest(actor, rule.check or "stealth", tables.search_difficulty()), dice, options)
    total = int(result.total.value)
    if result.outcome.succeeded:
        note = (f"{actor.name} sneaks unseen: a Search roll of {total} or more finds them; a move of up to their Pace "
                "stays unseen this turn")
        effects = (*_set(actor.combatant.id, hidden, total), SetResource(actor.combatant.id, SNEAK_MOVE, True))
        return result, TurnEffects(effects, (note,))
    note = f"{actor.name} fails to sneak ({result.describe()}) and is revealed"
    return result, TurnEffects(tuple(_set(actor.combatant.id, frozenset(), 0)), (note,))


def search(searcher: Actor, opponents: Sequence[Watcher], dice: DiceSource,
           options: Options) -> tuple[CheckResult, TurnEffects]:
    """One Search roll against every opponent hidden from the searcher: each whose Sneak roll (the default Difficulty
    after a Hide) it reaches is revealed to everyone. The roll is made against the easiest of them to find."""
    assert searcher.combatant is not None
    me = searcher.combatant.id
    hiding = [w for w in opponents if me in hidden_ids(w.actor.combatant)]
    if not hiding:
        raise ValueError(f"Nobody is hidden from {searcher.name}: nothing to search for")
    easiest = min(to_find(w.actor.combatant) for w in hiding)
    result = checks.check(CheckRequest(searcher, "search", easiest), dice, options)
    total = int(result.total.value)
    found = [w for w in hiding if result.outcome.succeeded and total >= to_find(w.actor.combatant)]
    effects = [e for w in found for e in _set(w.combatant_id, frozenset(), 0)]
    notes = [f"{searcher.name} finds {w.actor.name} (Search {total} against {to_find(w.actor.combatant)}): "
             "revealed to everyone" for w in found]
    notes += [f"{searcher.name} does not find {w.actor.name} (Search {total} against {to_find(w.actor.combatant)})"
              for w in hiding if w not in found]
    return result, TurnEffects(tuple(effects), tuple(notes))


def reveal(actor: Actor) -> TurnEffects:
    """Attacking, or moving in the open, shows the hider to everyone (and spoils a Sneak's move not taken)."""
    combatant = actor.combatant
    if combatant is None or not hidden_ids(combatant):
        return TurnEffects()
    effects = (*_set(combatant.id, frozenset(), 0), SetResource(combatant.id, SNEAK_MOVE, False))
    return TurnEffects(effects, (f"{actor.name} is seen again",))


def sneak_move_left(actor: Actor) -> bool:
    """Whether a successful Sneak's move is still to take this turn (the sneaker still hidden)."""
    combatant = actor.combatant
    return combatant is not None and combatant.resources.get(SNEAK_MOVE) is True and bool(hidden_ids(combatant))


def badge(combatant: Combatant | None) -> list[str]:
    """What the board shows of a hider: how many cannot see it and what finds it."""
    unseen = hidden_ids(combatant)
    if not unseen:
        return []
    return [f"hiding from {len(unseen)}: Search {to_find(combatant)} finds"]
