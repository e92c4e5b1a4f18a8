"""A round as Paraverse plans it: the phases, what each combatant may plan (an attack with any weapon it carries,
drawn or switched to for free; moving to an adjacent area; a miscellaneous action), the plan kept on the combatant,
and the End phase (the plan cleared, bleeding)."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import ActionRole, Actor, Effect, Options, SetResource, TurnEffects
from crisis_desktop.rules.kernel.flows import IntentAsk
from crisis_desktop.rules.kernel.flows.phased import Phase, Plannable
from crisis_desktop.rules.skirmish import sheet, wounds

# The combatant resource holding what it planned this round ("ranged:<item id>", "melee:<item id>", "magic", "move",
# "misc"); empty when nothing is planned.
PLAN_KEY = "skirmish_plan"
# The combatant resource set once it has made its move to an adjacent area this round.
MOVED_KEY = "skirmish_moved"
RANGED, MELEE, MAGIC, MOVE, MISC = "ranged", "melee", "magic", "move", "misc"
PHASES = (Phase(RANGED, "Ranged combat"), Phase(MELEE, "Melee combat"), Phase(MAGIC, "Magic and divinity"),
          Phase(MISC, "Miscellaneous"))
AT_WHOM = IntentAsk(target=True)     # a planned attack holds its target
WHERE = IntentAsk(where=True)        # a planned move holds the area it goes to
AT_WHOM_OR_WHERE = IntentAsk(target=True, where=True)   # a spell or prayer holds its target, or the area it covers
MAGIC_SKILLS = ("evocation", "abjuration", "conjuring", "transcendence", "druidism", "runecraft", "artifice",
                "rites_of_life", "rites_of_death", "rites_of_truth")


def plan_key(weapon: EquipmentItem) -> str:
    return f"{RANGED if sheet.is_ranged(weapon) else MELEE}:{weapon.id}"


def plannable(actor: Actor, options: Options) -> list[Plannable]:
    """One attack per weapon carried (the ranged phase for marksman and throwing weapons, the melee phase for the
    others), a spell or prayer for a character trained in magic, a move and a miscellaneous action."""
    out: list[Plannable] = []
    for weapon in sheet.weapons(actor.character):
        if sheet.is_ranged(weapon):
            out.append(Plannable(plan_key(weapon), f"Ranged attack: {weapon.name}", RANGED,
                                 f"Shoot or throw the {weapon.name} in the ranged phase (drawing it is free)",
                                 ActionRole.ATTACK, weapon.id, AT_WHOM))
        else:
            out.append(Plannable(plan_key(weapon), f"Melee attack: {weapon.name}", MELEE,
                                 f"Fight a skirmish with the {weapon.name} in the melee phase (drawing it is free)",
                                 ActionRole.ATTACK, weapon.id, AT_WHOM))
    if any(sheet.training(actor.character, s) > 0 for s in MAGIC_SKILLS):
        out.append(Plannable(MAGIC, "Cast a spell or pray", MAGIC, "Resolved in the magic and divinity phase",
                             asks=AT_WHOM_OR_WHERE))
    out.append(Plannable(MOVE, "Move to an adjacent area", MISC, "Movement happens alongside the other phases, as "
                         "the GM rules", ActionRole.MOVE, asks=WHERE))
    out.append(Plannable(MISC, "Miscellaneous action", MISC, "A skill check, climbing a wall...; attacked meanwhile, "
                         "it has disadvantage on the action and on evading"))
    return out


def planned(actor: Actor) -> str:
    """What the combatant planned this round; empty when nothing is recorded."""
    if actor.combatant is None:
        return ""
    value = actor.combatant.resources.get(PLAN_KEY)
    return value if isinstance(value, str) else ""


def planned_weapon(attacker: Actor) -> str | None:
    """The id of the weapon of the attack the combatant planned this round; None for any other plan."""
    kind, _sep, item_id = planned(attacker).partition(":")
    return item_id if kind in (RANGED, MELEE) and item_id else None


def moves_to_fight(plan: str) -> bool:
    """Whether a plan carries a move into an adjacent area: a melee attack does, as characters who share an area
    "or move into it" can engage in melee (skirmish-combat.md)."""
    return plan.partition(":")[0] == MELEE


def plan_words(actor: Actor, key: str) -> str:
    """What a plan is, to follow "planned": "a ranged attack with the Longbow", "to move to an adjacent area"."""
    kind, _sep, item_id = key.partition(":")
    if kind in (RANGED, MELEE):
        found = next((w for w in sheet.weapons(actor.character) if w.id == item_id), None)
        return f"a {kind} attack with the {found.name if found is not None else 'weapon it no longer carries'}"
    return {MAGIC: "to cast a spell or pray", MOVE: "to move to an adjacent area",
            MISC: "a miscellaneous action"}.get(key, key)


def plan_effects(actor: Actor, choice: str, options: Options) -> list[Effect]:
    """Record the plan on the combatant; ValueError with the reason when it cannot plan that."""
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in a fight")
    allowed = {p.key: p for p in plannable(actor, options)}
    if choice not in allowed:
        raise ValueError(f"{actor.name} cannot plan {choice!r}: {', '.join(p.label for p in allowed.values())}")
    return [SetResource(actor.combatant.id, PLAN_KEY, choice)]


def clear_plan(actor: Actor) -> list[Effect]:
    if actor.combatant is None or not planned(actor):
        return []
    return [SetResource(actor.combatant.id, PLAN_KEY, "")]


def without_plan(actor: Actor, options: Options) -> TurnEffects:
    """As a fight begins and as it ends: no plan stands."""
    return TurnEffects(tuple(clear_plan(actor)))


def moved(actor: Actor) -> bool:
    """Whether the combatant has made its move this round."""
    return actor.combatant is not None and actor.combatant.resources.get(MOVED_KEY) is True


def clear_moved(actor: Actor) -> list[Effect]:
    return [SetResource(actor.combatant.id, MOVED_KEY, False)] if actor.combatant is not None and moved(actor) else []


def end_of_round(actor: Actor, options: Options) -> TurnEffects:
    """The End phase: the plan and the move are cleared; a bleeding character takes 1 Fatigue while its Stamina is
    above 0."""
    effects, notes = wounds.bleed(actor.character)
    return TurnEffects((*clear_plan(actor), *clear_moved(actor), *effects), notes)


def phases(options: Options) -> Sequence[Phase]:
    return PHASES
