"""CrisisRuleset: the Ruleset interface over the crisis modules (checks, turn order, actions, combat, healing)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any

from crisis_desktop.domain import Character, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import (
    ActionAvailability,
    Actor,
    AttackRequest,
    Attacks,
    BarRole,
    CheckRequest,
    CheckResult,
    Checks,
    ConditionSpec,
    ContestChances,
    Currency,
    Executes,
    Explained,
    FieldKind,
    FieldSpec,
    Healing,
    MapReading,
    MapSpan,
    Options,
    OutOfTurnAttacks,
    OverrideField,
    OverrideKind,
    ResourceSpec,
    RuleOption,
    Ruleset,
    Scatters,
    StateLabel,
    StateRole,
    Term,
    Treatment,
    TurnEffects,
    at_most_field,
)
from crisis_desktop.rules.base.capabilities import SURPRISED
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.quick import PreparedFight, QuickFight
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.crisis import (
    actions,
    attacks,
    checks,
    combat,
    damage,
    healing,
    hiding,
    initiative,
    printing,
    sheet,
    stats,
)
from crisis_desktop.rules.crisis import tables as crisis_tables
from crisis_desktop.rules.crisis.movement import CrisisMovement, posture_of
from crisis_desktop.rules.crisis.options import RULE_OPTIONS, option
from crisis_desktop.rules.kernel.cover import CoverReading
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.range_increments import RangeIncrements
from crisis_desktop.rules.qstar import attack_inputs as crisis_inputs
from crisis_desktop.rules.qstar.badges import badges as qstar_badges
from crisis_desktop.rules.qstar.context import OUT_OF_TURN
from crisis_desktop.rules.qstar.cover import crisis_cover
from crisis_desktop.rules.qstar.hiding_part import QstarHiding
from crisis_desktop.rules.qstar.item_rules import melee_without_ammunition


class CrisisChecks(Checks):
    """The checks of the crisis rules."""

    rules: CrisisRuleset

    def check_skills(self, character: Character, options: Options) -> list[tuple[str, str]]:
        """The attributes, then every skill."""
        keys = {*stats.ATTRIBUTES, *stats.SKILL_ATTRIBUTE}
        return [(f.key, f.label) for f in sheet.character_fields() if f.key in keys]

    def check_inputs(self, actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
        return [FieldSpec("difficulty", "Difficulty (DL)", FieldKind.INT, "Check", 4, 0, 20,
                          help="The total to reach: 4 is a normal task"),
                FieldSpec("circumstance", "Circumstance", FieldKind.INT, "Check", 0, -20, 20)]

    check = staticmethod(checks.check)

    check_odds = staticmethod(checks.check_odds)

    contest = staticmethod(checks.contest)

    def contest_chances(self, active: CheckRequest, passive: CheckRequest, options: Options) -> ContestChances:
        """Higher total wins; ties by `contest_tie` (rerolled ties folded in)."""
        odds = checks.contest_odds(active, passive, self.rules.options_with_defaults(options))
        return ContestChances(odds.active, odds.passive, odds.tie)


class CrisisAttacks(Attacks, Executes, Scatters, OutOfTurnAttacks):
    """The attacks of the crisis rules."""

    rules: CrisisRuleset

    def attack_inputs(self, attacker: Actor, weapon: EquipmentItem, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        called = combat.CALLED_SHOT_HELP if option(options, "called_shot") != "off" else ""
        return crisis_inputs.attack_inputs(aim=actions.resource(attacker.combatant, "aim"), called_shot=called)

    def out_of_ammunition(self, attacker: Actor, weapon: EquipmentItem) -> bool:
        """A magazine weapon (one with CAP) with no round loaded."""
        return stats.int_stat(weapon, "cap") > 0 and stats.int_stat(weapon, "ammo") < 1

    def target_inputs(self, attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        return crisis_inputs.target_inputs(target, fight_round, ranged=self.weapon_range(weapon) is not None,
                                           rof=stats.rof(weapon), area=combat.is_area(weapon), unit="tiles")

    def map_inputs(self, tiles: int, metres: float, reading: CoverReading, *,
                   hex_grid: bool = False) -> dict[str, StatValue]:
        """The distance and cover; on hexes a missed blast scatters by a d6."""
        return {**super().map_inputs(tiles, metres, reading), "hex_grid": hex_grid}

    def blast_inputs(self, tiles_from_centre: int) -> dict[str, StatValue]:
        return {"tiles_from_centre": tiles_from_centre}

    resolve_landed = staticmethod(attacks.resolve_landed)

    # Marked among the attack's inputs: an attack from overwatch ends the watch.
    OUT_OF_TURN_INPUT = OUT_OF_TURN

    def max_targets(self, weapon: EquipmentItem) -> int | None:
        """Everyone under an area weapon's template; one target per attack of a RoF volley."""
        return None if combat.is_area(weapon) else stats.rof(weapon)

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        rng = stats.int_stat(weapon, "range")
        return rng if rng > 0 else None

    def blast_radius(self, weapon: EquipmentItem) -> int | None:
        radius = stats.int_stat(weapon, "aoe_radius")
        return radius if radius > 0 else None

    def map_reading(self, span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
        """Distance and cover, and the chosen weapon's range increment, band and penalty there."""
        found = super().map_reading(span, weapon, options)
        rng = self.weapon_range(weapon) if weapon is not None else None
        return replace(found, lines=(*found.lines, *self.rules.range_increments(options).lines(weapon, rng, span)))

    attack_modifiers = staticmethod(attacks.request_modifiers)

    attack_price = staticmethod(attacks.attack_price)

    execute_odds = staticmethod(attacks.execute_odds)

    dice_order = staticmethod(attacks.dice_order)

    def to_beat(self, request: AttackRequest, options: Options) -> Explained | None:
        """What the first attack roll must reach: 4 for ranged, the target's Parry in melee."""
        return combat.plan(attacks.single(request, options), options).target

    attack_odds = staticmethod(attacks.request_odds)

    resolve_attack = staticmethod(attacks.resolve_request)

    resolve_execute = staticmethod(attacks.resolve_execute)

    apply_damage = staticmethod(damage.apply_damage)


class CrisisHealing(Healing):
    """The healing of the crisis rules."""

    rules: CrisisRuleset

    def treatments(self, patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
        """First aid, given by hand (the healer stands next to the patient); between fights an hour of rest and a day
        of natural healing."""
        reach = crisis_tables.healing()["first_aid_reach"]
        return [*(replace(t, reach=reach) for t in super().treatments(patient, options, fighting=fighting)),
                *healing.rest_treatments(patient, fighting=fighting)]

    heal = staticmethod(healing.heal)

    def treat(self, key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
              choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
        """An hour of rest or a day of natural healing (`healing.rest_treatments`); ValueError for a key that is
        neither."""
        if key == healing.HOUR:
            return None, healing.hourly_recovery(patient)
        if key == healing.DAY:
            circumstances = () if choice in (None, healing.NO_CIRCUMSTANCE) else (str(choice),)
            return healing.natural_healing(patient, dice, self.rules.options_with_defaults(options), circumstances)
        raise ValueError(f"The crisis rules have no treatment {key!r} outside a fight's turns")


class CrisisHiding(QstarHiding):
    """The hiding of the crisis rules: an action with a check rolls (Hide, Sneak and Search all do)."""

    rules: CrisisRuleset
    sight = hiding

    def hides(self, action_key: str) -> str | None:
        rule = crisis_tables.actions().get(action_key)
        return rule.hides if rule is not None else None

    def sight_rolls(self, action_key: str) -> bool:
        rule = crisis_tables.actions().get(action_key)
        return rule is not None and rule.hides is not None and rule.check is not None


class CrisisSheet(Sheet):
    """The character sheet of the crisis rules."""

    rules: CrisisRuleset

    DERIVED_LABELS = {"health": "Health", "health_current": "Health now", "pace": "Pace", "parry": "Parry",
                      "perception": "Perception", "dr_physical": "Physical DR"}

    character_fields = staticmethod(sheet.character_fields)

    def item_summary(self, item: EquipmentItem) -> str:
        """Weapons: DMG, HIT, RNG (or melee), RoF, CAP, AoE; armour: DR physical/fire/cold/acid and Durability."""
        s = item.stats
        if item.kind is ItemKind.WEAPON:
            parts = [f"DMG {s.get('damage') or '?'}"]
            hit = stats.int_stat(item, "hit")
            if hit:
                parts.append(f"HIT {hit:+d}")
            rng = stats.int_stat(item, "range")
            parts.append(f"RNG {rng}" if rng > 0 else "melee")
            if stats.int_stat(item, "rof", 1) > 1:
                parts.append(f"RoF {stats.int_stat(item, 'rof', 1)}")
            if s.get("cap") is not None:
                parts.append(f"CAP {s.get('cap')}")
            if stats.int_stat(item, "aoe_radius"):
                parts.append(f"AoE {stats.int_stat(item, 'aoe_radius')}")
            return ", ".join(parts)
        if item.kind is ItemKind.ARMOUR:
            dr = "/".join(str(stats.int_stat(item, f"dr_{t}")) for t in ("physical", "fire", "cold", "acid"))
            return f"DR {dr}, Durability {stats.int_stat(item, 'durability_max')}"
        return super().item_summary(item)

    item_fields = staticmethod(sheet.item_fields)

    def item_rules(self, item: EquipmentItem) -> list[str]:
        """Durability left within Durability; rounds loaded within what the magazine holds; a melee weapon has no
        ammunition."""
        specs = self.item_fields(item.kind)
        pairs = (("durability", "durability_max"), ("ammo", "cap"))
        return [*(reason for key, limit in pairs if (reason := at_most_field(item.stats, specs, key, limit))),
                *melee_without_ammunition(item, specs)]

    def conditions(self) -> Sequence[ConditionSpec]:
        return [ConditionSpec(c.key, c.label, c.effect) for c in crisis_tables.conditions().values()]

    new_stats = staticmethod(sheet.new_stats)

    derived = staticmethod(sheet.derived)

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        c = actor.character
        health_max = int(sheet.health(c).value)
        bars = [ResourceSpec("health", "Health", int(sheet.current_health(c).value), health_max,
                             role=BarRole.HEALTH),
                ResourceSpec("nonlethal", "Non-lethal", stats.nonlethal(c), max(0, health_max - stats.wounds(c)),
                             lower_is_worse=False)]
        item = stats.armour(c)
        if item is not None:
            bars.append(ResourceSpec("durability", f"{item.name} durability", stats.int_stat(item, "durability"),
                                     stats.int_stat(item, "durability_max"), short="Armour"))
        if actor.combatant is not None:
            if actions.uses_npc_actions(actor, options):
                left = actions.NPC_ACTIONS_PER_ROUND - actions.resource(actor.combatant, "actions_taken")
                bars.append(ResourceSpec("actions", "Actions", max(0, left), actions.NPC_ACTIONS_PER_ROUND,
                                         role=BarRole.ACTIONS))
            else:
                max_ap, _ = crisis_tables.ap_limits()
                bars.append(ResourceSpec("ap", "AP", actions.resource(actor.combatant, "ap"), max_ap,
                                         role=BarRole.ACTIONS))
        return bars

    def setup_flags(self) -> Sequence[FieldSpec]:
        """Who is caught unaware: they sit out the surprise round."""
        return (SURPRISED,)

    def badges(self, actor: Actor, options: Options) -> list[str]:
        labels = {spec.key: spec.label for spec in actions.action_specs()}
        return [*qstar_badges(actor, lambda key: labels.get(key) or stats.label(key)),
                *hiding.badge(actor.combatant)]

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        c = actor.character
        fields = [OverrideField(OverrideKind.STATUS, f.key, f.label, c.status.get(f.key, f.default), spec=f)
                  for f in sheet.status_fields()]
        for item in c.equipment:
            if item.kind is ItemKind.WEAPON and item.stats.get("cap") is not None:
                fields.append(OverrideField(OverrideKind.ITEM, "ammo", f"{item.name}: Rounds loaded",
                                            item.stats.get("ammo"), item.id))
            if item.kind is ItemKind.ARMOUR and "durability" in item.stats:
                fields.append(OverrideField(OverrideKind.ITEM, "durability", f"{item.name}: Durability left",
                                            item.stats["durability"], item.id))
        combatant = actor.combatant
        if combatant is not None:
            if actions.uses_npc_actions(actor, options):
                fields.append(OverrideField(OverrideKind.RESOURCE, "actions_taken", "Actions taken this round",
                                            actions.resource(combatant, "actions_taken")))
            else:
                fields.append(OverrideField(OverrideKind.RESOURCE, "ap", "AP", actions.resource(combatant, "ap")))
            aim = actions.resource(combatant, "aim")
            # Take Aim needs a ranged weapon; an aim left over (the weapon dropped since) can still be cleared.
            if actions.has_ranged(actor) or aim:
                fields.append(OverrideField(OverrideKind.RESOURCE, "aim", "Aim bonus", aim))
        return fields

    override_consequences = staticmethod(damage.overridden)

    def state(self, character: Character, options: Options) -> StateLabel:
        health_now = sheet.current_health(character).value
        if character.has_condition("dead") or health_now <= crisis_tables.combat()["death_at_health"]:
            return StateLabel("dead", f"{character.name} is dead", StateRole.OUT)
        if character.has_condition("dying"):
            return StateLabel("dying", f"{character.name} is dying (Health {health_now:g}): 1 wound each turn",
                              StateRole.DOWN)
        # Knocked out by non-lethal damage (the rules mark it incapacitated too): said as the table says it.
        if stats.nonlethal(character) > health_now > 0:
            return StateLabel("incapacitated", f"{character.name} is knocked out: non-lethal damage "
                                               f"{stats.nonlethal(character)} is above Health {health_now:g}",
                              StateRole.DOWN, label="Knocked out")
        if character.has_condition("incapacitated") or health_now <= 0:
            return StateLabel("incapacitated", f"{character.name} is incapacitated", StateRole.DOWN)
        return StateLabel("ok", f"{character.name} can act (Health {health_now:g})", label="OK")


class CrisisEconomy(Economy):
    """The action economy of the crisis rules."""

    rules: CrisisRuleset

    def currencies(self) -> Sequence[Currency]:
        # NPCs under the two_actions option pay in actions, everyone else in AP.
        return (Currency("ap", "AP", "AP"), Currency("actions", "action", "actions"))

    available_actions = staticmethod(actions.available_actions)

    def action_availability(self, actor: Actor, action_key: str, options: Options) -> ActionAvailability | None:
        return actions.availability(actor, action_key, options) if action_key in crisis_tables.actions() else None

    # AP spent, or an NPC's actions counted.
    pay = staticmethod(actions.pay)

    spend_action = staticmethod(actions.spend_action)

    # Last: from here on `actions` in this class's body is the method, not the module.
    actions = staticmethod(actions.action_specs)


class CrisisRuleset(Ruleset):
    """The current Q* crisis rules (crisis.md): one exploding skill die against a Difficulty of 0 to 20; Execute,
    grenades that scatter and attacks from overwatch besides."""

    id = "crisis"
    name = "Crisis"

    # Move, Run and Crawl in tiles of Pace.
    MOVEMENT = CrisisMovement

    # Bullets step penetrable cover down; the prone rule is the attack dialog's (facing is not on the map).
    cover_between = staticmethod(crisis_cover)

    posture = staticmethod(posture_of)

    def range_increments(self, options: Options) -> RangeIncrements:
        """Each range increment after the first costs the attack roll (-1), at most 10 increments, in the bands of
        the `range_bands` option."""
        combat_table = crisis_tables.combat()
        return RangeIncrements(int(combat_table["range_penalty_per_increment"]),
                               int(combat_table["max_range_increments"]), "tiles",
                               combat_table["range_bands"][str(self.options_with_defaults(options)["range_bands"])])

    def acts_out_of_turn(self, actor: Actor) -> bool:
        """Sequential turns by initiative (the base's flow), with Delay, Act now, a surprise round, and attacks out of
        turn from overwatch."""
        return actor.combatant is not None and bool(actions.resource(actor.combatant, "overwatch"))

    def quick_fight(self, prepared: PreparedFight) -> QuickFight[Any]:
        """The fight compiled (rules/crisis/quick.py): attacks drawn from their exact odds."""
        from crisis_desktop.rules.crisis.quick import CrisisQuickFight

        return CrisisQuickFight(self, prepared)

    # -- description of the system --------------------------------------------------------
    PRINTING = printing.CrisisPrinting

    def rule_options(self) -> Sequence[RuleOption]:
        return RULE_OPTIONS

    # Quick NPC asks for the Difficulty Level and builds dice, skills, a melee and a ranged weapon (armour from
    # DL 5) by the tiers of resources/rules/crisis/npc.json.
    NPC_LEVEL = "difficulty"

    # -- checks ---------------------------------------------------------------------------

    contest_odds = staticmethod(checks.contest_odds)

    def aid(self, helpers: Sequence[CheckRequest], dice: DiceSource, options: Options
            ) -> tuple[list[CheckResult], tuple[Term, ...]]:
        """Each helper rolls at DL 4; returns their results and the terms to add to the main check."""
        results = [checks.check(checks.aid_request(h), dice, options) for h in helpers]
        return results, checks.aid_terms(results)

    # -- turn order and action economy ----------------------------------------------------
    roll_initiative = staticmethod(initiative.roll_initiative)

    initiative_dice = staticmethod(initiative.initiative_dice)

    surprise_round = staticmethod(initiative.surprise_round)

    start_turn = staticmethod(actions.start_turn)

    end_turn = staticmethod(actions.end_turn)

    start_encounter = staticmethod(actions.start_encounter)

    end_encounter = staticmethod(actions.end_encounter)

    # -- attacks, damage, healing ---------------------------------------------------------

    natural_healing = staticmethod(healing.natural_healing)

    @cached_property
    def checks(self) -> CrisisChecks:
        return CrisisChecks(self)

    @cached_property
    def attacks(self) -> CrisisAttacks:
        return CrisisAttacks(self)

    @cached_property
    def healing(self) -> CrisisHealing:
        return CrisisHealing(self)

    @cached_property
    def hiding(self) -> CrisisHiding:
        return CrisisHiding(self)

    @cached_property
    def sheet(self) -> CrisisSheet:
        return CrisisSheet(self)

    @cached_property
    def economy(self) -> CrisisEconomy:
        return CrisisEconomy(self)
