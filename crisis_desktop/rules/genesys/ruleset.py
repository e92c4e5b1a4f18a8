"""GenesysRuleset: the Ruleset interface over the genesys modules (narrative dice, slots, maneuvers and strain,
combat, critical injuries, healing, movement by range bands)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionSpec,
    Actor,
    AttackRequest,
    Attacks,
    CheckRequest,
    CheckResult,
    Checks,
    ConditionSpec,
    Cost,
    Currency,
    Effect,
    Explained,
    FieldKind,
    FieldSpec,
    Healing,
    Importer,
    MapReading,
    MapSpan,
    Options,
    OverrideField,
    OverrideKind,
    PoolSpend,
    RuleOption,
    Ruleset,
    SpendBudget,
    SpendChoice,
    SpendPick,
    StateLabel,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.base.added_fields import field_key
from crisis_desktop.rules.base.capabilities import SURPRISED
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.quick import PreparedFight, QuickFight
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.genesys import (
    actions,
    ammo,
    attacks,
    career,
    checks,
    combat,
    custom_skills,
    damage,
    healing,
    initiative,
    narrative,
    printing,
    quick_npc,
    sheet,
    shown,
    spending,
    stats,
    story,
    symbols,
    tables,
    talents,
)
from crisis_desktop.rules.genesys import map_reading as genesys_map
from crisis_desktop.rules.genesys.movement import GenesysMovement, band_for, cells_per_band, range_readout
from crisis_desktop.rules.genesys.options import RULE_OPTIONS
from crisis_desktop.rules.genesys.story import GenesysPools
from crisis_desktop.rules.kernel.cover import CoverReading
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind, RollPool
from crisis_desktop.rules.kernel.flows import RoundFlow
from crisis_desktop.rules.kernel.flows.slots import SlotFlow
from crisis_desktop.rules.kernel.npc_builds import table_npc
from crisis_desktop.rules.kernel.tally import Tally

CONDITIONS = (
    ConditionSpec("staggered", "Staggered", "No actions, not even one given up for a maneuver."),
    ConditionSpec("immobilized", "Immobilized", "No maneuvers, not even ones bought with strain."),
    ConditionSpec("disoriented", "Disoriented", "A setback die on all its checks."),
    ConditionSpec("prone", "Prone", "Melee attacks against it add a boost die, ranged ones a setback die; its own "
                  "melee attacks add a setback die."),
    ConditionSpec("burning", "Burning", "Takes the burning weapon's base damage at the start of each turn."),
    ConditionSpec("dead", "Dead", "Out of the fight for good."),
)


class GenesysChecks(Checks):
    """The checks of the genesys rules."""

    rules: GenesysRuleset

    def check_skills(self, character: Character, options: Options) -> list[tuple[str, str]]:
        """The characteristics, then every skill of the campaign's list, then any other skill the character has a
        rank in (of a list the campaign used before)."""
        listed = sheet.skills_for(self.rules.options_with_defaults(options))
        ranked = [s for key, s in tables.skills().items() if key not in listed and stats.rank(character, key)]
        return [(c.key, c.name) for c in tables.characteristics()] + \
            [(s.key, s.name) for s in (*listed.values(), *ranked)]

    def check_inputs(self, actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
        return checks.check_inputs() + story.check_inputs(actor, self.rules.options_with_defaults(options))

    def check_pool_spends(self, request: CheckRequest, options: Options) -> Sequence[PoolSpend]:
        return story.spends(request.actor, request.inputs, self.rules.options_with_defaults(options))

    check_request = staticmethod(checks.request_from)

    check = staticmethod(checks.check)

    def check_dice(self, request: CheckRequest, options: Options) -> Sequence[DieKind]:
        return checks.check_pool(request, options).dice()

    check_odds = staticmethod(checks.check_odds)

    contest = staticmethod(checks.contest)

    def check_effects(self, request: CheckRequest, result: CheckResult, options: Options) -> list[Effect]:
        return checks.next_check_used(request.actor)

    def check_spend_choices(self, request: CheckRequest, result: CheckResult, options: Options,
                            fighters: Sequence[Actor] = ()) -> list[SpendChoice]:
        return spending.check_choices(request.actor, result.tally or Tally(), fighters, options)

    def check_spending_left(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                            options: Options, fighters: Sequence[Actor] = ()) -> SpendBudget:
        return spending.check_budget(request.actor, result.tally or Tally(), picks, fighters, options)

    def resolve_check_spending(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                               options: Options, fighters: Sequence[Actor] = ()) -> TurnEffects:
        effects, notes = spending.resolve_check_spending(request.actor, result.tally or Tally(), picks, fighters,
                                                         options)
        return TurnEffects(tuple(effects), tuple(notes))


class GenesysAttacks(Attacks):
    """The attacks of the genesys rules."""

    rules: GenesysRuleset

    def attack_inputs(self, attacker: Actor, weapon: EquipmentItem, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        return combat.attack_inputs(attacker, weapon) + \
            story.check_inputs(attacker, self.rules.options_with_defaults(options), combat.SITUATION)

    def out_of_ammunition(self, attacker: Actor, weapon: EquipmentItem) -> bool:
        """A Limited Ammo weapon with no shot left, or one a despair emptied for the encounter."""
        return ammo.refusal(attacker, weapon) is not None

    def attack_pool_spends(self, request: AttackRequest, options: Options) -> Sequence[PoolSpend]:
        return story.spends(request.attacker, request.inputs, self.rules.options_with_defaults(options))

    def target_inputs(self, attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        return combat.target_inputs(weapon, target)

    def max_targets(self, weapon: EquipmentItem) -> int | None:
        """Blast and Auto-fire weapons reach several targets; every other weapon one."""
        w = combat.weapon(weapon)
        return None if w.quality("blast") or w.quality("auto_fire") else 1

    def map_target_inputs(self, tiles: int, metres: float, reading: CoverReading, *, reach: int,
                          hex_grid: bool = False, options: Options | None = None) -> dict[str, StatValue]:
        """The range band: engaged when adjacent, else by the cells per band of `range_band_cells`."""
        return {"range_band": band_for(tiles, reach, self.rules.options_with_defaults(options or {}))}

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        """A ranged weapon's reach in tiles at the default depth of a band (the map's range readout counts whole
        bands); None for melee and brawl weapons."""
        w = combat.weapon(weapon)
        if w.melee:
            return None
        return float(combat.band_index(w.band) * cells_per_band({}))

    def blast_radius(self, weapon: EquipmentItem) -> int | None:
        """Blast catches everyone engaged with the target: the cells next to it."""
        return 1 if combat.weapon(weapon).quality("blast") else None

    def map_reading(self, span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
        """The range band, who is engaged (the target with others, the attacker with an opponent) and the painted
        cover as setback dice, with what they do to the chosen weapon's attack (rules/genesys/map_reading.py)."""
        return genesys_map.map_reading(span, weapon, self.rules.options_with_defaults(options))

    def range_readout(self, weapon: EquipmentItem | None, tiles: int, reach: int,
                      options: Options) -> list[str] | None:
        """The range band (engaged to extreme) by `range_band_cells`, the maneuvers to engage, the weapon there."""
        return range_readout(weapon, tiles, reach, self.rules.options_with_defaults(options))

    attack_modifiers = staticmethod(attacks.modifiers)

    attack_price = staticmethod(attacks.attack_price)

    def dice_order(self, request: AttackRequest, options: Options) -> str:
        return ("proficiency, ability, boost, challenge, difficulty, then setback dice; then a d100 for each "
                "critical injury (and a d10 for Horrific or Gruesome)")

    def attack_dice(self, request: AttackRequest, options: Options) -> Sequence[DieKind]:
        return combat.attack_pool(request, options).dice()

    def to_beat(self, request: AttackRequest, options: Options) -> Explained | None:
        return Explained.of(("one net success", 1))

    attack_odds = staticmethod(attacks.odds)

    resolve_attack = staticmethod(attacks.resolve)

    spend_choices = staticmethod(spending.attack_choices)

    spending_left = staticmethod(spending.attack_budget)

    resolve_spending = staticmethod(spending.resolve_attack_spending)

    apply_damage = staticmethod(damage.apply_damage)


