"""CrisisClassicRuleset: the earlier Q* rules (3d6 roll-under) behind the Ruleset interface."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import (
    ActionRole,
    ActionSpec,
    Actor,
    AttackRequest,
    Attacks,
    CheckRequest,
    CheckResult,
    Checks,
    ConditionSpec,
    ContestChances,
    Cost,
    Currency,
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
    RuleOption,
    Ruleset,
    TurnEffects,
    at_most_field,
)
from crisis_desktop.rules.base.capabilities import SURPRISED
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.quick import PreparedFight, QuickFight
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.crisis_classic import (
    checks,
    combat,
    combat_odds,
    damage,
    healing,
    hiding,
    printing,
    sheet,
    tables,
    turns,
)
from crisis_desktop.rules.crisis_classic.actions import action_label, resolve_action
from crisis_desktop.rules.crisis_classic.movement import ClassicMovement, posture_of
from crisis_desktop.rules.crisis_classic.options import RULE_OPTIONS
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.range_increments import RangeIncrements
from crisis_desktop.rules.qstar import attack_inputs as crisis_inputs
from crisis_desktop.rules.qstar.badges import badges as qstar_badges
from crisis_desktop.rules.qstar.context import OUT_OF_TURN
from crisis_desktop.rules.qstar.cover import crisis_cover
from crisis_desktop.rules.qstar.hiding_part import QstarHiding
from crisis_desktop.rules.qstar.item_rules import melee_without_ammunition


class CrisisClassicChecks(Checks):
    """The checks of the crisis-classic rules."""

    rules: CrisisClassicRuleset

    def check_skills(self, character: Character, options: Options) -> list[tuple[str, str]]:
        """The abilities, then every skill."""
        keys = {a.key for a in tables.abilities()} | {sk.key for sk in tables.skills()}
        return [(f.key, f.label) for f in sheet.character_fields() if f.key in keys]

    def check_inputs(self, actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
        return [FieldSpec("difficulty", "Difficulty Level", FieldKind.INT, "Check", tables.NEUTRAL_DL, 1, 10,
                          help="1 is trivial, 4 neutral, 10 all but impossible"),
                FieldSpec("circumstance", "Circumstance", FieldKind.INT, "Check", 0, -20, 20)]

    check = staticmethod(checks.check)

    check_odds = staticmethod(checks.check_odds)

    contest = staticmethod(checks.contest)

    def contest_chances(self, active: CheckRequest, passive: CheckRequest, options: Options) -> ContestChances:
        """Only one succeeds: it wins; both: the larger margin; equal results stand (nobody wins)."""
        odds = checks.contest_odds(active, passive, self.rules.options_with_defaults(options))
        return ContestChances(odds.active, odds.passive, odds.nobody)


class CrisisClassicAttacks(Attacks, OutOfTurnAttacks):
    """The attacks of the crisis-classic rules."""

    rules: CrisisClassicRuleset

    DISTANCE_UNIT = "metres"

    def attack_inputs(self, attacker: Actor, weapon: EquipmentItem, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        return crisis_inputs.attack_inputs(aim=turns.res_int(attacker.combatant, "aim") if attacker.combatant else 0)

    def out_of_ammunition(self, attacker: Actor, weapon: EquipmentItem) -> bool:
        """A weapon that counts its rounds with none left ("empty: reload first")."""
        ammo = weapon.stats.get("ammo")
        return isinstance(ammo, int) and not isinstance(ammo, bool) and ammo < 1

    def target_inputs(self, attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        """One attack, one target: RoF limits the critical hits of that attack instead."""
        return crisis_inputs.target_inputs(target, fight_round, ranged=self.weapon_range(weapon) is not None,
                                           rof=1, area=False, unit="m")

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        rng = weapon.stats.get("range")
        return float(rng) if isinstance(rng, int | float) and not isinstance(rng, bool) and rng > 0 else None

    def map_reading(self, span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
        """Distance in metres and cover, and the chosen weapon's range increment and penalty there."""
        found = super().map_reading(span, weapon, options)
        rng = self.weapon_range(weapon) if weapon is not None else None
        return replace(found, lines=(*found.lines, *self.rules.range_increments(options).lines(weapon, rng, span)))

    # Marked among the attack's inputs: an attack from overwatch ends the watch.
    OUT_OF_TURN_INPUT = OUT_OF_TURN

    attack_modifiers = staticmethod(combat.request_modifiers)

    def attack_price(self, request: AttackRequest, options: Options) -> tuple[Cost, str | None]:
        context = combat.context_of(request)
        return {"ap": resolve_action(context.attacker.character, "attack").cost}, combat.refusal(context) or None

    def dice_order(self, request: AttackRequest, options: Options) -> str:
        return "the attacker's three dice, then the defender's three if the target defends with a roll"

    def to_beat(self, request: AttackRequest, options: Options) -> Explained | None:
        """The attack's roll-under target: 3d6 at or under it hits, before the defence."""
        return Explained.of(*self.attack_modifiers(request, options))

    def to_beat_words(self, request: AttackRequest, options: Options) -> tuple[str, str]:
        """ "Roll 3d6 at or under", then the defence the hit must still beat: the target's roll, none (an NPC's fixed
        defence is a Difficulty Level among the target's terms), or none and why."""
        context = combat.context_of(request)
        mode, why = combat.defence_mode(context, options)
        if mode == "roll":
            defence = Explained.of(*combat.defence_modifiers(context, options))
            after = f"then {context.target.name} defends with 3d6 ≤ {defence.value:g}; a better result parries"
        elif mode == "fixed":           # its Difficulty Level is a term of the target already
            after = f"{context.target.name} does not roll to defend"
        else:
            after = why
        return f"Roll 3d6 at or under ({after})", "3d6 ≤"

    attack_odds = staticmethod(combat_odds.attack_odds)

    resolve_attack = staticmethod(combat.resolve_attack)

    apply_damage = staticmethod(damage.apply_damage)


