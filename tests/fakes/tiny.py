"""The trivial rules every fake ruleset shares: 3 hit points, one club, a d6 attack that hits on 4+ for 1."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property

from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    ActionSpec,
    Actor,
    AttackOdds,
    AttackRequest,
    AttackResult,
    Attacks,
    BarRole,
    CheckResult,
    ConditionSpec,
    Currency,
    DamageResult,
    Explained,
    FieldKind,
    FieldSpec,
    InitiativeEntry,
    Options,
    Outcome,
    ResourceSpec,
    RuleOption,
    Ruleset,
    SetResource,
    SetStatus,
    StateLabel,
    StateRole,
    Term,
    TurnEffects,
)
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll

HIT_POINTS = 3
HITS_ON = 4
# The round's flow says when a fighter may act; an action itself costs nothing (its price, declared here, is what the
# controller charges for an attack: nothing).
ACTIONS = (ActionSpec("attack", "Attack", {}, "Swing the club", ActionRole.ATTACK),
           ActionSpec("shout", "Shout", {}, "A battle cry"))


def lost(character: Character) -> int:
    value = character.status.get("lost", 0)
    return value if isinstance(value, int) else 0


def counter(actor: Actor, key: str) -> SetResource:
    """One more on the combatant's counter `key` (turns begun, turns ended, rounds over)."""
    assert actor.combatant is not None
    value = actor.combatant.resources.get(key, 0)
    return SetResource(actor.combatant.id, key, (value if isinstance(value, int) else 0) + 1)


