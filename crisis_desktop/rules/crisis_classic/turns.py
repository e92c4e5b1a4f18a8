"""Turn order (3d6 + Initiative, tie rerolls), the AP economy (0..6, +4 a turn) and multi-turn actions."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain import Combatant, StatValue
from crisis_desktop.rules.base import (
    ActionAvailability,
    Actor,
    AddCondition,
    Effect,
    Explained,
    InitiativeEntry,
    Options,
    RemoveCondition,
    SetItemStat,
    SetResource,
    SetStatus,
    TurnEffects,
)
from crisis_desktop.rules.base.capabilities import is_surprised
from crisis_desktop.rules.base.hiding import HIDDEN_FROM, hidden_ids, set_hidden
from crisis_desktop.rules.crisis_classic import sheet, tables
from crisis_desktop.rules.crisis_classic.actions import ResolvedAction, reload_key, reloadable, resolve_action
from crisis_desktop.rules.crisis_classic.options import option
from crisis_desktop.rules.crisis_classic.threed6 import roll_3d6
from crisis_desktop.rules.kernel.dice import DiceSource, DieAsk, RollPool

NORMAL_AP_GAIN = 4
ENCOUNTER_ENDURANCE_COST = 10

# --------------------------------------------------------------------------- turn order


def _units(actors: Sequence[Actor]) -> list[list[Actor]]:
    """Who rolls initiative together: each ungrouped combatant alone, a group once (by its first member)."""
    units: list[list[Actor]] = []
    by_group: dict[str, list[Actor]] = {}
    for actor in actors:
        if actor.combatant is None:
            raise ValueError(f"{actor.name} is not a combatant of the encounter")
        group = actor.combatant.group
        if group:
            if group not in by_group:
                by_group[group] = []
                units.append(by_group[group])
            by_group[group].append(actor)
        else:
            units.append([actor])
    return units


def initiative_dice(actors: Sequence[Actor], options: Options) -> list[RollPool]:
    """Each unit's 3d6 as roll_initiative rolls them."""
    pools = []
    for unit in _units(actors):
        who = unit[0].name if len(unit) == 1 else f"{unit[0].name} (group roll for {len(unit)})"
        pools.append(RollPool(who, (DieAsk(6, f"turn order: {unit[0].name}"),) * 3))
    return pools


