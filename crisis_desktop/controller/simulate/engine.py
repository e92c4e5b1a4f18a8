"""Plays one prepared encounter to its end under the rules, with each side's tactics: the simulator's inner loop."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.controller.simulate.setup import (
    DEFAULT_MAX_ROUNDS,
    DRAW,
    STALEMATE,
    TIMEOUT,
    UNDECIDED,
    FightRecord,
    Setup,
    bar_labels,
    resources_left,
    run_seed,
)
from crisis_desktop.controller.simulate.table_fight import TableFight
from crisis_desktop.domain import Campaign, EquipmentItem
from crisis_desktop.rules.base import (
    Attacks,
    BarRole,
)
from crisis_desktop.rules.base.quick import NotQuick, PreparedFight
from crisis_desktop.rules.kernel import odds as exact
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import Choice, StepRole
from crisis_desktop.rules.kernel.geometry import Terrain


class FightPlayer:
    """Plays fights of one setup through the full rules path (the encounter controller on a working copy, as at the
    table), with what the tactics need worked out once: each fighter's danger and its weapon against each foe. Built
    once per process; each fight starts from a fresh copy of the setup."""

    played_by = "the full rules path"

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.ruleset = setup.ruleset
        rules = setup.ruleset
        assert rules.attacks is not None
        self.attacks: Attacks = rules.attacks
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
            # The loop plays compiled fights too and is built on this player's figures.
            self._loop = QuickPlayer(self, TableFight(self))
        return self._loop.play(rng)

    def _bars_now(self, ctl: SimController) -> tuple[object, ...]:
        """Everyone's state, status and bars but the actions': a fight where none of them moves for rounds is a
        stalemate."""
        out: list[object] = []
        for cid in self.order:
            actor = ctl.view.actor(cid)
            out.append(self.ruleset.sheet.state(actor.character, self.options).key)
            out.append(tuple(sorted(actor.character.status.items())))
            out += [bar.current for bar in self.ruleset.sheet.resources(actor, self.options)
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
        for bar in self.ruleset.sheet.resources(ctl.view.actor(cid), self.options):
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
        ctl.begin(RandomDice(rng=random.Random(0)))
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


def player_for(setup: Setup) -> FightPlayer | QuickPlayer:
    """The player of a setup: the ruleset's quick fight where it has one that plays this fight (and the setup does
    not ask for the full rules path), else the full rules path."""
    full = FightPlayer(setup)
    rules = setup.ruleset
    if setup.as_it_stands:
        full.played_by = "the full rules path (the quick fights play a fight from its start, not as it stands)"
    elif setup.quick:
        prepared = PreparedFight(setup.campaign, setup.encounter_id, full.options, full.terrain)
        try:
            quick = rules.quick_fight(prepared)
        except NotQuick as exc:
            full.played_by = f"the full rules path (quick fights do not play this one: {exc})"
        else:
            if quick is not None:
                return QuickPlayer(full, quick)
    return full


__all__ = ["DEFAULT_MAX_ROUNDS", "DRAW", "STALEMATE", "TIMEOUT", "UNDECIDED", "FightPlayer", "FightRecord", "Setup",
           "bar_labels", "player_for", "resources_left", "run_seed"]
