"""Crisis action economy: 0..6 AP, +4 per turn, costs from the action table, multi-turn actions, NPC actions."""

from __future__ import annotations

from crisis_desktop.domain import CharacterKind, Combatant, ItemKind, StatValue
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    ActionSpec,
    Actor,
    AddCondition,
    Cost,
    Effect,
    Options,
    RemoveCondition,
    SetResource,
    SetStatus,
    TurnEffects,
)
from crisis_desktop.rules.base.hiding import HIDDEN_FROM
from crisis_desktop.rules.crisis import hiding, reloading, sheet, stats, tables
from crisis_desktop.rules.crisis.options import option

NPC_ACTIONS_PER_ROUND = 2
# Resources an encounter starts from (and ends with).
FRESH: dict[str, StatValue] = {"ap": 0, "aim": 0, "dodge_used": False, "moved": False, "pending_action": None,
                               "pending_progress": 0, "pending_cost": 0, "actions_taken": 0,
                               HIDDEN_FROM: "", hiding.SNEAK_ROLL: 0, hiding.SNEAK_MOVE: False}


def resource(combatant: Combatant | None, key: str, default: int = 0) -> int:
    if combatant is None:
        return default
    value = combatant.resources.get(key, default)
    if isinstance(value, bool):
        return int(value)
    return int(value) if isinstance(value, int | float) else default


def uses_npc_actions(actor: Actor, options: Options) -> bool:
    return actor.character.kind is CharacterKind.NPC and option(options, "npc_actions") == "two_actions"


# The actions that make an emptied weapon usable again.
READYING = frozenset({"reload"})


def _spec(rule: tables.ActionRule, cost: int) -> ActionSpec:
    return ActionSpec(rule.key, rule.label, {"ap": cost}, rule.help, ActionRole(rule.role),
                      readies=rule.key in READYING)


def action_specs() -> list[ActionSpec]:
    return [_spec(a, a.cost) for a in tables.actions().values()]


def action_label(key: str) -> str:
    """The rules' name of an action key ("Reload"), for notes and badges."""
    rule = tables.actions().get(key)
    return rule.label if rule is not None else stats.label(key)


def _weapon_costs(actor: Actor) -> tuple[int | None, int | None]:
    """(cheapest attack, cheapest reload) over the equipped weapons; None when there is nothing to use."""
    from crisis_desktop.rules.crisis.combat import attack_cost

    weapons = stats.equipped(actor.character, ItemKind.WEAPON)
    attack = min((attack_cost(w) for w in weapons), default=None)
    return attack, reloading.reload_cost(actor.character)


def has_ranged(actor: Actor) -> bool:
    """Whether the actor has a ranged weapon equipped (what Take Aim needs)."""
    return any(stats.int_stat(w, "range") > 0 for w in stats.equipped(actor.character, ItemKind.WEAPON))


def availability(actor: Actor, key: str, options: Options, cost: int | None = None) -> ActionAvailability:
    rule = tables.actions().get(key)
    base = rule.cost if rule else cost or 1
    spec = _spec(rule, base) if rule else ActionSpec(key, stats.label(key), {"ap": base})
    attack, reload = _weapon_costs(actor)
    price = _price(key, base, cost, attack, reload, free=rule is not None and base < 1)
    # An NPC on two actions pays one of them for anything, allowed or not.
    paid: Cost = {"actions": 1} if uses_npc_actions(actor, options) else {"ap": price}

    def no(reason: str) -> ActionAvailability:
        return ActionAvailability(spec, paid, False, reason)

    if actor.combatant is None:
        return no(f"{actor.name} is not in an encounter")
    blocker = stats.cannot_act(actor.character)
    if blocker:
        return no(f"{actor.name} is {blocker.lower()} and cannot act")
    if rule is not None and rule.part_of:
        # Paid by the action it is part of (a Sneak's move): free for PCs and NPCs alike, once, after it.
        if not hiding.sneak_move_left(actor):
            return ActionAvailability(spec, {}, False, f"{actor.name} has no successful "
                                      f"{tables.actions()[rule.part_of].label} to move with this turn")
        return ActionAvailability(spec, {}, True)
    reason = _refusal(actor, key, attack, reload)
    if reason is not None:
        return no(reason)
    if uses_npc_actions(actor, options):
        taken = resource(actor.combatant, "actions_taken")
        if taken >= NPC_ACTIONS_PER_ROUND:
            return no(f"{actor.name} has taken both actions this round")
        return ActionAvailability(spec, paid, True)
    ap = resource(actor.combatant, "ap")
    max_ap, _ = tables.ap_limits()
    if price > max_ap:
        # Longer actions run over several turns; any AP moves them on.
        if ap < 1:
            return no(f"Not enough AP: {spec.label} needs at least 1 AP to continue, {actor.name} has 0")
        return ActionAvailability(spec, {"ap": price}, True, f"takes several turns ({price} AP)")
    if ap < price:
        return no(f"Not enough AP: {spec.label} costs {price}, {actor.name} has {ap}")
    return ActionAvailability(spec, {"ap": price}, True)


