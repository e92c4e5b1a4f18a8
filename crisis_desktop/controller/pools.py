"""The campaign's shared pools (story points, destiny) as the controller keeps them: a session's start, the GM's own
count, and the points a check spends, each an undoable change (no Qt)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crisis_desktop.controller.effects import ApplyEffects
from crisis_desktop.domain import Campaign, StatValue
from crisis_desktop.domain.campaign import POOL_MAX
from crisis_desktop.rules.base import Pools, PoolSpec, PoolSpend, Ruleset, SetPool
from crisis_desktop.rules.kernel.dice import DiceSource


def pools_of(ruleset: Ruleset | None) -> Pools:
    """The rules' pools; ValueError where the system has none."""
    pools = ruleset.pools if ruleset is not None else None
    if pools is None:
        raise ValueError(f"The {ruleset.name if ruleset else 'campaign'} rules have no story points or other pools")
    return pools


def pools_text(campaign: Campaign, ruleset: Ruleset | None, options: Mapping[str, StatValue]) -> str:
    """'Players 3, GM 1' for the board; empty where the rules have no pools."""
    if ruleset is None or ruleset.pools is None:
        return ""
    return ruleset.pools.text(campaign.pools, options)


def spend_preview(campaign: Campaign, ruleset: Ruleset | None, spends: Sequence[PoolSpend],
                  options: Mapping[str, StatValue]) -> str:
    """The pools before a check or an attack is rolled, and after it where it spends of them: "Story points: Players
    2, GM 1; after this roll: Players 1, GM 2" (empty where the rules have no pools; the pools as they are where the
    points are not there, which the refusal says)."""
    if ruleset is None or ruleset.pools is None:
        return ""
    pools = ruleset.pools
    text = f"{pools.title(options)}: {pools.text(campaign.pools, options)}"
    if spends and spend_refusal(campaign, ruleset, spends, options) is None:
        effects, _ = spend_effects(campaign, ruleset, spends, options)
        after = {**campaign.pools, **{e.key: e.value for e in effects}}
        text += f"; after this roll: {pools.text(after, options)}"
    return text


def _named(ruleset: Ruleset | None, options: Mapping[str, StatValue]) -> dict[str, PoolSpec]:
    return {p.key: p for p in pools_of(ruleset).pools(options)}


def spend_refusal(campaign: Campaign, ruleset: Ruleset | None, spends: Sequence[PoolSpend],
                  options: Mapping[str, StatValue]) -> str | None:
    """Why the pools cannot pay these spends now (in the rules' words), or None when they can: each pool pays from
    what it held before the check, not from points the same check brings it."""
    if not spends:
        return None
    named = _named(ruleset, options)
    owed: dict[str, int] = {}
    for spend in spends:
        owed[spend.source] = owed.get(spend.source, 0) + spend.count
    for key, count in owed.items():
        held = campaign.pools.get(key, 0)
        if held < count:
            label = named[key].label if key in named else key
            return f"No point left to spend: {label} {held}, this check spends {count}"
    return None


def spend_effects(campaign: Campaign, ruleset: Ruleset | None, spends: Sequence[PoolSpend],
                  options: Mapping[str, StatValue]) -> tuple[list[SetPool], list[str]]:
    """The pools after the spends (each point taken from its source and given to its target), and a line for the log
    per spend ("story point: upgrade ability: Players 3 -> 2, GM 1 -> 2"). ValueError with the reason when the points
    are not there."""
    if not spends:
        return [], []
    refusal = spend_refusal(campaign, ruleset, spends, options)
    if refusal:
        raise ValueError(refusal)
    named = _named(ruleset, options)
    values = dict(campaign.pools)
    notes = []
    for spend in spends:
        moved = [(spend.source, values.get(spend.source, 0), values.get(spend.source, 0) - spend.count)]
        if spend.target:
            held = values.get(spend.target, 0)
            moved.append((spend.target, held, min(held + spend.count, POOL_MAX)))
        for key, _, after in moved:
            values[key] = after
        words = ", ".join(f"{named[k].shown if k in named else k} {before} -> {after}" for k, before, after in moved)
        notes.append(f"{spend.why or 'spent'}: {words}")
    changed = [SetPool(key, value) for key, value in values.items() if value != campaign.pools.get(key)]
    return changed, notes


def set_pools(campaign: Campaign, ruleset: Ruleset | None, values: Mapping[str, int],
              options: Mapping[str, StatValue], text: str = "") -> ApplyEffects:
    """The GM's own count of the pools as one undoable change; ValueError naming a pool the rules do not have or a
    count out of range, before anything changes."""
    named = _named(ruleset, options)
    effects = []
    for key, value in values.items():
        if key not in named:
            raise ValueError(f"These rules have no pool {key!r}")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= POOL_MAX:
            raise ValueError(f"{named[key].label}: a pool holds 0 to {POOL_MAX} points, not {value!r}")
        if campaign.pools.get(key) != value:
            effects.append(SetPool(key, value))
    if not effects:
        raise ValueError("The pools already hold these points")
    summary = ", ".join(f"{named[k].shown} {v}" for k, v in values.items())
    return ApplyEffects(effects, text or f"Set pools: {summary}")


def start_session(campaign: Campaign, ruleset: Ruleset | None, dice: DiceSource,
                  options: Mapping[str, StatValue]) -> tuple[ApplyEffects, tuple[str, ...]]:
    """The pools as a new session starts them (one undoable change) and the notes of how they were found (a destiny
    roll)."""
    start = pools_of(ruleset).session_start(campaign.characters, dice, options)
    named = _named(ruleset, options)
    effects = [SetPool(key, start.pools.get(key, 0)) for key in named]
    summary = ", ".join(f"{named[k].shown} {start.pools.get(k, 0)}" for k in named)
    return ApplyEffects(effects, f"New session: {summary}"), start.notes
