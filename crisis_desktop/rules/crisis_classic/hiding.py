"""Crisis-classic hiding: Hide (3 AP) from others, provided they have no direct vision of you; Sneak moves without
showing you, a Move shows you again; an opponent's Search is a contest of its Search against your Stealth (a tie to
the one hiding, as to a defender) that finds you when it wins."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.rules.base import Actor, CheckRequest, CheckResult, Effect, Options, TurnEffects
from crisis_desktop.rules.base.hiding import Watcher, hidden_ids, set_hidden
from crisis_desktop.rules.crisis_classic import checks, tables
from crisis_desktop.rules.kernel.dice import DiceSource


def _names(watchers: Sequence[Watcher]) -> str:
    return ", ".join(w.actor.name for w in watchers)


def refusal(actor: Actor, key: str, opponents: Sequence[Watcher]) -> str | None:
    """Why Hide or Search cannot be taken now: in plain sight of an opponent, or nobody hidden from the searcher."""
    combatant = actor.combatant
    if combatant is None:
        return f"{actor.name} is not in an encounter"
    if tables.action_by_key()[key].hides == "search":
        if not any(combatant.id in hidden_ids(w.actor.combatant) for w in opponents):
            return f"Nobody is hidden from {actor.name}: nothing to search for"
        return None
    hidden = hidden_ids(combatant)
    seen_by = [w for w in opponents if w.sees and w.combatant_id not in hidden]
    return f"{actor.name} is in plain sight of {_names(seen_by)}: cannot hide" if seen_by else None


def take(actor: Actor, key: str, opponents: Sequence[Watcher], dice: DiceSource | None,
         options: Options) -> tuple[CheckResult | None, TurnEffects]:
    """Hide among the actor's opponents, or Search for those hidden from it."""
    refused = refusal(actor, key, opponents)
    if refused:
        raise ValueError(refused)
    assert actor.combatant is not None
    if tables.action_by_key()[key].hides == "search":
        if dice is None:
            raise ValueError("Search is a contest of Search against Stealth: dice are missing")
        return search(actor, opponents, dice, options)
    unknown = "" if all(w.sees is not None for w in opponents) else " (no map says who sees whom: the GM judges)"
    note = f"{actor.name} hides from {_names(opponents) or 'nobody'}{unknown}; a Search contest against " \
           "their Stealth finds them"
    return None, TurnEffects((set_hidden(actor.combatant.id, frozenset(w.combatant_id for w in opponents)),), (note,))


def search(searcher: Actor, opponents: Sequence[Watcher], dice: DiceSource,
           options: Options) -> tuple[CheckResult, TurnEffects]:
    """The searcher's Search roll against each hidden opponent's Stealth roll, in the list's order; a hider is found
    (seen by everyone again) when the searcher wins the contest. The result is the searcher's roll."""
    assert searcher.combatant is not None
    me = searcher.combatant.id
    hiding = [w for w in opponents if me in hidden_ids(w.actor.combatant)]
    if not hiding:
        raise ValueError(f"Nobody is hidden from {searcher.name}: nothing to search for")
    active = checks.check_target(CheckRequest(searcher, "search", tables.NEUTRAL_DL))
    mine, result = checks.roll_check(active, dice, f"{searcher.name}: Search", options)
    effects: list[Effect] = []
    notes: list[str] = []
    for watcher in hiding:
        hider = watcher.actor
        passive = checks.check_target(CheckRequest(hider, "stealth", tables.NEUTRAL_DL))
        theirs, stealth = checks.roll_check(passive, dice, f"{hider.name}: Stealth", options)
        winner, reason = checks.contest_winner(mine, theirs, defence=True)
        versus = f"Search {result.total.value:g} against {result.target.value:g}, Stealth " \
                 f"{stealth.total.value:g} against {stealth.target.value:g}: {reason}"
        if winner == "active":
            assert hider.combatant is not None
            effects.append(set_hidden(hider.combatant.id, frozenset()))
            notes.append(f"{searcher.name} finds {hider.name} ({versus}): revealed to everyone")
        else:
            notes.append(f"{searcher.name} does not find {hider.name} ({versus})")
    return result, TurnEffects(tuple(effects), tuple(notes))


def reveal(actor: Actor) -> TurnEffects:
    """Attacking, or moving in the open, shows the hider to everyone."""
    if actor.combatant is None or not hidden_ids(actor.combatant):
        return TurnEffects()
    return TurnEffects((set_hidden(actor.combatant.id, frozenset()),), (f"{actor.name} is seen again",))


def badge(actor: Actor) -> list[str]:
    unseen = hidden_ids(actor.combatant)
    return [f"hiding from {len(unseen)}: a Search contest finds"] if unseen else []

