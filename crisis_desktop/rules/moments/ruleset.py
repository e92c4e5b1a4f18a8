"""MomentsRuleset: the Ruleset interface over the moments modules (d100 tests, moments declared worst to best and
resolved best to worst, actions and reactions, major wounds, medical attention, range bands)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from crisis_desktop.domain import Character, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionSpec,
    Actor,
    AttackRequest,
    Attacks,
    BarRole,
    CheckResult,
    Checks,
    ConditionSpec,
    Cost,
    Currency,
    DamageResult,
    Explained,
    Healing,
    Options,
    OverrideField,
    OverrideKind,
    ResourceSpec,
    RuleOption,
    Ruleset,
    StateLabel,
    StateRole,
    Term,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.quick import PreparedFight, QuickFight
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.kernel.cover import CoverReading
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows import Choice, IntentAsk, RoundFlow
from crisis_desktop.rules.kernel.flows.declared import DeclareResolveFlow, MomentEconomy
from crisis_desktop.rules.kernel.npc_builds import threat_field
from crisis_desktop.rules.moments import attacks, checks, economy, moment, printing, sheet, wear, wounds
from crisis_desktop.rules.moments.movement import MomentsMovement, band_for, range_readout
from crisis_desktop.rules.moments.options import RULE_OPTIONS

CONDITIONS = (ConditionSpec("dead", "Dead", "Out of the fight for good."),
              ConditionSpec("encumbered", "Encumbered", "All tests one step harder; moves near only."))


# The reactions a declaration may hold ready (the attack's own reaction keys).
READY_REACTIONS = tuple(Choice(key, label) for key, label in attacks.REACTION_NAMES.items() if key != attacks.NONE)


class MomentsChecks(Checks):
    """The checks of the moments rules."""

    rules: MomentsRuleset

    def check_skills(self, character: Character, options: Options) -> list[tuple[str, str]]:
        return [(key, label) for key, label, _h in sheet.STATS]

    check_inputs = staticmethod(checks.check_inputs)

    check_request = staticmethod(checks.request_from)

    check = staticmethod(checks.check)

    check_odds = staticmethod(checks.check_odds)

    contest = staticmethod(checks.contest)

    contest_chances = staticmethod(checks.contest_chances)


class MomentsAttacks(Attacks):
    """The attacks of the moments rules."""

    rules: MomentsRuleset

    attack_inputs = staticmethod(attacks.attack_inputs)

    target_inputs = staticmethod(attacks.target_inputs)

    def map_target_inputs(self, tiles: int, metres: float, reading: CoverReading, *, reach: int,
                          hex_grid: bool = False, options: Options | None = None) -> dict[str, StatValue]:
        """The range band by `range_band_cells`: close when adjacent."""
        return {"range": band_for(tiles, reach, options or {})}

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        return None if weapon.stats.get("reach", "melee") == "melee" else 1.0

    range_readout = staticmethod(range_readout)

    attack_modifiers = staticmethod(attacks.modifiers)

    def attack_price(self, request: AttackRequest, options: Options) -> tuple[Cost, str | None]:
        price = {"actions": 1}
        return price, economy.price_reason(request.attacker, price) if request.attacker.combatant else None

    def dice_order(self, request: AttackRequest, options: Options) -> str:
        return ("the attack's d100, the reaction's d100 if the target reacts, the weapon's damage dice on a hit, "
                "then a d12 and the death test's die for a major wound")

    def to_beat(self, request: AttackRequest, options: Options) -> Explained | None:
        p = attacks.plan(request, options)
        return p.attack_goal

    attack_odds = staticmethod(attacks.attack_odds)

    reaction_odds = staticmethod(attacks.reaction_odds)

    resolve_attack = staticmethod(attacks.resolve)

    def apply_damage(self, target: Actor, amount: int, options: Options, *, lethal: bool = True,
                     damage_type: str = "physical", label: str = "damage") -> DamageResult:
        """Damage from outside an attack (the GM's, a fall): through armour off HP; a major wound due is noted for the
        GM to roll (no dice here)."""
        kind = damage_type if damage_type in sheet.DAMAGE_TYPES else "crushing"
        return wounds.take_damage(target.character, Explained.of((label, amount)), kind, 0, None, options)


class MomentsHealing(Healing):
    """The healing of the moments rules."""

    rules: MomentsRuleset

    def heal(self, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
             modifiers: tuple[Term, ...] = ()) -> tuple[CheckResult, TurnEffects]:
        """Medical attention in a fight (its action is paid for by whoever takes it: `spend_action`)."""
        check, effects, notes = wounds.medical_attention(healer.character, patient.character,
                                                         checks.medical_goal(healer, options), dice)
        return check, TurnEffects(effects, notes)

    def treatments(self, patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
        open_ = wounds.treatable(patient.character)
        medical = "" if open_ else f"{patient.name} has no wound that medical attention may still treat"
        rest = "" if sheet.hp_lost(patient.character) > 0 else f"{patient.name} has lost no HP"
        if not rest and patient.character.has_condition("dead"):
            rest = f"{patient.name} is dead"
        if fighting:
            rest = rest or "A week of rest is taken outside a fight"
        worn = wear.due(patient.character)
        usage = "" if worn else f"Nothing of {patient.name}'s needs a usage roll"
        if fighting:
            usage = usage or "Usage dice are rolled once the fight is over"
        # In a fight the healer's action; after it (or before) given outside the turns, as `treat` does.
        return [Treatment("medical", "Medical attention", "A hard INT test for one wound: 1d4 HP on a success; a "
                          "failure bars that wound.", action_key="medical" if fighting else None, rolls=True,
                          reason=medical),
                Treatment("rest", "A week of rest", "1 HP back.", healer=False, reason=rest),
                Treatment("usage", "Usage dice after the fight", "Each weapon that parried or was soaked whole, and "
                          "each piece of armour damage got past, rolls its usage die: a 1 steps it down.",
                          healer=False, rolls=True, reason=usage)]

    def treat(self, key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
              choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
        if key == "rest":
            effects, notes = wounds.rest_week(patient.character)
            return None, TurnEffects(effects, notes)
        if key == "usage":
            effects, notes = wear.roll_usage(patient.character, dice)
            return None, TurnEffects(effects, notes)
        if key == "medical":
            check, effects, notes = wounds.medical_attention(healer.character, patient.character,
                                                             checks.medical_goal(healer, options), dice)
            return check, TurnEffects(effects, notes)
        raise ValueError(f"The moments rules have no treatment {key!r}")


class MomentsSheet(Sheet):
    """The character sheet of the moments rules."""

    rules: MomentsRuleset

    DERIVED_LABELS = {"goal_bod": "BOD goal", "goal_int": "INT goal", "goal_pow": "POW goal", "hp_max": "HP max",
                      "pp_max": "PP max", "armour_points": "Armour points", "best_bonus": "Best bonus",
                      "wounds": "Wounds taken"}

    character_fields = staticmethod(sheet.character_fields)

    item_fields = staticmethod(sheet.item_fields)

    def item_summary(self, item: EquipmentItem) -> str:
        s = item.stats
        usage = sheet.usage_text(item)
        if item.kind is ItemKind.WEAPON:
            return ", ".join(p for p in (f"{s.get('damage')} {s.get('damage_type')}", str(s.get("reach", "melee")),
                                         "shield" if s.get("shield") else "", usage) if p)
        if item.kind is ItemKind.ARMOUR:
            return f"{s.get('ap', 0)} AP, {usage}"
        return super().item_summary(item)

    def conditions(self) -> Sequence[ConditionSpec]:
        return CONDITIONS

    new_stats = staticmethod(sheet.new_stats)

    stat_rules = staticmethod(sheet.stat_rules)

    item_rules = staticmethod(sheet.item_rules)

    def derived(self, character: Character, options: Options) -> dict[str, Explained]:
        out = sheet.derived(character, options)
        taken = printing.wounds_taken(character, options)
        if taken is not None:
            out["wounds"] = taken
        return out

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        c = actor.character
        top = int(sheet.hp_max(c).value)
        bars = [ResourceSpec("hp", "Hit points", sheet.hp(c), top, role=BarRole.HEALTH, short="HP")]
        if actor.combatant is not None:
            s = economy.stance(actor)
            bars += [ResourceSpec("actions_left", "Actions left", economy.actions_left(actor), s.actions,
                                  role=BarRole.ACTIONS, short="Actions"),
                     ResourceSpec("reactions_left", "Reactions left", economy.reactions_left(actor), s.reactions,
                                  role=BarRole.ACTIONS, short="Reactions")]
        return bars

    marks = staticmethod(wounds.marks)

    def badges(self, actor: Actor, options: Options) -> list[str]:
        steps = economy.steps(actor)
        return ["tests harder"] if steps > 0 else ["tests easier"] if steps < 0 else []

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        c = actor.character
        fields = [OverrideField(OverrideKind.STATUS, f.key, f.label, c.status.get(f.key, f.default), spec=f)
                  for f in sheet.status_fields()]
        for item in c.equipment:
            if item.kind in (ItemKind.WEAPON, ItemKind.ARMOUR) and "usage_die" in item.stats:
                fields.append(OverrideField(OverrideKind.ITEM, "usage_die", f"{item.name}: usage die",
                                            item.stats.get("usage_die"), item.id))
        if actor.combatant is not None:
            for key, label in (("actions_used", "Actions used this moment"),
                               ("reactions_used", "Reactions used this moment")):
                fields.append(OverrideField(OverrideKind.RESOURCE, key, label, actor.combatant.resources.get(key)))
        return fields

    def state(self, character: Character, options: Options) -> StateLabel:
        name = character.name
        if character.has_condition("dead") or sheet.hp(character) <= 0:
            return StateLabel("dead", f"{name} is dead", StateRole.OUT)
        return StateLabel("ok", f"{name} can act ({sheet.hp(character)} of {sheet.hp_max(character).value:g} HP)",
                          label="OK")


class MomentsEconomy(Economy):
    """The action economy of the moments rules."""

    rules: MomentsRuleset

    def currencies(self) -> Sequence[Currency]:
        return economy.CURRENCIES

    def actions(self) -> Sequence[ActionSpec]:
        return economy.ACTION_SPECS

    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]:
        state = self.rules.sheet.state(actor.character, options)
        return economy.available_actions(actor, state.role, state.text)

    pay = staticmethod(economy.pay)

    spend_action = staticmethod(economy.spend_action)


class MomentsRuleset(Ruleset, MomentEconomy):
    """Pentola's combat: moments of about three seconds, declared worst to best and resolved best to worst."""

    id = "moments"
    name = "Moments (Pentola)"
    PRINTING = printing.MomentsPrinting

    # -- description ------------------------------------------------------------------------------------------
    def rule_options(self) -> Sequence[RuleOption]:
        return RULE_OPTIONS

    # Pentola has no NPC level: Quick NPC asks for a threat 1 to 4 (not kept on the sheet) and builds the NPC by the
    # tiers of resources/rules/moments/npc.json.
    NPC_LEVEL = threat_field("a ruffian")

    # -- the moment and the action economy --------------------------------------------------------------------
    def round_flow(self, options: Options) -> RoundFlow:
        """Moments: an opposed INT test ranks everyone; declarations worst to best, resolution best to worst."""
        return DeclareResolveFlow(self)

    rank_moment = staticmethod(moment.rank_moment)

    initiative_dice = staticmethod(moment.moment_dice)

    def declarable(self, actor: Actor, options: Options) -> Sequence[Choice]:
        """Every declaration with its cost, and what it may hold besides: the action meant (an attack's weapon and
        target, a move's destination) while it takes an action, a reaction held ready while it takes one."""
        actions = tuple(Choice(a.key, a.label, a.help, a.role) for a in economy.ACTION_SPECS)
        return tuple(Choice(s.key, s.label, s.help, cost=economy.cost_words(s),
                            asks=IntentAsk(actions if s.actions else (), READY_REACTIONS if s.reactions else ()))
                     for s in economy.STANCES.values())

    moment_effects = staticmethod(economy.moment_effects)

    declare_effects = staticmethod(economy.declare_effects)

    intent_effects = staticmethod(economy.intent_effects)

    def reactions_allowed(self, actor: Actor, options: Options) -> int:
        return economy.stance(actor).reactions

    start_encounter = staticmethod(economy.start_encounter)

    # -- healing and the map ----------------------------------------------------------------------------------

    MOVEMENT = MomentsMovement

    def quick_fight(self, prepared: PreparedFight) -> QuickFight[Any]:
        """The fight compiled (rules/moments/quick.py): attacks drawn from their exact odds."""
        from crisis_desktop.rules.moments.quick import MomentsQuickFight

        return MomentsQuickFight(self, prepared)

    @cached_property
    def checks(self) -> MomentsChecks:
        return MomentsChecks(self)

    @cached_property
    def attacks(self) -> MomentsAttacks:
        return MomentsAttacks(self)

    @cached_property
    def healing(self) -> MomentsHealing:
        return MomentsHealing(self)

    @cached_property
    def sheet(self) -> MomentsSheet:
        return MomentsSheet(self)

    @cached_property
    def economy(self) -> MomentsEconomy:
        return MomentsEconomy(self)