class TinyAttacks(Attacks):
    """The attacks of the tiny rules."""

    rules: TinyRuleset

    def target_inputs(self, attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        """A target may parry (a reaction): the attack then hits only on a 6."""
        return [FieldSpec("parry", "Parries", FieldKind.BOOL, "Target", False)]

    def max_targets(self, weapon: EquipmentItem) -> int | None:
        """A weapon tagged "sweep" hits everyone named (a group melee), one roll each."""
        return None if "sweep" in weapon.tags else 1

    def attack_modifiers(self, request: AttackRequest, options: Options) -> list[Term]:
        if len(request.targets) > (self.max_targets(request.weapon) or len(request.targets)):
            raise ValueError(f"{request.weapon.name} takes one target")
        return []

    def attack_odds(self, request: AttackRequest, options: Options) -> AttackOdds:
        hit = (7 - HITS_ON) / 6
        odds = [AttackOdds(hit, hit, {0: 1 - hit, 1: hit}, hit if HIT_POINTS - lost(t.character) <= 1 else 0.0)
                for t in request.distinct_targets()]
        return replace(odds[0], further=tuple(odds[1:]))

    def resolve_attack(self, request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
        self.attack_modifiers(request, options)
        results: list[AttackResult] = []
        for aimed in request.targets:
            target = aimed.actor
            parry = bool(aimed.inputs.get("parry"))
            needed = 6 if parry else HITS_ON
            face = dice.roll(6, f"{request.attacker.name}: attack")
            attack = CheckResult(Explained.of(("d6", face)), Explained.of(("hits on", needed)),
                                 Outcome.SUCCESS if face >= needed else Outcome.FAILURE, face - needed,
                                 (DieRoll(6, face),))
            hit = attack.outcome.succeeded
            damage = self.apply_damage(target, 1, options) if hit else None
            summary = f"{request.attacker.name} {'hits' if hit else 'misses'} {target.name} ({face})"
            reactions = ((target.combatant.id, "parries"),) if parry and target.combatant else ()
            results.append(AttackResult(request, target, attack, None, hit, damage,
                                        damage.effects if damage else (), summary, reactions=reactions))
        effects = tuple(e for r in results for e in r.effects)
        return replace(results[0], hit=any(r.hit for r in results), effects=effects,
                       summary="; ".join(r.summary for r in results), followups=tuple(results[1:]))

    def apply_damage(self, target: Actor, amount: int, options: Options, *, lethal: bool = True,
                     damage_type: str = "physical", label: str = "damage") -> DamageResult:
        now = min(HIT_POINTS, lost(target.character) + amount)
        return DamageResult(Explained.of((label, amount)), Explained.of((label, amount)), lethal,
                            (SetStatus(target.character.id, "lost", now),))


class TinySheet(Sheet):
    """The character sheet of the tiny rules."""

    rules: TinyRuleset

    def character_fields(self) -> Sequence[FieldSpec]:
        return (FieldSpec("grit", "Grit", FieldKind.INT, "Attributes", default=0, minimum=0, maximum=3),)

    def item_fields(self, kind: ItemKind) -> Sequence[FieldSpec]:
        return (FieldSpec("damage", "Damage", FieldKind.INT, default=1, minimum=1, maximum=3),) \
            if kind is ItemKind.WEAPON else ()

    def conditions(self) -> Sequence[ConditionSpec]:
        return (ConditionSpec("stunned", "Stunned", "Cannot act"),)

    def new_stats(self, kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
        return {"grit": 0}

    def derived(self, character: Character, options: Options) -> dict[str, Explained]:
        return {"health_max": Explained.of(("base", HIT_POINTS))}

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        return (ResourceSpec("health", "Health", HIT_POINTS - lost(actor.character), HIT_POINTS,
                             role=BarRole.HEALTH),)

    def state(self, character: Character, options: Options) -> StateLabel:
        if lost(character) >= HIT_POINTS:
            return StateLabel("out", f"{character.name} is out of the fight", StateRole.OUT)
        if character.has_condition("stunned"):
            return StateLabel("stunned", f"{character.name} is stunned", StateRole.DOWN)
        return StateLabel("ok", f"{character.name} is fighting")


class TinyEconomy(Economy):
    """The action economy of the tiny rules."""

    rules: TinyRuleset

    def currencies(self) -> Sequence[Currency]:
        return (Currency("actions", "action", "actions"),)

    def actions(self) -> Sequence[ActionSpec]:
        return ACTIONS

    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]:
        able = self.rules.sheet.state(actor.character, options).fighting
        reason = "" if able else self.rules.sheet.state(actor.character, options).text
        return [ActionAvailability(a, a.cost, able, reason) for a in ACTIONS]

    def spend_action(self, actor: Actor, action_key: str, options: Options, cost: int | None = None) -> TurnEffects:
        if action_key not in {a.key for a in ACTIONS}:
            raise ValueError(f"Tiny rules have no action {action_key!r}")
        return TurnEffects((counter(actor, f"did_{action_key}"),))


class TinyRuleset(Ruleset):
    """Complete but trivial rules; the subclasses only say how a round proceeds."""

    id = "tiny"
    name = "Tiny"

    # -- description --------------------------------------------------------------------------------
    def rule_options(self) -> Sequence[RuleOption]:
        return ()

    # -- turns ----------------------------------------------------------------------------------------
    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource,
                        options: Options) -> list[InitiativeEntry]:
        """A d6 each; higher first, a PC before an NPC on a tie, then the list order."""
        rolled = []
        for number, actor in enumerate(actors):
            assert actor.combatant is not None
            face = dice.roll(6, f"{actor.name}: initiative")
            pc_first = 0 if actor.character.kind is CharacterKind.PC else 1
            rolled.append((-face, pc_first, number, actor.combatant.id, face))
        rolled.sort()
        entries = []
        for rank, (_neg, pc_first, _n, cid, face) in enumerate(rolled):
            tied = sum(1 for r in rolled if r[4] == face) > 1
            note = ("PC before NPC on a tie" if pc_first == 0 else "after the PCs on a tie") if tied else ""
            entries.append(InitiativeEntry(cid, Explained.of(("d6", face)), rank, note))
        return entries

    def start_turn(self, actor: Actor, options: Options) -> TurnEffects:
        return TurnEffects((counter(actor, "turns"),))

    def end_turn(self, actor: Actor, options: Options) -> TurnEffects:
        return TurnEffects((counter(actor, "ended"),), (f"{actor.name} ends its turn",))

    def start_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        return TurnEffects()

    def end_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        return TurnEffects()

    @cached_property
    def attacks(self) -> TinyAttacks:
        return TinyAttacks(self)

    @cached_property
    def sheet(self) -> TinySheet:
        return TinySheet(self)

    @cached_property
    def economy(self) -> TinyEconomy:
        return TinyEconomy(self)


def tiny_campaign(ruleset_id: str, pcs: int = 2, npcs: int = 2) -> Campaign:
    """PCs (Ann, Bo, ...) against NPCs (Rat, Slug, ...), each with a club, in the empty encounter "enc"."""
    pc_names, npc_names = ["Ann", "Bo", "Cid", "Dee"], ["Rat", "Slug", "Toad", "Wasp"]

    def make(name: str, kind: CharacterKind) -> Character:
        club = EquipmentItem(name="Club", kind=ItemKind.WEAPON, stats={"damage": 1})
        return Character(id=f"ch-{name.lower()}", name=name, kind=kind, stats={"grit": 0}, equipment=[club])

    people = [make(n, CharacterKind.PC) for n in pc_names[:pcs]]
    people += [make(n, CharacterKind.NPC) for n in npc_names[:npcs]]
    return Campaign(name="Tiny", ruleset=ruleset_id, characters=people, encounters=[Encounter(id="enc", name="Yard")])
