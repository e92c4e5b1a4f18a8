"""The genesys turn economy: one free maneuver, one action (or a maneuver instead), a second maneuver for 2 strain,
at most two maneuvers a turn, incidentals for free; what starting and ending a turn or an encounter does."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Combatant, ItemKind, StatValue
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    ActionSpec,
    Actor,
    AddCondition,
    Cost,
    Currency,
    Effect,
    Options,
    RemoveCondition,
    SetItemStat,
    SetResource,
    SetStatus,
    StateRole,
    TurnEffects,
    UseUpItem,
)
from crisis_desktop.rules.genesys import ammo, sheet, slow_firing, stats, tables, talents
from crisis_desktop.rules.genesys.checks import next_check_text
from crisis_desktop.rules.genesys.options import eote, option

MANEUVERS, ACTIONS, STRAIN = "maneuvers", "actions", "strain"
CURRENCIES = (Currency(MANEUVERS, "maneuver", "maneuvers"), Currency(ACTIONS, "action", "actions"),
              Currency(STRAIN, "strain", "strain"))
# What a fight starts (and ends) with, and what every turn starts from.
TURN_FRESH: dict[str, StatValue] = {"maneuvers_used": 0, "maneuvers_granted": 0, "actions_used": 0,
                                    "free_maneuvers": 1, "guarded": False}
FRESH: dict[str, StatValue] = {**TURN_FRESH, "aim": 0, "aim_fresh": False, "distracted": False,
                               "medicine_treated": False, ammo.OUT_OF_AMMO: "",
                               slow_firing.SLOW_FIRING: ""}
QUICK_DRAW_USED = "quick_draw_used"     # combatant resource: Quick Draw's incidental draw taken this round
# The reach of what is given to someone else in a fight (Medicine, a stimpack, Assist): engaged, next to each other.
ENGAGED = 1


def _maneuver(key: str, label: str, help_text: str, role: ActionRole = ActionRole.PLAIN, n: int = 1, *,
              readies: bool = False) -> ActionSpec:
    return ActionSpec(key, label, {MANEUVERS: n}, help_text, role, readies=readies)


ACTION_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("attack", "Attack", {ACTIONS: 1}, "A combat check with a weapon (the action of the turn).",
               ActionRole.ATTACK),
    ActionSpec("first_aid", "Medicine", {ACTIONS: 1}, "Treat the wounds of an engaged patient (or its own) with a "
               "Medicine check (once per patient and encounter).", ActionRole.HEAL),
    ActionSpec("skill_check", "Other action", {ACTIONS: 1}, "An action that is a skill check (slicing, "
               "persuading): make the check with Check… after spending it."),
    ActionSpec("downgrade", "Maneuver instead of the action", {ACTIONS: 1},
               "Give up the turn's action for one more maneuver (at most two maneuvers a turn)."),
    _maneuver("move", "Move", "Move within short range, to the next range band, engage or disengage.",
              ActionRole.MOVE),
    _maneuver("move_far", "Move two bands", "Two Move maneuvers at once (from short to long range takes "
              "these two maneuvers and more).", ActionRole.MOVE, 2),
    _maneuver("aim", "Aim", "Add a boost die to the next combat check (2 after aiming twice)."),
    ActionSpec("assist", "Assist", {MANEUVERS: 1}, "An engaged ally adds a boost die to its next check.",
               ActionRole.HELP, reach=ENGAGED),
    _maneuver("guarded_stance", "Guarded stance", "+1 melee defence until its next turn; a setback die on its "
              "own combat checks until then."),
    _maneuver("drop_prone", "Drop prone", "Ranged attacks against it add a setback die, melee attacks a boost die."),
    _maneuver("stand", "Stand up", "Stand up from prone."),
    _maneuver("reload", "Reload", "Ready a new load of a Limited Ammo weapon; a weapon a despair left without "
              "ammunition only with an extra reload.", readies=True),
    _maneuver("manage_gear", "Manage gear", "Draw, holster or ready a weapon, take something from a pack (with Quick "
              "Draw, once a round, an incidental)."),
    _maneuver("interact", "Interact with the environment", "Open a door, take cover, move a large item."),
    _maneuver("mount", "Mount or dismount", "An untrained animal needs an Average Survival check."),
    _maneuver("preparation", "Preparation", "What some actions need first."),
    _maneuver("stimpack", "Use a stimpack", "On itself or an engaged patient: heals 5 wounds, then 4, 3, 2, 1 for "
              "each further one within a day; the sixth does nothing.", ActionRole.HEAL),
    ActionSpec("incidental", "Incidental", {}, "Speak, drop an item, release a held door: no limit but common "
               "sense."),
)
SPECS = {a.key: a for a in ACTION_SPECS}


def resource(combatant: Combatant | None, key: str, default: int = 0) -> int:
    if combatant is None:
        return default
    value = combatant.resources.get(key, default)
    return int(value) if isinstance(value, int | float) else default


def _active(actor: Actor, field: str) -> tables.CriticalRow | None:
    return next((c.row for c in stats.active_criticals(actor.character) if getattr(c.row, field)), None)


def strain_effect(actor: Actor, amount: int, why: str, *, wounds_now: int | None = None,
                  strain_now: int | None = None) -> tuple[list[Effect], list[str]]:
    """Strain suffered (on top of `strain_now`/`wounds_now` where earlier effects of the same step changed them);
    rivals and minions take it as wounds."""
    c = actor.character
    if amount <= 0:
        return [], []
    if stats.tracks_strain(c):
        strain = stats.strain(c) if strain_now is None else strain_now
        return [SetStatus(c.id, "strain", strain + amount)], [f"{actor.name} suffers {amount} strain ({why})"]
    wounds = stats.wounds(c) if wounds_now is None else wounds_now
    return [SetStatus(c.id, "wounds", wounds + amount)], \
        [f"{actor.name} suffers {amount} wounds instead of strain ({why})"]


def voluntary_strain_refusal(actor: Actor) -> str | None:
    """Why the actor cannot suffer strain by its own choice, or None when it can."""
    if stats.is_minion(actor.character):
        return f"{actor.name} is a minion group: minions cannot suffer strain voluntarily"
    winded = _active(actor, "no_voluntary_strain")
    if winded is not None:
        return f"{actor.name} is {winded.name.lower()}: it cannot suffer strain voluntarily"
    return None


@dataclass(frozen=True)
class Priced:
    price: Cost
    reason: str | None
    bought: int = 0          # maneuvers bought with strain


def max_maneuvers(actor: Actor, options: Options) -> int:
    cap = int(tables.combat()["max_maneuvers"])
    if eote(options):
        limited = _active(actor, "eote_max_maneuvers")
        if limited is not None and limited.eote_max_maneuvers is not None:
            cap = min(cap, limited.eote_max_maneuvers)
    return cap


def maneuver_price(actor: Actor, n: int, options: Options) -> Priced:
    """What `n` more maneuvers cost now: free while the free maneuver (or one an action or advantage gave) is left,
    then 2 strain each; refused past two a turn, when immobilized, or when strain cannot be taken."""
    strain_each = int(tables.combat()["strain_for_second_maneuver"])
    combatant = actor.combatant
    if combatant is None:
        return Priced({MANEUVERS: n}, f"{actor.name} is not in an encounter")
    if actor.character.has_condition("immobilized"):
        return Priced({MANEUVERS: n}, f"{actor.name} is immobilized: no maneuvers")
    used = resource(combatant, "maneuvers_used")
    cap = max_maneuvers(actor, options)
    if used + n > cap:
        taken = f"{used} taken" if used else "none taken yet"
        return Priced({MANEUVERS: n}, f"At most {cap} maneuver{'s' if cap != 1 else ''} a turn: {actor.name} has "
                                      f"{taken}, this needs {n}")
    free_left = max(0, resource(combatant, "free_maneuvers", 1) + resource(combatant, "maneuvers_granted") - used)
    bought = max(0, n - free_left)
    if not bought:
        return Priced({MANEUVERS: n}, None)
    price = {MANEUVERS: n, STRAIN: strain_each * bought}
    return Priced(price, voluntary_strain_refusal(actor), bought)


def action_price(actor: Actor, options: Options) -> Priced:
    """The turn's one action: refused when taken, or when staggered; At the brink adds strain to it."""
    combatant = actor.combatant
    if combatant is None:
        return Priced({ACTIONS: 1}, f"{actor.name} is not in an encounter")
    if actor.character.has_condition("staggered"):
        return Priced({ACTIONS: 1}, f"{actor.name} is staggered: no actions")
    if resource(combatant, "actions_used") >= int(tables.combat()["actions_per_turn"]):
        return Priced({ACTIONS: 1}, f"{actor.name} has taken its action this turn")
    brink = _active(actor, "strain_per_action")
    if brink is not None:
        extra = brink.eote_strain_per_action if eote(options) else brink.strain_per_action
        return Priced({ACTIONS: 1, STRAIN: extra}, None)
    return Priced({ACTIONS: 1}, None)