class CrisisClassicHealing(Healing):
    """The healing of the crisis-classic rules."""

    rules: CrisisClassicRuleset

    heal = staticmethod(healing.heal)

    treatments = staticmethod(healing.treatments)

    def treat(self, key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
              choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
        if key == healing.ADRENALIN:
            return None, self.rules.adrenalin_shot(healer, patient)
        if key == healing.MEDICINE_REST:
            return self.heal(healer, patient, dice, options)
        if key == healing.REST:
            return None, healing.natural_healing(patient)
        if key == healing.BREAK:
            return None, healing.full_rest(patient)
        raise ValueError(f"These rules have no treatment {key!r}")


class CrisisClassicHiding(QstarHiding):
    """The hiding of the crisis-classic rules: only Search rolls."""

    rules: CrisisClassicRuleset
    sight = hiding

    def hides(self, action_key: str) -> str | None:
        row = tables.action_by_key().get(action_key)
        return row.hides if row is not None else None

    def sight_rolls(self, action_key: str) -> bool:
        return self.hides(action_key) == "search"


class CrisisClassicSheet(Sheet):
    """The character sheet of the crisis-classic rules."""

    rules: CrisisClassicRuleset

    DERIVED_LABELS = {"health_max": "Health max", "health": "Health now", "endurance_max": "Endurance max",
                      "endurance": "Endurance now", "initiative": "Initiative", "perception": "Perception",
                      "move_m": "Move (m)", "sneak_m": "Sneak (m)"}

    character_fields = staticmethod(sheet.character_fields)

    item_fields = staticmethod(sheet.item_fields)

    def item_summary(self, item: EquipmentItem) -> str:
        """Weapons: HIT (unless 0), END and DMG damage, RNG in metres (or melee), CAP; armour: Durability and
        Defence."""
        def number(key: str) -> int | None:
            value = item.stats.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) else None

        if item.kind is ItemKind.WEAPON:
            rng = number("range") or 0
            hit = number("hit") or 0
            parts = [*([f"HIT {hit:+d}"] if hit else []), f"END {number('end_damage') or 0}",
                     f"DMG {number('damage') or 0}", f"RNG {rng} m" if rng > 0 else "melee"]
            if number("cap") is not None:
                parts.append(f"CAP {number('cap')}")
            return ", ".join(parts)
        if item.kind is ItemKind.ARMOUR:
            defence = number("defence") or 0
            return f"Durability {number('durability_max') or 0}" + (f", Defence {defence:+d}" if defence else "")
        return super().item_summary(item)

    def item_rules(self, item: EquipmentItem) -> list[str]:
        """Durability left within Durability; rounds loaded within what the magazine holds; a melee weapon has no
        ammunition."""
        specs = self.item_fields(item.kind)
        pairs = (("durability", "durability_max"), ("ammo", "cap"))
        return [*(reason for key, limit in pairs if (reason := at_most_field(item.stats, specs, key, limit))),
                *melee_without_ammunition(item, specs)]

    def conditions(self) -> Sequence[ConditionSpec]:
        return [ConditionSpec(c.key, c.label, c.description) for c in tables.condition_rows()]

    new_stats = staticmethod(sheet.new_stats)

    derived = staticmethod(sheet.derived)

    resources = staticmethod(sheet.resources)

    def setup_flags(self) -> Sequence[FieldSpec]:
        """Who is caught unaware: they sit out the surprise turn and do not defend in it."""
        return (SURPRISED,)

    def badges(self, actor: Actor, options: Options) -> list[str]:
        return [*qstar_badges(actor, lambda key: action_label(actor.character, key)),
                *hiding.badge(actor)]

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        c = actor.character
        fields = [OverrideField(OverrideKind.STATUS, key, label, sheet.status(c, key))
                  for key, label in (("health_damage", "Health damage"), ("endurance_damage", "Endurance damage"))]
        for item in c.equipment:
            if item.kind is ItemKind.WEAPON and item.stats.get("cap") is not None:
                fields.append(OverrideField(OverrideKind.ITEM, "ammo", f"{item.name}: Rounds loaded",
                                            item.stats.get("ammo"), item.id))
                if item.stats.get("mag") is not None:
                    fields.append(OverrideField(OverrideKind.ITEM, "mag", f"{item.name}: Spare magazines",
                                                item.stats["mag"], item.id))
            if item.kind is ItemKind.ARMOUR and "durability" in item.stats:
                fields.append(OverrideField(OverrideKind.ITEM, "durability", f"{item.name}: Durability left",
                                            item.stats["durability"], item.id))
        if actor.combatant is not None:
            fields += [OverrideField(OverrideKind.RESOURCE, "ap", "AP", turns.res_int(actor.combatant, "ap")),
                       OverrideField(OverrideKind.RESOURCE, "aim", "Aim (Difficulty Levels easier)",
                                     turns.res_int(actor.combatant, "aim"))]
        return fields

    override_consequences = staticmethod(damage.overridden)

    state = staticmethod(sheet.state)

    marks = staticmethod(sheet.marks)