def _price(key: str, base: int, cost: int | None, attack: int | None, reload: int | None, *, free: bool) -> int:
    """The AP the action costs: `cost` where given, else the cheapest attack or reload of the equipped weapons for
    those, else the table's `base`; at least 1 AP unless the table says it is free (`free`: drawing a light
    weapon)."""
    price = base if cost is None else cost
    if cost is None and key in ("attack", "execute") and attack is not None:
        price = attack
    if cost is None and key == "reload" and reload is not None:
        price = reload
    return price if free else max(price, 1)


def _refusal(actor: Actor, key: str, attack: int | None, reload: int | None) -> str | None:
    """Why the action cannot be taken whatever its price (no weapon for it, the wrong posture); None when it can."""
    c = actor.character
    if key in ("attack", "execute", "take_aim") and attack is None:
        return f"{actor.name} has no weapon equipped"
    if key == "reload":
        return reloading.reload_refusal(c)
    if key == "take_aim" and not has_ranged(actor):
        return "Take Aim needs a ranged weapon"
    if key == "take_aim" and resource(actor.combatant, "moved"):
        return f"{actor.name} moved this turn and cannot Take Aim"
    if key == "kneel" and c.has_condition("kneeling"):
        return f"{actor.name} is already kneeling"
    if key == "go_prone" and c.has_condition("prone"):
        return f"{actor.name} is already prone"
    if key == "stand_from_kneel" and not c.has_condition("kneeling"):
        return f"{actor.name} is not kneeling"
    if key in ("stand_from_prone", "crawl") and not c.has_condition("prone"):
        return f"{actor.name} is not prone"
    return None


def available_actions(actor: Actor, options: Options) -> list[ActionAvailability]:
    return [availability(actor, key, options) for key in tables.actions()]


def spend_action(actor: Actor, action_key: str, options: Options, cost: int | None = None) -> TurnEffects:
    """The effects of taking `action_key` now; ValueError with the reason if it is not allowed."""
    if cost is None and actor.combatant is not None and actor.combatant.resources.get("pending_action") == action_key:
        cost = resource(actor.combatant, "pending_cost") or None
    avail = availability(actor, action_key, options, cost)
    if not avail.allowed:
        raise ValueError(avail.reason)
    price = avail.price.get("ap", 0)
    assert actor.combatant is not None
    cid = actor.combatant.id
    rule = tables.actions().get(action_key)
    if rule is not None and rule.part_of:
        # Paid by the action it is part of: nothing is charged, no task is cancelled.
        return TurnEffects(tuple(_side_effects(actor, action_key)))
    effects: list[Effect] = []
    notes: list[str] = []
    pending = actor.combatant.resources.get("pending_action")
    # A multi-turn action continues only as the same task (same action at the same cost); anything
    # else replaces it, so its progress never exceeds the cost it is measured against.
    continuing = pending == action_key and resource(actor.combatant, "pending_cost") == price
    if pending and not continuing:
        effects += _clear_pending(cid)
        notes.append(f"{action_label(str(pending))} is cancelled")
    done = True                      # the action is finished with this payment (not one turn of several)
    if uses_npc_actions(actor, options):
        effects += pay(actor, {"actions": 1}).effects
    else:
        ap = resource(actor.combatant, "ap")
        max_ap, _ = tables.ap_limits()
        if price > max_ap:
            progress = resource(actor.combatant, "pending_progress") if continuing else 0
            step = min(ap, price - progress)
            progress += step
            effects.append(SetResource(cid, "ap", ap - step))
            if progress >= price:
                effects += _clear_pending(cid)
                notes.append(f"{avail.action.label} is done")
            else:
                done = False
                effects += [SetResource(cid, "pending_action", action_key),
                            SetResource(cid, "pending_progress", progress), SetResource(cid, "pending_cost", price)]
                notes.append(f"{avail.action.label}: {progress} of {price} AP")
        else:
            effects += pay(actor, {"ap": price}).effects
    effects += _side_effects(actor, action_key)
    if done and action_key == "reload":
        loaded, said = reloading.reloaded(actor.character)
        effects += loaded
        notes += said
    return TurnEffects(tuple(effects), tuple(notes))


def pay(actor: Actor, price: Cost, what: str = "") -> TurnEffects:
    """The effects of paying a price (for `what`): AP spent, or an NPC's actions counted (NPCs count the actions
    they took)."""
    if actor.combatant is None:
        return TurnEffects()
    effects: list[Effect] = []
    if price.get("ap"):
        effects.append(SetResource(actor.combatant.id, "ap", resource(actor.combatant, "ap") - price["ap"]))
    if price.get("actions"):
        effects.append(SetResource(actor.combatant.id, "actions_taken",
                                   resource(actor.combatant, "actions_taken") + price["actions"]))
    return TurnEffects(tuple(effects))