def pay(actor: Actor, price: Priced, why: str) -> tuple[list[Effect], list[str]]:
    """The effects of paying a price: the maneuvers or the action counted, the strain suffered."""
    assert actor.combatant is not None
    cid = actor.combatant.id
    effects: list[Effect] = []
    if price.price.get(MANEUVERS):
        effects.append(SetResource(cid, "maneuvers_used",
                                   resource(actor.combatant, "maneuvers_used") + price.price[MANEUVERS]))
    if price.price.get(ACTIONS):
        effects.append(SetResource(cid, "actions_used", resource(actor.combatant, "actions_used") + 1))
    strain, notes = strain_effect(actor, price.price.get(STRAIN, 0), why)
    return effects + strain, notes


def _stimpack(actor: Actor) -> tuple[str | None, str]:
    """The stimpack item to use (None with the reason when there is none)."""
    for item in stats.equipped(actor.character, ItemKind.GEAR):
        if "stimpack" in item.tags or item.name.lower() in ("stimpack", "painkiller"):
            uses = item.stats.get("uses")
            if uses is None or stats.int_value(uses) > 0:
                return item.id, ""
    return None, f"{actor.name} carries no stimpack"


def refusal(actor: Actor, key: str, options: Options) -> str | None:
    """Why `key` cannot be taken now for reasons of its own (besides its price), or None."""
    c, combatant = actor.character, actor.combatant
    if key == "drop_prone" and c.has_condition("prone"):
        return f"{actor.name} is already prone"
    if key == "stand" and not c.has_condition("prone"):
        return f"{actor.name} is not prone"
    if key == "aim" and resource(combatant, "aim") >= int(tables.combat()["aim_max"]):
        return f"{actor.name} has aimed as long as it helps (2 boost dice)"
    if key == "aim" and not stats.equipped(c, ItemKind.WEAPON):
        return f"{actor.name} has no weapon to aim"
    if key == "reload":
        return ammo.reload_refusal(actor)
    if key == "stimpack":
        found, reason = _stimpack(actor)
        if found is None:
            return reason
    if key == "downgrade" and resource(combatant, "maneuvers_used") >= max_maneuvers(actor, options):
        return f"{actor.name} has taken all its maneuvers this turn"
    if key == "guarded_stance" and resource(combatant, "guarded"):
        return f"{actor.name} is already in a guarded stance"
    return None