class CrisisClassicEconomy(Economy):
    """The action economy of the crisis-classic rules."""

    rules: CrisisClassicRuleset

    def currencies(self) -> Sequence[Currency]:
        return (Currency("ap", "AP", "AP"),)

    def actions(self) -> Sequence[ActionSpec]:
        return [ActionSpec(a.key, a.label, {"ap": a.ap or 0}, a.description, ActionRole(a.role))
                for a in tables.action_rows()]

    available_actions = staticmethod(turns.available_actions)

    spend_action = staticmethod(turns.spend_action)


class CrisisClassicRuleset(Ruleset):
    """3d6 roll-under with Difficulty Levels 1..10, AP 0..6, Endurance before Health; attacks from overwatch."""

    id = "crisis-classic"
    name = "Crisis Classic (Q* 2018 draft)"
    PRINTING = printing.ClassicPrinting

    # One Move per drag, up to the derived Move in metres.
    MOVEMENT = ClassicMovement

    # The map's cover with the penetrable flag read as crisis does (bullets step penetrable material down); the
    # classic attack rules then count penetrable total cover as heavy.
    cover_between = staticmethod(crisis_cover)

    posture = staticmethod(posture_of)

    # Sequential turns by initiative (the base's flow), with Delay, Act now, a surprise round, and attacks out of
    # turn from overwatch.
    acts_out_of_turn = staticmethod(turns.on_overwatch)

    def quick_fight(self, prepared: PreparedFight) -> QuickFight[Any]:
        """The fight compiled (rules/crisis_classic/quick.py): attacks drawn from their exact odds."""
        from crisis_desktop.rules.crisis_classic.quick import ClassicQuickFight

        return ClassicQuickFight(self, prepared)

    def range_increments(self, options: Options) -> RangeIncrements:
        """-2 to the attack for each range increment (in metres) after the first; the rules set no farthest one."""
        return RangeIncrements(-2, None, "metres")

    # -- description ------------------------------------------------------------------------
    def rule_options(self) -> Sequence[RuleOption]:
        return RULE_OPTIONS

    # Quick NPC asks for the Difficulty Level and builds abilities, skill ranks, a melee and a ranged weapon (armour
    # from DL 5) by the tiers of resources/rules/crisis-classic/npc.json.
    NPC_LEVEL = "difficulty"

    # The Difficulty Level table: level, name, target change, description.
    difficulty_levels = staticmethod(tables.difficulty_table)

    # The bundled equipment: "weapons", "armour" or "gear" (fresh copies).
    catalogue = staticmethod(tables.catalogue)

    def equipment_catalogue(self) -> list[EquipmentItem]:
        return [*tables.catalogue("weapons"), *tables.catalogue("armour"), *tables.catalogue("gear")]

    # -- checks -------------------------------------------------------------------------------

    # Exact chances that the active side, the passive side or nobody wins.
    contest_odds = staticmethod(checks.contest_odds)

    # -- turns --------------------------------------------------------------------------------
    roll_initiative = staticmethod(turns.roll_initiative)

    initiative_dice = staticmethod(turns.initiative_dice)

    # Combatant ids that act in the surprise round (nobody unless someone is surprised).
    surprise_round = staticmethod(turns.surprise_round)

    start_turn = staticmethod(turns.start_turn)

    end_turn = staticmethod(turns.end_turn)

    start_encounter = staticmethod(turns.start_encounter)

    end_encounter = staticmethod(turns.end_encounter)

    # -- healing ------------------------------------------------------------------------------

    natural_healing = staticmethod(healing.natural_healing)

    full_rest = staticmethod(healing.full_rest)

    def adrenalin_shot(self, user: Actor, patient: Actor) -> TurnEffects:
        """The user spends 1 AP (when in an encounter) and the patient regains 15 Endurance."""
        spent = TurnEffects()
        if user.combatant is not None:
            cost = resolve_action(user.character, "adrenalin_shot").cost
            spent = turns.spend_action(user, "use_item", {}, cost)
        shot = healing.adrenalin_shot(patient)
        return TurnEffects(spent.effects + shot.effects, spent.notes + shot.notes)

    @cached_property
    def checks(self) -> CrisisClassicChecks:
        return CrisisClassicChecks(self)

    @cached_property
    def attacks(self) -> CrisisClassicAttacks:
        return CrisisClassicAttacks(self)

    @cached_property
    def healing(self) -> CrisisClassicHealing:
        return CrisisClassicHealing(self)

    @cached_property
    def hiding(self) -> CrisisClassicHiding:
        return CrisisClassicHiding(self)

    @cached_property
    def sheet(self) -> CrisisClassicSheet:
        return CrisisClassicSheet(self)

    @cached_property
    def economy(self) -> CrisisClassicEconomy:
        return CrisisClassicEconomy(self)