def _clear_pending(cid: str) -> list[Effect]:
    return [SetResource(cid, "pending_action", None), SetResource(cid, "pending_progress", 0),
            SetResource(cid, "pending_cost", 0)]


def _side_effects(actor: Actor, key: str) -> list[Effect]:
    assert actor.combatant is not None
    cid, char_id = actor.combatant.id, actor.character.id
    rule = tables.actions().get(key)
    effects: list[Effect] = []
    if rule is None:
        return effects
    if rule.moves:
        # Take Aim is not allowed after moving, and moving spoils the aim already taken.
        effects += [SetResource(cid, "moved", True), SetResource(cid, "aim", 0)]
        if rule.part_of:
            effects.append(SetResource(cid, hiding.SNEAK_MOVE, False))     # the Sneak's move, taken unseen
        elif not rule.hides:
            effects += hiding.reveal(actor).effects          # only a Sneak moves unseen
    if key == "take_aim":
        effects.append(SetResource(cid, "aim", resource(actor.combatant, "aim") + 1))
    if key == "overwatch":
        effects.append(SetResource(cid, "overwatch", True))
    for condition in rule.removes:
        if actor.character.has_condition(condition):
            effects.append(RemoveCondition(char_id, condition))
    if rule.adds:
        effects.append(AddCondition(char_id, rule.adds))
    return effects


def start_turn(actor: Actor, options: Options) -> TurnEffects:
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in an encounter")
    cid, c = actor.combatant.id, actor.character
    max_ap, per_turn = tables.ap_limits()
    effects: list[Effect] = [SetResource(cid, "moved", False), SetResource(cid, "dodge_used", False),
                             SetResource(cid, "actions_taken", 0)]
    if actor.combatant.resources.get(hiding.SNEAK_MOVE):
        effects.append(SetResource(cid, hiding.SNEAK_MOVE, False))   # a Sneak's move lasts its own turn
    if resource(actor.combatant, "overwatch"):
        effects.append(SetResource(cid, "overwatch", False))  # the watch ends at one's own turn
    notes: list[str] = []
    ap = resource(actor.combatant, "ap")
    if c.has_condition("stunned"):
        notes.append(f"{actor.name} is stunned and regains no AP")
    else:
        gained = min(max_ap, ap + per_turn)
        effects.append(SetResource(cid, "ap", gained))
        if ap + per_turn > max_ap:
            notes.append(f"{ap + per_turn - max_ap} AP over {max_ap} lost")
    if c.has_condition("dying") and not c.has_condition("dead"):
        effects += _bleed(actor, notes)
    pending = actor.combatant.resources.get("pending_action")
    if pending:
        notes.append(f"{action_label(str(pending))} continues ({resource(actor.combatant, 'pending_progress')} of "
                     f"{resource(actor.combatant, 'pending_cost')} AP)")
    return TurnEffects(tuple(effects), tuple(notes))


def _bleed(actor: Actor, notes: list[str]) -> list[Effect]:
    c = actor.character
    per_turn = tables.conditions()["dying"].wound_per_turn
    wounds = stats.wounds(c) + per_turn
    effects: list[Effect] = [SetStatus(c.id, "wounds", wounds)]
    health_now = sheet.health(c).value - wounds
    if health_now <= tables.combat()["death_at_health"]:
        effects += [RemoveCondition(c.id, "dying"), AddCondition(c.id, "dead")]
        notes.append(f"{actor.name} dies of their wounds (Health {health_now:g})")
    else:
        notes.append(f"{actor.name} is dying: 1 more wound (Health {health_now:g})")
    return effects


def end_turn(actor: Actor, options: Options) -> TurnEffects:
    """Counts down conditions that last a number of rounds."""
    effects: list[Effect] = []
    notes: list[str] = []
    for state in actor.character.conditions:
        if state.rounds is None:
            continue
        if state.rounds <= 1:
            effects.append(RemoveCondition(actor.character.id, state.key))
            notes.append(f"{actor.name} is no longer {state.key}")
        else:
            effects.append(AddCondition(actor.character.id, state.key, state.rounds - 1))
    return TurnEffects(tuple(effects), tuple(notes))


def start_encounter(actor: Actor, options: Options) -> TurnEffects:
    """Fresh combat resources; the first turn brings the first 4 AP."""
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in an encounter")
    return TurnEffects(tuple(SetResource(actor.combatant.id, k, v) for k, v in FRESH.items()))


def end_encounter(actor: Actor, options: Options) -> TurnEffects:
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in an encounter")
    return TurnEffects(tuple(SetResource(actor.combatant.id, k, v) for k, v in FRESH.items()))
