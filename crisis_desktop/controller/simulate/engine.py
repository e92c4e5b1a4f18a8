"""Plays one prepared encounter to its end under the rules, with each side's tactics: the simulator's inner loop."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.controller.simulate.tactics import Tactics
from crisis_desktop.domain import Campaign, EquipmentItem, StatValue
from crisis_desktop.rules import odds as exact
from crisis_desktop.rules.base import (
    Actor,
    Attacks,
    BarRole,
    Ruleset,
)
from crisis_desktop.rules.dice import RandomDice
from crisis_desktop.rules.flow import Choice, StepRole
from crisis_desktop.rules.geometry import Terrain

if TYPE_CHECKING:
    from crisis_desktop.controller.simulate.quick import QuickPlayer

DRAW = "draw"                # nobody won: the round cap was reached, both sides fell at once, or nobody could act
DEFAULT_MAX_ROUNDS = 30


@dataclass
class FightRecord:
    """What one simulated fight came to."""

    winner: str                                      # a side's value, or DRAW
    rounds: int
    fled: bool = False                               # the losing side fled (its morale broke)
    downed: set[str] = field(default_factory=set)    # combatants that were down or out at some point
    killed: set[str] = field(default_factory=set)    # combatants out of the fight for good at the end
    bars: dict[str, dict[str, int]] = field(default_factory=dict)   # combatant -> bar key -> value left
    attacks: int = 0
    moves: int = 0


def run_seed(seed: int, index: int) -> random.Random:
    """The generator of run `index` under `seed`: the same whichever process plays it, in whatever order."""
    return random.Random(f"crisis-desktop-simulate:{seed}:{index}")


@dataclass(frozen=True)
class Setup:
    """A prepared encounter to play again and again: a working copy of just what the fight needs (its characters,
    the encounter as prepared, its battle map), never the campaign itself."""

    campaign: Campaign
    encounter_id: str
    ruleset: Ruleset
    tactics: Mapping[str, Tactics]                   # by side value; a side missing here fights with the default
    max_rounds: int = DEFAULT_MAX_ROUNDS
    max_attacks: int | None = None                   # stop after this many attacks (the one-attack duel)
    quick: bool = True                               # the ruleset's quick fights where it has them (else full path)

    @classmethod
    def of(cls, campaign: Campaign, encounter_id: str, ruleset: Ruleset,
           tactics: Mapping[str, Tactics] | None = None, max_rounds: int = DEFAULT_MAX_ROUNDS,
           max_attacks: int | None = None, quick: bool = True) -> Setup:
        encounter = campaign.encounter(encounter_id)
        if not encounter.combatants:
            raise ValueError(f"{encounter.name} has nobody in it to simulate")
        if not isinstance(ruleset, Attacks):
            raise ValueError(f"The {ruleset.name} rules have no attacks: there is no fight to simulate")
        ids = {c.character_id for c in encounter.combatants}
        prepared = encounter.model_copy(deep=True)
        # From its saved start: a fight already under way is played again from before its first round.
        prepared.started, prepared.ended, prepared.round, prepared.flow, prepared.log = False, False, 0, {}, []
        for combatant in prepared.combatants:
            combatant.initiative, combatant.initiative_note, combatant.resources = None, "", {}
        maps = [m.model_copy(deep=True) for m in campaign.battle_maps if m.id == encounter.battle_map_id]
        copy = Campaign(name=campaign.name, ruleset=campaign.ruleset, rule_options=dict(campaign.rule_options),
                        characters=[c.model_copy(deep=True) for c in campaign.characters if c.id in ids],
                        encounters=[prepared], battle_maps=maps)
        return cls(copy, encounter_id, ruleset, dict(tactics or {}), max_rounds, max_attacks, quick)

    def tactics_of(self, side: str) -> Tactics:
        return self.tactics.get(side, Tactics())


class FightPlayer:
    """Plays fights of one setup through the full rules path (the encounter controller on a working copy, as at the
    table), with what the tactics need worked out once: each fighter's danger and its weapon against each foe. Built
    once per process; each fight starts from a fresh copy of the setup."""

    played_by = "the full rules path"

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.ruleset = setup.ruleset
        rules = setup.ruleset
        assert isinstance(rules, Attacks)
        self.attacks: Attacks = rules
        self.options = rules.options_with_defaults(setup.campaign.rule_options)
        self.movement = rules.movement()
        self._pristine = setup.campaign.model_dump()
        encounter = setup.campaign.encounter(setup.encounter_id)
        self.order = [c.id for c in encounter.combatants]
        self.sides = {c.id: c.side.value for c in encounter.combatants}
        maps = setup.campaign.battle_maps
        self.terrain = Terrain.of(maps[0]) if maps else None
        # Expected damage per attack by attacker, then (weapon, foe): which weapon it picks against whom.
        self._expected_damage: dict[str, dict[tuple[str, str], float]] = {}
        self.danger = self._danger()
        self._loop: QuickPlayer | None = None

    # -- one fight --------------------------------------------------------------------------------------------
    def fresh(self) -> SimController:
        campaign = Campaign.model_validate(self._pristine)
        return SimController(campaign, self.setup.encounter_id, self.ruleset, self.options, self.terrain)

    def play(self, rng: random.Random) -> FightRecord:
        """One fight through the full rules path, played by the simulator's one loop of tactics."""
        if self._loop is None:
            # The loop plays compiled fights too and is built on this player's figures: imported on use.
            from crisis_desktop.controller.simulate.quick import QuickPlayer
            from crisis_desktop.controller.simulate.table_fight import TableFight

            self._loop = QuickPlayer(self, TableFight(self))
        return self._loop.play(rng)

    def _bars_now(self, ctl: SimController) -> tuple[object, ...]:
        """Everyone's state, status and bars but the actions': a fight where none of them moves for rounds is a
        stalemate."""
        out: list[object] = []
        for cid in self.order:
            actor = ctl.view.actor(cid)
            out.append(self.ruleset.state(actor.character, self.options).key)
            out.append(tuple(sorted(actor.character.status.items())))
            out += [bar.current for bar in self.ruleset.resources(actor, self.options)
                    if bar.role is not BarRole.ACTIONS]
        return tuple(out)

    @staticmethod
    def _next_step(ctl: SimController, plan: Callable[[SimController, str, Sequence[Choice]], str] | None = None
                   ) -> tuple[str, str | None, str | None] | None:
        """The first allowed plan, else choice, else the step that moves on: (key, actor, choice). What is planned is
        `plan`'s pick for the actor, or the first choice."""
        offers = ctl.commands.offers()
        for role in (StepRole.PLAN, StepRole.CHOOSE, StepRole.ADVANCE):
            for o in offers:
                if o.role is role and o.allowed:
                    actor = o.actors[0] if o.actors else None
                    if not o.choices:
                        return o.key, actor, None
                    if plan is not None and actor is not None:
                        return o.key, actor, plan(ctl, actor, o.choices)
                    return o.key, actor, o.choices[0].key
        return None

    def _health_left(self, ctl: SimController, cid: str) -> float:
        for bar in self.ruleset.resources(ctl.view.actor(cid), self.options):
            if bar.role is BarRole.HEALTH and bar.maximum > 0:
                share = bar.current / bar.maximum
                return share if bar.lower_is_worse else 1.0 - share
        return 1.0

    def _may_move(self, ctl: SimController, cid: str) -> bool:
        """Whether the rules could allow the combatant some move now (without movement rules, any move)."""
        return self.movement is None or self.movement.may_move(ctl.view.actor(cid), self.options)

    # -- what is worked out once per setup --------------------------------------------------------------------
    def _danger(self) -> dict[str, float]:
        """Each combatant's expected damage per attack with its best weapon against its foes, from the exact odds
        at the start of the fight (no map): how dangerous it is, and which weapon it picks against whom."""
        ctl = self.fresh()
        ctl.commands.start(RandomDice(rng=random.Random(0)))
        danger: dict[str, float] = {}
        for cid in self.order:
            table: dict[tuple[str, str], float] = {}
            for weapon in ctl.preview.weapons(cid):
                for foe in self.order:
                    if self.sides[foe] == self.sides[cid]:
                        continue
                    table[(weapon.id, foe)] = self._expected_of(ctl, cid, weapon, foe)
            self._expected_damage[cid] = table
            danger[cid] = max(table.values(), default=0.0)
        return danger

    def _expected_of(self, ctl: SimController, cid: str, weapon: EquipmentItem, foe: str) -> float:
        try:
            request = ctl.preview.attack_request(cid, weapon.id, foe, override=True)
            return float(self.attacks.attack_odds(request, self.options).expected_damage)
        except (ValueError, exact.TooManyOutcomes):
            return 0.0