def out_of_action(actor: Actor) -> str | None:
    """Why the actor can do nothing more (knocked out, incapacitated, defeated, dead), or None while it can act."""
    standing = sheet.state(actor.character)
    return standing.text if standing.role is not StateRole.FIGHTING else None


def quick_draw(actor: Actor) -> bool:
    """Whether the actor may draw or holster as an incidental now: Quick Draw, not yet used this round (one turn a
    round, so this turn)."""
    return bool(talents.rank(actor.character, "quick_draw")) and not actor.combatant.resources.get(QUICK_DRAW_USED) \
        if actor.combatant is not None else False


def price_of(actor: Actor, spec: ActionSpec, options: Options) -> Priced:
    down = out_of_action(actor)
    if down is not None:
        return Priced(spec.cost, down)
    if spec.key == "manage_gear" and quick_draw(actor):
        return Priced({}, None)
    if spec.cost.get(ACTIONS):
        return action_price(actor, options)
    if spec.cost.get(MANEUVERS):
        return maneuver_price(actor, spec.cost[MANEUVERS], options)
    return Priced({}, None if actor.combatant is not None else f"{actor.name} is not in an encounter")


def availability(actor: Actor, key: str, options: Options) -> ActionAvailability:
    spec = SPECS.get(key)
    if spec is None:
        raise ValueError(f"Genesys has no action {key!r}")
    priced = price_of(actor, spec, options)
    reason = priced.reason or refusal(actor, key, options)
    return ActionAvailability(spec, priced.price, reason is None, reason or "")


def available_actions(actor: Actor, options: Options) -> list[ActionAvailability]:
    return [availability(actor, spec.key, options) for spec in ACTION_SPECS]


def spend_action(actor: Actor, key: str, options: Options) -> TurnEffects:
    """The effects of taking `key` now; ValueError with the reason when it is not allowed."""
    avail = availability(actor, key, options)
    if not avail.allowed:
        raise ValueError(avail.reason)
    assert actor.combatant is not None
    spec = SPECS[key]
    effects, notes = pay(actor, price_of(actor, spec, options), f"{spec.label.lower()}")
    effects += _side_effects(actor, key, options, notes)
    return TurnEffects(tuple(effects), tuple(notes))


