"""SkirmishRuleset: the Ruleset interface over the skirmish modules (d20 checks, planned rounds in phases, ranged
attacks and group melee skirmishes, hit locations, pain and wounds, death checks and treatment)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from crisis_desktop.domain import Character, EquipmentItem, StatValue
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    ActionSpec,
    Actor,
    AttackRequest,
    Attacks,
    BarRole,
    CheckResult,
    Checks,
    ConditionSpec,
    DamageResult,
    Explained,
    FieldSpec,
    Healing,
    MapReading,
    MapSpan,
    Options,
    OverrideField,
    OverrideKind,
    ResourceSpec,
    RuleOption,
    Ruleset,
    SetResource,
    StateLabel,
    StateRole,
    Term,
    TurnEffects,
)
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.quick import PreparedFight, QuickFight
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.kernel.cover import CoverReading
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows import RoundFlow
from crisis_desktop.rules.kernel.flows.phased import PhasedFlow, PlanEconomy
from crisis_desktop.rules.kernel.geometry import AreaRelation
from crisis_desktop.rules.kernel.npc_builds import threat_field
from crisis_desktop.rules.skirmish import assignment, attacks, checks, fighters, plans, sheet, shown, treatment, wounds
from crisis_desktop.rules.skirmish.movement import SkirmishMovement, reach_refusal
from crisis_desktop.rules.skirmish.movement import map_reading as skirmish_map_reading
from crisis_desktop.rules.skirmish.options import RULE_OPTIONS
from crisis_desktop.rules.skirmish.printing import SkirmishPrinting

CONDITIONS = (ConditionSpec("bleeding", "Bleeding", "+1 Fatigue each End phase while Stamina is above 0; "
                            "incapacitated and bleeding is dying."),
              ConditionSpec("incapacitated", "Incapacitated", "Unconscious: cannot act (besides Stamina 0 or less "
                            "and the wounds that say so)."),
              ConditionSpec("dead", "Dead", "Out of the fight for good."))
ACTIONS = (ActionSpec("attack", "Attack", {}, "The attack planned: a ranged attack in the ranged phase, a skirmish "
                      "in the melee phase.", ActionRole.ATTACK),
           ActionSpec("move", "Move to an adjacent area", {}, "The move planned.", ActionRole.MOVE),
           ActionSpec("misc", "Miscellaneous action", {}, "The action planned: a skill check, climbing a wall..."))
_ACTION_PLANS = {"move": (plans.MOVE,), "misc": (plans.MISC, plans.MAGIC)}


class SkirmishChecks(Checks):
    """The checks of the skirmish rules."""

    rules: SkirmishRuleset

    check_skills = staticmethod(sheet.check_skill_list)

    check_inputs = staticmethod(checks.check_inputs)

    check = staticmethod(checks.check)

    check_odds = staticmethod(checks.check_odds)

    contest = staticmethod(checks.contest)


class SkirmishAttacks(Attacks):
    """The attacks of the skirmish rules."""

    rules: SkirmishRuleset

    DISTANCE_UNIT = "areas"

    def attack_inputs(self, attacker: Actor, weapon: EquipmentItem, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        return fighters.edge_inputs("Attack")

    def target_inputs(self, attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        return fighters.edge_inputs("Target", fighters.TARGET)

    # The weapon of the attack planned this round.
    ready_weapon = staticmethod(plans.planned_weapon)

    max_targets = staticmethod(attacks.max_targets)

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        """None for a melee weapon; 1 for a ranged one: what it reaches is counted in the map's areas
        (`reach_refusal`), not in range increments."""
        kind = sheet.attack_kind(weapon)
        return None if kind == "melee" else 1.0

    def map_target_inputs(self, tiles: int, metres: float, reading: CoverReading, *, reach: int,
                          hex_grid: bool = False, options: Options | None = None) -> dict[str, StatValue]:
        """Nothing: the map decides what a weapon reaches by its areas and sight (`reach_refusal`); Paraverse counts
        no range or cover modifier."""
        return {}

    def map_reading(self, span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
        """Areas and engagement, and what the chosen weapon reaches there (rules/skirmish/movement.py); no range
        or cover modifier."""
        return skirmish_map_reading(span, weapon, self.reach_refusal)

    def reach_refusal(self, weapon: EquipmentItem, tiles: int, reach: int, areas: AreaRelation) -> str | None:
        """By the map's areas where both tokens stand in one (a skirmish and a throw inside one area, a marksman
        into its own and the adjacent areas); on an unlabelled map, a skirmish between adjacent tokens."""
        if areas.known:
            return reach_refusal(weapon, areas)
        return super().reach_refusal(weapon, tiles, reach, areas)

    def further_targets_text(self, weapon: EquipmentItem) -> tuple[str, str]:
        if sheet.is_ranged(weapon):
            return super().further_targets_text(weapon)
        return ("Others in the skirmish", "Everyone else in this skirmish, either side (at most four a side; several "
                "against one only when no unengaged foe is near):")

    attack_modifiers = staticmethod(attacks.modifiers)

    attack_price = staticmethod(attacks.price)

    def dice_order(self, request: AttackRequest, options: Options) -> str:
        if sheet.is_ranged(request.weapon):
            return ("the attacker's d20 (two with advantage or disadvantage), the defender's d20 (the same), then on "
                    "a hit the hit location's d4 (a second d4 after a 1)")
        return ("each fighter's d20 in the order declared, the attacker first (two with advantage or "
                "disadvantage), then the hit location's d4 (a second d4 after a 1)")

    attack_odds = staticmethod(attacks.attack_odds)

    resolve_attack = staticmethod(attacks.resolve)

    def apply_damage(self, target: Actor, amount: int, options: Options, *, lethal: bool = True,
                     damage_type: str = "physical", label: str = "damage") -> DamageResult:
        """Damage from outside an attack (the GM's, a fall): armour does not apply; pain to Fatigue, and the wound it
        would make to the torso (the GM may change the location's wound by hand)."""
        raw = Explained.of((label, amount))
        return wounds.take(target.character, raw, raw.clamped(0, label="never below 0"), "torso")


class SkirmishHealing(Healing):
    """The healing of the skirmish rules."""

    rules: SkirmishRuleset

    def heal(self, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
             modifiers: tuple[Term, ...] = ()) -> tuple[CheckResult, TurnEffects]:
        raise ValueError("Paraverse treats wounds during a rest or a camp, not in a fight's rounds")

    treatments = staticmethod(treatment.treatments)

    treat = staticmethod(treatment.treat)


class SkirmishSheet(Sheet):
    """The character sheet of the skirmish rules."""

    rules: SkirmishRuleset

    DERIVED_LABELS = {"armour_value": "Armour value (AV)", "shield_value": "Shield value (SV)",
                      "critical_threshold": "Critical wound at (CON)"}

    character_fields = staticmethod(sheet.character_fields)

    item_fields = staticmethod(sheet.item_fields)

    def item_summary(self, item: EquipmentItem) -> str:
        return sheet.summary(item) or super().item_summary(item)

    def conditions(self) -> Sequence[ConditionSpec]:
        return CONDITIONS

    new_stats = staticmethod(sheet.new_stats)

    stat_rules = staticmethod(sheet.stat_rules)

    item_rules = staticmethod(sheet.item_rules)

    derived = staticmethod(sheet.derived)

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        c = actor.character
        top = int(sheet.endurance(c).value)
        return [ResourceSpec("stamina", "Stamina", max(0, int(sheet.stamina(c).value)), top, role=BarRole.HEALTH)]

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        c = actor.character
        return [OverrideField(OverrideKind.STATUS, f.key, f.label, c.status.get(f.key, f.default), spec=f)
                for f in sheet.status_fields()]

    marks = staticmethod(shown.marks)

    def state(self, character: Character, options: Options) -> StateLabel:
        s = wounds.standing(character)
        text = wounds.describe(character, s)
        if s.dead:
            return StateLabel("dead", text, StateRole.OUT)
        if s.dying:
            return StateLabel("dying", text, StateRole.DOWN)
        if s.incapacitated:
            return StateLabel("incapacitated", text, StateRole.DOWN)
        return StateLabel("fighting", text)


class SkirmishEconomy(Economy):
    """The action economy of the skirmish rules."""

    rules: SkirmishRuleset

    def actions(self) -> Sequence[ActionSpec]:
        return ACTIONS

    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]:
        state = self.rules.sheet.state(actor.character, options)
        plan = plans.planned(actor)
        out = []
        for action in ACTIONS:
            reason = "" if state.fighting else state.text
            if not reason and plan:
                fits = plan.partition(":")[0] in (plans.RANGED, plans.MELEE) if action.key == "attack" \
                    else plan in _ACTION_PLANS[action.key] or (action.key == "move" and plans.moves_to_fight(plan))
                if not fits:
                    reason = f"{actor.name} planned {plans.plan_words(actor, plan)}"
            if not reason and action.key == "move" and plans.moved(actor):
                reason = f"{actor.name} has made its move this round"
            out.append(ActionAvailability(action, {}, not reason, reason))
        return out

    def spend_action(self, actor: Actor, action_key: str, options: Options, cost: int | None = None) -> TurnEffects:
        found = self.action_availability(actor, action_key, options)
        if found is None:
            raise ValueError(f"The skirmish rules have no action {action_key!r}")
        if not found.allowed:
            raise ValueError(found.reason)
        if action_key == "move" and actor.combatant is not None:
            return TurnEffects((SetResource(actor.combatant.id, plans.MOVED_KEY, True),))
        return TurnEffects()


class SkirmishRuleset(Ruleset, PlanEconomy):
    """Paraverse's combat: everyone plans, then ranged, melee, magic and miscellaneous phases resolve simultaneously;
    group skirmishes, hit locations, pain and critical wounds."""

    id = "skirmish"
    name = "Skirmish (Paraverse)"
    PRINTING = SkirmishPrinting

    # -- description ------------------------------------------------------------------------------------------
    def rule_options(self) -> Sequence[RuleOption]:
        return RULE_OPTIONS

    # Paraverse has no NPC level: Quick NPC asks for a threat 1 to 4 (not kept on the sheet) and builds the NPC by the
    # tiers of resources/rules/skirmish/npc.json.
    NPC_LEVEL = threat_field("a brigand")

    # -- the round --------------------------------------------------------------------------------------------
    def round_flow(self, options: Options) -> RoundFlow:
        """Planning, then the ranged, melee, magic and miscellaneous phases, then the End phase."""
        return PhasedFlow(self)

    def quick_fight(self, prepared: PreparedFight) -> QuickFight[Any]:
        """The fight compiled (rules/skirmish/quick.py): attacks drawn from their exact odds, rounds as planned."""
        from crisis_desktop.rules.skirmish.quick import SkirmishQuickFight

        return SkirmishQuickFight(self, prepared)

    phases = staticmethod(plans.phases)

    plannable = staticmethod(plans.plannable)

    # Record the plan on the combatant (its resource `plans.PLAN_KEY`).
    plan_effects = staticmethod(plans.plan_effects)

    end_of_round = staticmethod(plans.end_of_round)

    MOVEMENT = SkirmishMovement

    # Assignment as the text has it: PCs pick first, the extra NPCs after, several on one only without a free target
    # nearby (rules/skirmish/assignment.py).
    assign = staticmethod(assignment.assign)

    def carries_out_plan(self, plan: str, action_key: str) -> bool:
        """A planned melee attack carries its move into the area it is fought in: the attack carries it out."""
        return not (action_key == "move" and plans.moves_to_fight(plan))

    start_encounter = staticmethod(plans.without_plan)

    end_encounter = staticmethod(plans.without_plan)

    # -- attacks ----------------------------------------------------------------------------------------------

    # The exact odds of the attack for everyone in it (the attacker included).
    fight_odds = staticmethod(attacks.odds)

    skirmish_participants = staticmethod(attacks.skirmish_participants)

    @cached_property
    def checks(self) -> SkirmishChecks:
        return SkirmishChecks(self)

    @cached_property
    def attacks(self) -> SkirmishAttacks:
        return SkirmishAttacks(self)

    @cached_property
    def healing(self) -> SkirmishHealing:
        return SkirmishHealing(self)

    @cached_property
    def sheet(self) -> SkirmishSheet:
        return SkirmishSheet(self)

    @cached_property
    def economy(self) -> SkirmishEconomy:
        return SkirmishEconomy(self)