def resources_left(ruleset: Ruleset, actor: Actor, options: Mapping[str, StatValue]) -> list[tuple[str, str, int]]:
    """What a combatant has left, as (key, label, value): every bar of the board but the actions' (health, strain,
    armour durability), then what the printed sheet tracks besides them (rounds in a magazine, spare magazines), as
    the boxes not yet ticked off."""
    bars = [bar for bar in ruleset.resources(actor, options) if bar.role is not BarRole.ACTIONS]
    out = [(bar.key, bar.label, int(bar.current)) for bar in bars]
    shown = {bar.label for bar in bars}
    out += [(f"track:{t.label}", t.label, t.boxes - t.marked) for t in ruleset.sheet_tracks(actor.character, options)
            if t.label not in shown]
    return out


def bar_labels(ruleset: Ruleset, campaign: Campaign, encounter_id: str,
               options: Mapping[str, StatValue]) -> dict[str, dict[str, str]]:
    """What is reported left at the end, by combatant, with its labels (`resources_left`)."""
    encounter = campaign.encounter(encounter_id)
    out: dict[str, dict[str, str]] = {}
    for combatant in encounter.combatants:
        actor = Actor(campaign.character(combatant.character_id), combatant)
        out[combatant.id] = {key: label for key, label, _ in resources_left(ruleset, actor, options)}
    return out


__all__ = ["DRAW", "FightPlayer", "FightRecord", "Setup", "run_seed"]