def stimpack_heal(used_today: int) -> int:
    """Wounds the next stimpack heals after `used_today` of them: 5, 4, 3, 2, 1, then nothing."""
    heals = tables.healing()["stimpack_heals"]
    return heals[used_today] if 0 <= used_today < len(heals) else 0


def _side_effects(actor: Actor, key: str, options: Options, notes: list[str]) -> list[Effect]:
    assert actor.combatant is not None
    cid, c = actor.combatant.id, actor.character
    combatant = actor.combatant
    effects: list[Effect] = []
    if key in ("move", "move_far") and resource(combatant, "aim"):
        effects.append(SetResource(cid, "aim", 0))
        notes.append(f"{actor.name} moves and loses its aim")
    if key == "aim":
        effects += [SetResource(cid, "aim", resource(combatant, "aim") + 1), SetResource(cid, "aim_fresh", True)]
    elif key == "guarded_stance":
        effects.append(SetResource(cid, "guarded", True))
    elif key == "drop_prone":
        effects.append(AddCondition(c.id, "prone"))
    elif key == "stand":
        effects.append(RemoveCondition(c.id, "prone"))
    elif key == "downgrade":
        effects.append(SetResource(cid, "maneuvers_granted", resource(combatant, "maneuvers_granted") + 1))
    elif key == "manage_gear" and quick_draw(actor):
        effects.append(SetResource(cid, QUICK_DRAW_USED, True))
        notes.append(f"Quick Draw: {actor.name} draws or puts away a weapon or item as an incidental (once a round)")
    elif key == "reload":
        loaded, said = ammo.reload(actor)
        effects += loaded
        notes += said
    return effects


def use_stimpack(healer: Actor, patient: Actor) -> TurnEffects:
    """One of the healer's stimpacks on the patient (the healer itself, or another): 5 wounds, then 4, 3, 2, 1 for
    each further one the patient has had today. ValueError when the healer carries none."""
    found, reason = _stimpack(healer)
    if found is None:
        raise ValueError(reason)
    c, giver = patient.character, healer.character
    used = stats.int_value(c.status.get("stimpacks"))
    healed = min(stimpack_heal(used), stats.wounds(c))
    effects: list[Effect] = [SetStatus(c.id, "stimpacks", used + 1),
                             SetStatus(c.id, "wounds", stats.wounds(c) - healed)]
    uses = giver.item(found).stats.get("uses")
    if uses is not None:
        left = stats.int_value(uses) - 1
        effects.append(UseUpItem(giver.id, found) if left <= 0 else SetItemStat(giver.id, found, "uses", left))
    note = f"Stimpack number {used + 1} today: {patient.name} heals {healed} wound{'s' if healed != 1 else ''}"
    return TurnEffects(tuple(effects), (note,))


def spend_action_on(actor: Actor, key: str, target: Actor, options: Options) -> TurnEffects:
    """Assist: the maneuver, and a boost die on the next check of an ally (the controller measures the reach).
    ValueError with the reason when it is not allowed."""
    if SPECS.get(key) is None or SPECS[key].role is not ActionRole.HELP:
        raise ValueError(f"Genesys has no action {key!r} taken on someone else")
    helper, helped = actor.combatant, target.combatant
    if helper is None or helped is None:
        raise ValueError(f"{actor.name} and {target.name} must both be in the encounter")
    if helped.id == helper.id:
        raise ValueError(f"{actor.name} cannot assist itself: it assists an engaged ally")
    if helped.side != helper.side:
        raise ValueError(f"{target.name} is not {actor.name}'s ally: Assist helps an ally")
    down = out_of_action(target)
    if down is not None:
        raise ValueError(f"Assist: {down}")
    spent = spend_action(actor, key, options)
    boost = resource(helped, "next_boost") + 1
    return TurnEffects((*spent.effects, SetResource(helped.id, "next_boost", boost)),
                       (*spent.notes, f"{actor.name} assists {target.name}: +1 boost die on its next check"))