def roll_initiative(actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
    """3d6 + Initiative each; a group rolls once. Tied results are rolled again (only to order the tie;
    everyone keeps the original result), repeatedly until no tie is left."""
    units = _units(actors)
    rolls: list[Explained] = []
    for unit in units:
        faces, _ = roll_3d6(dice, f"turn order: {unit[0].name}")
        rolls.append(Explained.of(("3d6", sum(faces)), *sheet.initiative(unit[0].character, options).terms))

    notes = [""] * len(units)
    rerolls: dict[int, int] = {}

    def order(indices: list[int], depth: int) -> list[int]:
        # Highest total first; each set of equal totals is settled by rerolls among its members only.
        if len(indices) <= 1:
            return indices
        values = {i: (rolls[i].value if depth == 0 else rerolls[i]) for i in indices}
        out: list[int] = []
        for value in sorted(set(values.values()), reverse=True):
            tied = [i for i in indices if values[i] == value]
            if len(tied) > 1:
                for i in tied:
                    faces, _ = roll_3d6(dice, f"tie reroll: {units[i][0].name}")
                    rerolls[i] = sum(faces)
                    notes[i] = (notes[i] + ", " if notes[i] else "tie reroll ") + str(rerolls[i])
                out += order(tied, depth + 1)
            else:
                out += tied
        return out

    entries: list[InitiativeEntry] = []
    for i in order(list(range(len(units))), 0):
        for actor in units[i]:
            assert actor.combatant is not None
            entries.append(InitiativeEntry(actor.combatant.id, rolls[i], len(entries), notes[i]))
    return entries


def surprise_round(actors: Sequence[Actor]) -> list[str]:
    """Combatants who get the extra surprise turn: everyone not surprised, when anyone is surprised."""
    combatants = [a.combatant for a in actors if a.combatant is not None]
    if not any(is_surprised(c) for c in combatants):
        return []
    return [c.id for c in combatants if not is_surprised(c)]


# --------------------------------------------------------------------------- AP


def res_int(combatant: Combatant, key: str) -> int:
    value = combatant.resources.get(key, 0)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def on_overwatch(actor: Actor) -> bool:
    """Watching to attack out of turn (set by the Overwatch action, until its own next turn or the attack)."""
    return actor.combatant is not None and actor.combatant.resources.get("overwatch") is True


def _combatant(actor: Actor) -> Combatant:
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in an encounter: there are no AP to spend")
    return actor.combatant


def ap_gain(actor: Actor) -> tuple[int, str]:
    """AP gained at the start of a turn and why: 4, Exhausted 2, Stunned 0 (the lowest applies)."""
    c = actor.character
    gain, why = NORMAL_AP_GAIN, ""
    rows = tables.condition_by_key()
    candidates = [(rows[cs.key].ap_gain, rows[cs.key].label) for cs in c.conditions
                  if cs.key in rows and rows[cs.key].ap_gain is not None]
    if sheet.endurance(c).value <= 0 and not c.has_condition("exhausted"):
        candidates.append((rows["exhausted"].ap_gain, "Exhausted (Endurance 0)"))
    for value, label in candidates:
        if value is not None and value < gain:
            gain, why = value, label
    return gain, why


def cannot_act(actor: Actor) -> str:
    rows = tables.condition_by_key()
    for cs in actor.character.conditions:
        if cs.key in rows and rows[cs.key].cannot_act:
            return f"{actor.name} is {rows[cs.key].label.lower()} and cannot act this turn"
    return ""


def cancel_pending(actor: Actor, keep: str = "") -> tuple[list[Effect], list[str]]:
    combatant = _combatant(actor)
    pending = combatant.resources.get("pending_action")
    if not isinstance(pending, str) or not pending or pending == keep:
        return [], []
    progress = res_int(combatant, "pending_progress")
    label = resolve_action(actor.character, pending).label if _known(actor, pending) else pending
    return (_clear_pending(combatant), [f"{label} cancelled ({progress} AP spent on it are lost)"])


def _clear_pending(combatant: Combatant) -> list[Effect]:
    return [SetResource(combatant.id, "pending_action", None), SetResource(combatant.id, "pending_progress", 0),
            SetResource(combatant.id, "pending_cost", None)]


def _pending_cost(combatant: Combatant) -> int | None:
    """The cost a multi-turn action was begun with (a Use Item may state its own)."""
    cost = combatant.resources.get("pending_cost")
    return cost if isinstance(cost, int) and not isinstance(cost, bool) else None


def _known(actor: Actor, key: str) -> bool:
    try:
        resolve_action(actor.character, key)
    except ValueError:
        return False
    return True


def why_not(actor: Actor, action: ResolvedAction) -> str:
    """The reason `actor` cannot take `action` now, or ""."""
    combatant = _combatant(actor)
    blocked = cannot_act(actor)
    if blocked:
        return blocked
    row = action.row
    if row and row.requires_condition and not actor.character.has_condition(row.requires_condition):
        label = tables.condition_by_key()[row.requires_condition].label.lower()
        return f"{action.label}: {actor.name} is not {label}"
    if action.weapon is not None:
        mag = action.weapon.stats.get("mag")
        if isinstance(mag, int) and not isinstance(mag, bool) and mag <= 0:
            return f"{action.weapon.name}: no spare magazine left"
    ap = res_int(combatant, "ap")
    if action.multi_turn:
        if ap < 1 and combatant.resources.get("pending_action") != action.key:
            return f"{action.label} needs at least 1 AP to begin; {actor.name} has 0"
        if ap < 1:
            return f"{action.label}: {actor.name} has no AP this turn"
        return ""
    if ap < action.cost:
        return f"Not enough AP: {action.label} costs {action.cost}, {actor.name} has {ap}"
    return ""


def available_actions(actor: Actor, options: Options) -> list[ActionAvailability]:
    c = actor.character
    keys = list(tables.action_by_key()) + [reload_key(w) for w in reloadable(c)]
    out = []
    for key in keys:
        action = resolve_action(c, key)
        reason = why_not(actor, action)
        out.append(ActionAvailability(action.spec(), {"ap": action.cost}, not reason, reason))
    return out


def _completion(actor: Actor, action: ResolvedAction) -> tuple[list[Effect], list[str]]:
    """What finishing an action does beyond spending AP."""
    c = actor.character
    effects: list[Effect] = []
    notes: list[str] = []
    if action.weapon is not None:
        w = action.weapon
        effects.append(SetItemStat(c.id, w.id, "ammo", w.stats["cap"]))
        mag = w.stats.get("mag")
        if isinstance(mag, int) and not isinstance(mag, bool):
            effects.append(SetItemStat(c.id, w.id, "mag", mag - 1))
        notes.append(f"{w.name} reloaded")
    row = action.row
    if row and row.removes_condition and c.has_condition(row.removes_condition):
        effects.append(RemoveCondition(c.id, row.removes_condition))
    if row and row.restores_endurance:
        effects += restore_endurance(actor, row.restores_endurance, notes)
    if action.key == "overwatch":
        effects.append(SetResource(_combatant(actor).id, "overwatch", True))
    if row and row.reveals and hidden_ids(actor.combatant):
        effects.append(set_hidden(_combatant(actor).id, frozenset()))
        notes.append(f"{c.name} is seen again")
    if action.key == "take_aim":
        aim = res_int(_combatant(actor), "aim") + 1
        effects.append(SetResource(_combatant(actor).id, "aim", aim))
        notes.append(f"aiming: Difficulty Level -{aim} on the next attack")
    return effects, notes


def restore_endurance(actor: Actor, amount: int, notes: list[str]) -> list[Effect]:
    c = actor.character
    damage = sheet.status(c, "endurance_damage")
    healed = min(damage, amount)
    effects: list[Effect] = [SetStatus(c.id, "endurance_damage", damage - healed)]
    notes.append(f"{c.name} regains {healed} Endurance")
    if healed > 0 and c.has_condition("exhausted"):
        effects.append(RemoveCondition(c.id, "exhausted"))
    return effects


def spend_action(actor: Actor, action_key: str, options: Options, cost: int | None = None) -> TurnEffects:
    combatant = _combatant(actor)
    action = resolve_action(actor.character, action_key)
    if cost is None and combatant.resources.get("pending_action") == action_key:
        cost = _pending_cost(combatant)
    if cost is not None:
        action = ResolvedAction(action.key, action.label, cost, action.row, action.weapon)
    reason = why_not(actor, action)
    if reason:
        raise ValueError(reason)
    effects, notes = cancel_pending(actor, keep=action.key if action.multi_turn else "")
    ap = res_int(combatant, "ap")
    if not action.multi_turn:
        effects.append(SetResource(combatant.id, "ap", ap - action.cost))
        more, more_notes = _completion(actor, action)
        return TurnEffects(tuple(effects + more), tuple(notes + more_notes))
    return _progress(actor, action, ap, effects, notes)


def _progress(actor: Actor, action: ResolvedAction, ap: int, effects: list[Effect], notes: list[str]) -> TurnEffects:
    """Puts AP into a multi-turn action, beginning or continuing it; finishes it when fully paid."""
    combatant = _combatant(actor)
    continuing = combatant.resources.get("pending_action") == action.key
    progress = res_int(combatant, "pending_progress") if continuing else 0
    spent = max(0, min(ap, action.cost - progress))
    progress += spent
    effects.append(SetResource(combatant.id, "ap", ap - spent))
    if progress >= action.cost:
        effects += _clear_pending(combatant)
        more, more_notes = _completion(actor, action)
        done = f"{actor.name}'s {action.label} is done ({action.cost} AP over several turns)"
        return TurnEffects(tuple(effects + more), tuple(notes + [done] + more_notes + [f"{ap - spent} AP left"]))
    effects += [SetResource(combatant.id, "pending_action", action.key),
                SetResource(combatant.id, "pending_progress", progress),
                SetResource(combatant.id, "pending_cost", action.cost)]
    notes.append(f"{action.label}: {progress} of {action.cost} AP")
    return TurnEffects(tuple(effects), tuple(notes))


def start_turn(actor: Actor, options: Options) -> TurnEffects:
    combatant = _combatant(actor)
    gain, why = ap_gain(actor)
    ap = res_int(combatant, "ap")
    new_ap = min(sheet.MAX_AP, ap + gain)
    notes = [f"+{gain} AP" + (f" ({why})" if why else "") + f": {new_ap} AP"]
    if ap + gain > sheet.MAX_AP:
        notes.append(f"{ap + gain - sheet.MAX_AP} AP above 6 are lost")
    effects: list[Effect] = [SetResource(combatant.id, "ap", new_ap)]
    if on_overwatch(actor):
        effects.append(SetResource(combatant.id, "overwatch", False))  # the watch ends at one's own turn
    pending = combatant.resources.get("pending_action")
    if (option(options, "multi_turn_continue") == "auto" and isinstance(pending, str) and pending
            and new_ap > 0 and not cannot_act(actor) and _known(actor, pending)):
        action = resolve_action(actor.character, pending)
        cost = _pending_cost(combatant)
        if cost is not None:
            action = ResolvedAction(action.key, action.label, cost, action.row, action.weapon)
        more = _progress(actor, action, new_ap, [], [])
        return TurnEffects(tuple(effects) + more.effects, tuple(notes) + more.notes)
    return TurnEffects(tuple(effects), tuple(notes))


def end_turn(actor: Actor, options: Options) -> TurnEffects:
    """Conditions that last only the current turn (Stunned) end, or count down a round."""
    c = actor.character
    effects: list[Effect] = []
    notes: list[str] = []
    rows = tables.condition_by_key()
    for cs in c.conditions:
        row = rows.get(cs.key)
        if row is None or not row.ends_with_turn:
            continue
        if cs.rounds is not None and cs.rounds > 1:
            effects.append(AddCondition(c.id, cs.key, cs.rounds - 1))
            notes.append(f"{row.label}: {cs.rounds - 1} more turns")
        else:
            effects.append(RemoveCondition(c.id, cs.key))
            notes.append(f"{c.name} is no longer {row.label.lower()}")
    return TurnEffects(tuple(effects), tuple(notes))


def start_encounter(actor: Actor, options: Options) -> TurnEffects:
    combatant = _combatant(actor)
    values: dict[str, StatValue] = {"ap": 0, "aim": 0, "pending_action": None, "pending_progress": 0,
                                    "pending_cost": None, "endurance_combat_applied": False, HIDDEN_FROM: ""}
    return TurnEffects(tuple(SetResource(combatant.id, k, v) for k, v in values.items()),
                       ("AP 0; the first turn brings 4",))


def end_encounter(actor: Actor, options: Options) -> TurnEffects:
    """Every combat costs 10 current Endurance, once per encounter (an Exhausted character stays at 0)."""
    combatant = _combatant(actor)
    if combatant.resources.get("endurance_combat_applied") is True:
        return TurnEffects((), ("the combat's Endurance cost was already taken",))
    c = actor.character
    maximum = int(sheet.endurance_max(c).value)
    before = sheet.status(c, "endurance_damage")
    after = min(maximum, before + ENCOUNTER_ENDURANCE_COST)
    effects: list[Effect] = [SetStatus(c.id, "endurance_damage", after),
                             SetResource(combatant.id, "endurance_combat_applied", True),
                             SetResource(combatant.id, "aim", 0), *_clear_pending(combatant)]
    notes = [f"combat strain: Endurance -{after - before}"]
    if after >= maximum and not c.has_condition("exhausted"):
        effects.append(AddCondition(c.id, "exhausted"))
        notes.append(f"{c.name} is exhausted")
    return TurnEffects(tuple(effects), tuple(notes))