class GenesysHealing(Healing):
    """The healing of the genesys rules."""

    rules: GenesysRuleset

    heal = staticmethod(healing.heal)

    def treatments(self, patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
        return healing.treatments(patient, self.rules.options_with_defaults(options), fighting=fighting)

    def treat(self, key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
              choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
        return healing.treat(key, healer, patient, dice, self.rules.options_with_defaults(options), choice)


class GenesysSheet(Sheet):
    """The character sheet of the genesys rules."""

    rules: GenesysRuleset

    DERIVED_LABELS = {"wound_threshold": "Wound threshold", "strain_threshold": "Strain threshold", "soak": "Soak",
                      "melee_defence": "Melee defence", "ranged_defence": "Ranged defence",
                      "criticals": "Critical injuries", "minions_left": "Minions left",
                      "encumbrance_threshold": "Enc. threshold", "xp_available": "XP available",
                      "wounds_taken": "Wounds taken", "strain_taken": "Strain taken"}

    def character_fields(self) -> tuple[FieldSpec, ...]:
        """The sheet of a campaign that chose no skill list (the classic one)."""
        return sheet.character_fields()

    def campaign_fields(self, options: Options) -> tuple[FieldSpec, ...]:
        """The sheet with the skills of the campaign's skill list and the GM's own."""
        return sheet.character_fields(sheet.skills_for(self.rules.options_with_defaults(options)))

    def added_field_bases(self) -> Sequence[tuple[str, str]]:
        """A custom skill rolls with one of the six characteristics."""
        return custom_skills.bases()

    def added_field_groups(self) -> Sequence[str]:
        return custom_skills.GROUPS

    def added_field_problems(self, label: str, based_on: str, group: str, options: Options) -> list[str]:
        """Besides the shared checks: not the name of a skill of another list (its ranks would roll as that one)."""
        found = super().added_field_problems(label, based_on, group, options)
        known = tables.skills().get(field_key(label))
        if known is not None and not found:
            found.append(f"{known.name} is a skill of another skill list (the Skill list rule option picks the list)")
        return found

    item_fields = staticmethod(sheet.item_fields)

    def item_summary(self, item: EquipmentItem) -> str:
        """Weapons: damage (Brawn + n for a melee "+n"), critical rating, range band, qualities; the rest by default."""
        if item.kind is not ItemKind.WEAPON:
            return super().item_summary(item)
        s = item.stats
        damage = s.get("damage") or 0
        brawn = s.get("brawn_damage") is True
        parts = [(f"Damage Brawn + {damage}" if damage else "Damage Brawn") if brawn else f"Damage {damage}",
                 f"Crit {s.get('crit')}", str(s.get("range_band") or "engaged")]
        if s.get("qualities"):
            parts.append(str(s.get("qualities")))
        return ", ".join(parts)

    def conditions(self) -> Sequence[ConditionSpec]:
        return CONDITIONS

    def new_stats(self, kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
        return sheet.new_stats(kind)

    def item_rules(self, item: EquipmentItem) -> list[str]:
        """A weapon's qualities must be ones the rules know, with their ratings; only a Limited Ammo weapon counts
        its shots."""
        text = item.stats.get("qualities", "")
        if item.kind not in (ItemKind.WEAPON, ItemKind.ARMOUR) or not isinstance(text, str):
            return []
        found, problems = stats.parse_qualities(text)
        if item.kind is ItemKind.WEAPON and item.stats.get("ammo") is not None and "limited_ammo" not in found:
            problems = [*problems, f"Shots left {item.stats['ammo']}: only a Limited Ammo weapon counts its shots"]
        return list(problems)

    def notes(self, character: Character) -> list[str]:
        """Unknown talents, unknown career skills, experience overspent, a load over the encumbrance threshold."""
        return talents.notes(character) + career.notes(character)

    applies = staticmethod(career.applies)

    field_marks = staticmethod(career.field_marks)

    def item_stat_text(self, item: EquipmentItem, key: str) -> str | None:
        """A '+X' weapon's damage as the rules write it: 'Brawn + 2'."""
        damage = item.stats.get("damage")
        if key == "damage" and item.kind is ItemKind.WEAPON and item.stats.get("brawn_damage") is True:
            return f"Brawn + {damage}" if damage else "Brawn"
        return None
    derived = staticmethod(sheet.derived)

    resources = staticmethod(shown.resources)

    marks = staticmethod(shown.marks)

    def setup_flags(self) -> Sequence[FieldSpec]:
        """Who is caught unaware: they roll Vigilance for initiative instead of Cool."""
        return (SURPRISED,)

    def badges(self, actor: Actor, options: Options) -> list[str]:
        return actions.badges(actor)

    def override_consequences(self, before: Character, after: Actor, options: Options) -> TurnEffects:
        return TurnEffects((), tuple(damage.overridden(before, after.character)))

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        c = actor.character
        fields = [OverrideField(OverrideKind.STATUS, f.key, f.label, c.status.get(f.key, f.default), spec=f)
                  for f in sheet.status_fields() if f.key != "strain" or stats.tracks_strain(c)]
        for item in stats.equipped(c, ItemKind.WEAPON):
            if stats.qualities(item).get("limited_ammo"):
                fields.append(OverrideField(OverrideKind.ITEM, "ammo", f"{item.name}: Shots left",
                                            item.stats.get("ammo"), item.id))
        combatant = actor.combatant
        if combatant is not None:
            for key, label in (("maneuvers_used", "Maneuvers taken this turn"), ("actions_used", "Action taken"),
                               ("aim", "Aim (boost dice)"), ("guarded", "Guarded stance")):
                fields.append(OverrideField(OverrideKind.RESOURCE, key, label, combatant.resources.get(key)))
        return fields

    def state(self, character: Character, options: Options) -> StateLabel:
        return sheet.state(character)


class GenesysEconomy(Economy):
    """The action economy of the genesys rules."""

    rules: GenesysRuleset

    def currencies(self) -> Sequence[Currency]:
        return actions.CURRENCIES

    def actions(self) -> Sequence[ActionSpec]:
        return actions.ACTION_SPECS

    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]:
        return actions.available_actions(actor, options)

    def pay(self, actor: Actor, price: Cost, what: str) -> TurnEffects:
        """The maneuvers or the action counted, the strain suffered for it (as wounds by rivals and minions)."""
        if actor.combatant is None:
            return TurnEffects()
        effects, notes = actions.pay(actor, actions.Priced(price, None), what.lower())
        return TurnEffects(tuple(effects), tuple(notes))

    def spend_action(self, actor: Actor, action_key: str, options: Options, cost: int | None = None) -> TurnEffects:
        return actions.spend_action(actor, action_key, options)

    def spend_action_on(self, actor: Actor, action_key: str, target: Actor, options: Options) -> TurnEffects:
        return actions.spend_action_on(actor, action_key, target, options)


class GenesysRuleset(Ruleset):
    """Genesys and Edge of the Empire personal combat (the `genesys_variant` option picks where they differ)."""

    id = "genesys"
    name = "Genesys"
    PRINTING = printing.GenesysPrinting

    # -- description ------------------------------------------------------------------------------------------
    def rule_options(self) -> Sequence[RuleOption]:
        return RULE_OPTIONS

    def dice_kinds(self) -> Sequence[DieKind]:
        return tuple(narrative.kinds().values())

    symbol_glyphs = staticmethod(symbols.glyphs)

    def importers(self) -> Sequence[Importer]:
        """The public adversary JSON data sets (rules/genesys/adversary_import.py)."""
        from crisis_desktop.rules.genesys.adversary_import import GenesysAdversaries

        return (GenesysAdversaries(),)

    def npc_level_field(self) -> FieldSpec | None:
        """Genesys adversaries have no level: Quick NPC asks for a power level 1 to 5 (not kept on the sheet)."""
        return FieldSpec("power", "Power level", FieldKind.INT, "NPC", 2, 1, 5,
                         help="How dangerous, 1 to 5: characteristics, skills and gear. Without an adversary type, "
                              "1 makes a minion group of 3, 2 to 4 rivals, each better, 5 a nemesis.")

    def npc_kind_field(self) -> FieldSpec | None:
        """Quick NPC asks which adversary type: minion group, rival or nemesis."""
        return quick_npc.KIND_FIELD

    def quick_npc_of_kind(self, name: str, level: int, kind: str, dice: DiceSource | None = None) -> Character:
        """The power level's characteristics, skills and gear as a minion group, a rival or a nemesis
        (rules/genesys/quick_npc.py)."""
        return quick_npc.of_kind(self, name, level, kind, dice)

    def quick_npc(self, name: str, level: int, dice: DiceSource | None = None) -> Character:
        """A minion group, a rival or a nemesis with combat skills, a melee and a ranged weapon and armour, by the
        tiers of resources/rules/genesys/npc.json."""
        return table_npc(self, "genesys", name, level, dice)

    # -- the round and the action economy ----------------------------------------------------------------------
    def round_flow(self, options: Options) -> RoundFlow:
        """Side slots: initiative results become PC and NPC slots; any unacted character of that side fills one."""
        return SlotFlow(self)

    roll_initiative = staticmethod(initiative.roll_initiative)

    def initiative_dice(self, actors: Sequence[Actor], options: Options) -> list[RollPool]:
        return initiative.initiative_dice(actors)

    start_turn = staticmethod(actions.start_turn)

    end_turn = staticmethod(actions.end_turn)

    start_encounter = staticmethod(actions.start_encounter)

    end_encounter = staticmethod(actions.end_encounter)

    # -- healing and the map ----------------------------------------------------------------------------------

    MOVEMENT = GenesysMovement

    def quick_fight(self, prepared: PreparedFight) -> QuickFight[Any]:
        """The fight compiled (rules/genesys/quick.py): each check drawn from its pool's exact odds, the rest as the
        rules resolve it."""
        from crisis_desktop.rules.genesys.quick import GenesysQuickFight

        return GenesysQuickFight(self, prepared)

    def posture(self, character: Character) -> str | None:
        return "prone" if character.has_condition("prone") else None

    @cached_property
    def checks(self) -> GenesysChecks:
        return GenesysChecks(self)

    @cached_property
    def attacks(self) -> GenesysAttacks:
        return GenesysAttacks(self)

    @cached_property
    def healing(self) -> GenesysHealing:
        return GenesysHealing(self)

    @cached_property
    def pools(self) -> GenesysPools:
        return GenesysPools(self)

    @cached_property
    def sheet(self) -> GenesysSheet:
        return GenesysSheet(self)

    @cached_property
    def economy(self) -> GenesysEconomy:
        return GenesysEconomy(self)