def start_turn(actor: Actor, options: Options) -> TurnEffects:
    """Fresh maneuvers and action; the free maneuver is lost to Hamstrung (and to Distracted this once); Bleeding
    out costs a wound and a strain; a guarded stance ends; a Slow-Firing weapon has a round less to wait."""
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in an encounter")
    cid, c = actor.combatant.id, actor.character
    notes: list[str] = []
    free = int(tables.combat()["free_maneuvers"])
    hamstrung = _active(actor, "no_free_maneuver")
    if hamstrung is not None:
        free = 0
        notes.append(f"{actor.name} is {hamstrung.name.lower()}: no free maneuver")
    if resource(actor.combatant, "distracted"):
        free = 0
        notes.append(f"{actor.name} is distracted: no free maneuver this turn")
    fresh = {**TURN_FRESH, "free_maneuvers": free, "distracted": False}
    effects: list[Effect] = [SetResource(cid, k, v) for k, v in fresh.items()]
    if actor.combatant.resources.get(QUICK_DRAW_USED):
        effects.append(SetResource(cid, QUICK_DRAW_USED, False))
    cooled, said = slow_firing.tick(actor)
    effects += cooled
    notes += said
    bleeding = [carried.row for carried in stats.active_criticals(c) if carried.row.wounds_per_turn
                or carried.row.strain_per_turn]
    if bleeding:
        wounds = sum(row.wounds_per_turn for row in bleeding)
        strain = sum(row.strain_per_turn for row in bleeding)
        names = " and ".join(row.name.lower() for row in bleeding)
        if stats.tracks_strain(c):
            effects += [SetStatus(c.id, "wounds", stats.wounds(c) + wounds),
                        SetStatus(c.id, "strain", stats.strain(c) + strain)]
            notes.append(f"{actor.name} is {names}: {wounds} wound and {strain} strain")
        else:
            effects.append(SetStatus(c.id, "wounds", stats.wounds(c) + wounds + strain))
            notes.append(f"{actor.name} is {names}: {wounds + strain} wounds (strain counts as wounds)")
    return TurnEffects(tuple(effects), tuple(notes))


def end_turn(actor: Actor, options: Options) -> TurnEffects:
    """Counts down conditions that last some rounds; under `aim_lasts` one_turn, an aim from the turn before is
    lost."""
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
    combatant = actor.combatant
    if combatant is not None and option(options, "aim_lasts") == "one_turn" and resource(combatant, "aim"):
        if combatant.resources.get("aim_fresh"):
            effects.append(SetResource(combatant.id, "aim_fresh", False))
        else:
            effects.append(SetResource(combatant.id, "aim", 0))
            notes.append(f"{actor.name}'s aim is lost")
    return TurnEffects(tuple(effects), tuple(notes))


def start_encounter(actor: Actor, options: Options) -> TurnEffects:
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in an encounter")
    return TurnEffects(tuple(SetResource(actor.combatant.id, k, v) for k, v in FRESH.items()))


def end_encounter(actor: Actor, options: Options) -> TurnEffects:
    """Fresh resources; the effects of critical injuries that end with the encounter end (EotE: rows 46-90 and
    121-125; under `momentary_crits` cleared, rows 1-45 go); strain is recovered with a check of its own."""
    if actor.combatant is None:
        raise ValueError(f"{actor.name} is not in an encounter")
    c = actor.character
    # Medicine stays once per encounter: the care after the fight counts with the fight's.
    effects: list[Effect] = [SetResource(actor.combatant.id, k, v) for k, v in FRESH.items()
                             if k != "medicine_treated"]
    notes: list[str] = []
    carried = stats.criticals(c)
    kept = []
    for injury in carried:
        row = injury.row
        if option(options, "momentary_crits") == "cleared" and row.high is not None and row.high <= 45:
            notes.append(f"{row.name} is over")
            continue
        if eote(options) and row.eote_ends_with_encounter and not injury.lapsed:
            injury = stats.Carried(row, injury.detail, lapsed=True)
            notes.append(f"{row.name}: its effect ends with the encounter (the injury counts until healed)")
            if row.condition and c.has_condition(row.condition) and row.rounds is None:
                effects.append(RemoveCondition(c.id, row.condition))
        kept.append(injury)
    if kept != carried:
        effects.append(SetStatus(c.id, "criticals", stats.criticals_text(kept)))
    for state in c.conditions:
        if state.key in ("staggered", "disoriented", "immobilized", "burning") and state.rounds is not None:
            effects.append(RemoveCondition(c.id, state.key))
    if stats.tracks_strain(c) and stats.strain(c):
        notes.append(f"{actor.name} may recover strain: a Simple Cool or Discipline check, 1 strain per success")
    return TurnEffects(tuple(effects), tuple(notes))


def badges(actor: Actor) -> list[str]:
    combatant = actor.combatant
    shown = []
    if combatant is not None:
        if resource(combatant, "aim"):
            shown.append(f"aiming ({resource(combatant, 'aim')} boost)")
        if resource(combatant, "guarded"):
            shown.append("guarded stance")
        waiting = next_check_text(actor)
        if waiting:
            shown.append(f"next check {waiting}")
    return shown
