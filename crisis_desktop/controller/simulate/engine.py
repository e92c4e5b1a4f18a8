"""Plays one prepared encounter to its end under the rules, with each side's tactics: the simulator's inner loop."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.controller.simulate.tactics import Tactics, Target
from crisis_desktop.domain import Campaign, EquipmentItem, StatValue
from crisis_desktop.rules import odds as exact
from crisis_desktop.rules.base import (
    ActionRole,
    Actor,
    AttackResult,
    Attacks,
    BarRole,
    CoverLevel,
    Ruleset,
    StateRole,
)
from crisis_desktop.rules.dice import RandomDice
from crisis_desktop.rules.flow import Choice, StepRole
from crisis_desktop.rules.geometry import Coord, Terrain, find_path

DRAW = "draw"                # nobody won: the round cap was reached, both sides fell at once, or nobody could act
DEFAULT_MAX_ROUNDS = 30
_MAX_STEPS_PER_ROUND = 200   # a flow that never moves on is a stuck fight, not an endless loop
_MAX_ATTACKS_PER_TURN = 4    # attacks that cost something are repeated while the rules let the attacker pay
_MOVE_TRIES = 3            # cells a refused move is tried shorter before the mover gives up
# Rounds in which nobody attacks, moves or changes: a draw (ammunition run dry, nobody in reach).
_STALEMATE_ROUNDS = 3


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
    """Plays fights of one setup. Built once per process; each fight starts from a fresh copy of the setup."""

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

    # -- one fight --------------------------------------------------------------------------------------------
    def fresh(self) -> SimController:
        campaign = Campaign.model_validate(self._pristine)
        return SimController(campaign, self.setup.encounter_id, self.ruleset, self.options, self.terrain)

    def play(self, rng: random.Random) -> FightRecord:
        ctl = self.fresh()
        dice = RandomDice(rng=rng)
        ctl.start(dice)
        record = FightRecord(DRAW, 1)
        self._note_downed(ctl, record)
        turns: dict[tuple[int, str, str], int] = {}
        steps = quiet = 0
        last_round = ctl.encounter.round
        bars = (self._bars_now(ctl), record.attacks, record.moves)
        while True:
            if self._over(ctl, record):
                break
            for cid in ctl.acting():
                key = (ctl.encounter.round, ctl.round_label(), cid)
                if key not in turns:
                    turns[key] = 0
                    self._act(ctl, cid, dice, record)
                    self._note_downed(ctl, record)
                    if self._over(ctl, record):
                        break
            if record.winner != DRAW or self._over(ctl, record):
                break
            step = self._next_step(ctl, self._plan_for)
            if step is None:
                break                       # nobody can do anything: a draw
            key_, actor, choice = step
            ctl.step(key_, actor, choice, dice)
            self._note_downed(ctl, record)
            if ctl.encounter.round != last_round:
                last_round, steps = ctl.encounter.round, 0
                seen = (self._bars_now(ctl), record.attacks, record.moves)
                quiet = quiet + 1 if seen == bars else 0
                bars = seen
                if quiet >= _STALEMATE_ROUNDS:
                    break                   # nothing has changed for rounds: nobody can hurt anybody any more
            steps += 1
            if ctl.encounter.round > self.setup.max_rounds or steps > _MAX_STEPS_PER_ROUND:
                break
        record.rounds = min(ctl.encounter.round, self.setup.max_rounds)
        self._finish(ctl, record)
        return record

    def _over(self, ctl: SimController, record: FightRecord) -> bool:
        """Whether the fight is decided: one side alone still fighting, or a side's morale broke; sets the winner."""
        if self.setup.max_attacks is not None and record.attacks >= self.setup.max_attacks:
            return True
        fighting: dict[str, int] = {}
        total: dict[str, int] = {}
        for cid in self.order:
            side = self.sides[cid]
            total[side] = total.get(side, 0) + 1
            if ctl.state_of(cid).role is StateRole.FIGHTING:
                fighting[side] = fighting.get(side, 0) + 1
        standing = [side for side in total if fighting.get(side, 0)]
        if len(standing) == 1:
            record.winner = standing[0]
            return True
        if not standing:
            return True
        for side in standing:
            flee = self.setup.tactics_of(side).flee_at
            lost = total[side] - fighting[side]
            if flee is not None and lost / total[side] >= flee - 1e-9:
                others = [s for s in standing if s != side]
                if len(others) == 1:
                    record.winner, record.fled = others[0], True
                    return True
        return False

    def _bars_now(self, ctl: SimController) -> list[object]:
        """Everyone's state, status and bars but the actions': a fight where none of them moves for rounds is a
        stalemate."""
        out: list[object] = []
        for cid in self.order:
            actor = ctl.actor(cid)
            out.append(self.ruleset.state(actor.character, self.options).key)
            out.append(sorted(actor.character.status.items()))
            out += [bar.current for bar in self.ruleset.resources(actor, self.options)
                    if bar.role is not BarRole.ACTIONS]
        return out

    def _note_downed(self, ctl: SimController, record: FightRecord) -> None:
        for cid in self.order:
            if cid not in record.downed and ctl.state_of(cid).role is not StateRole.FIGHTING:
                record.downed.add(cid)

    def _finish(self, ctl: SimController, record: FightRecord) -> None:
        ctl.end_encounter()
        for cid in self.order:
            if ctl.state_of(cid).role is StateRole.OUT:
                record.killed.add(cid)
            record.bars[cid] = {key: value for key, _, value in resources_left(self.ruleset, ctl.actor(cid),
                                                                               self.options)}

    @staticmethod
    def _next_step(ctl: SimController, plan: Callable[[SimController, str, Sequence[Choice]], str] | None = None
                   ) -> tuple[str, str | None, str | None] | None:
        """The first allowed plan, else choice, else the step that moves on: (key, actor, choice). What is planned is
        `plan`'s pick for the actor, or the first choice."""
        offers = ctl.offers()
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

    def _plan_for(self, ctl: SimController, cid: str, choices: Sequence[Choice]) -> str:
        """What a combatant plans under its side's tactics: an attack with the weapon it would strike its target with
        (the first foe some weapon reaches on the map), else a move towards the foes, else the first choice."""
        by_item = {c.item: c for c in choices if c.item is not None}
        if by_item and ctl.state_of(cid).role is StateRole.FIGHTING:
            foes = self._foes(ctl, cid, self.setup.tactics_of(self.sides[cid]).target)
            weapons = ctl.weapons(cid)
            for foe in foes:
                for weapon in self._weapons_against(cid, foe, weapons):
                    if weapon.id in by_item and not ctl.map_refusals(cid, weapon.id, foe):
                        return by_item[weapon.id].key
            move = next((c for c in choices if c.role is ActionRole.MOVE), None)
            if foes and move is not None:
                return move.key
        return choices[0].key

    # -- one combatant's action -----------------------------------------------------------------------------
    def _act(self, ctl: SimController, cid: str, dice: RandomDice, record: FightRecord) -> None:
        if ctl.state_of(cid).role is not StateRole.FIGHTING or not ctl.may_act(cid):
            return
        tactics = self.setup.tactics_of(self.sides[cid])
        moved = attacked = False
        if tactics.cover and self._take_cover(ctl, cid, record):
            moved = True
        for _ in range(_MAX_ATTACKS_PER_TURN):
            if self.setup.max_attacks is not None and record.attacks >= self.setup.max_attacks:
                return
            foes = self._foes(ctl, cid, tactics.target)
            if not foes:
                return
            before = record.attacks
            made = self._attack(ctl, cid, foes, dice, record)
            if made is None or (made is False and record.attacks == before and not attacked):
                # Out of reach, or no attack it may make now (its planned action is a move): close in instead.
                if moved or not self._approach(ctl, cid, foes[0], record):
                    return
                moved = True
                continue
            attacked = attacked or record.attacks > before
            if not made or ctl.state_of(cid).role is not StateRole.FIGHTING or not ctl.may_act(cid):
                return

    def _foes(self, ctl: SimController, cid: str, target: Target) -> list[str]:
        """The enemies still fighting, best target first under the tactics."""
        side = self.sides[cid]
        foes = [f for f in self.order if self.sides[f] != side and ctl.state_of(f).role is StateRole.FIGHTING]
        if target is Target.NEAREST:
            cells = ctl._cells()
            here = cells.get(cid)
            battle_map = ctl.battle_map()
            if here is not None and battle_map is not None:
                grid = ctl.terrain_of(battle_map).grid
                far = 1 << 30
                foes.sort(key=lambda f: grid.distance(here, cells[f]) if f in cells else far)
        elif target is Target.WEAKEST:
            foes.sort(key=lambda f: self._health_left(ctl, f))
        else:
            foes.sort(key=lambda f: -self.danger.get(f, 0.0))
        return foes

    def _health_left(self, ctl: SimController, cid: str) -> float:
        for bar in self.ruleset.resources(ctl.actor(cid), self.options):
            if bar.role is BarRole.HEALTH and bar.maximum > 0:
                share = bar.current / bar.maximum
                return share if bar.lower_is_worse else 1.0 - share
        return 1.0

    def _attack(self, ctl: SimController, cid: str, foes: list[str], dice: RandomDice,
                record: FightRecord) -> bool | None:
        """Attack the first foe some weapon can reach: True when an attack was made; False when the attacker cannot
        pay for one now (or the rules refuse every one); None when every foe is out of reach or sight on the map."""
        weapons = ctl.weapons(cid)
        if not weapons:
            return False
        blocked_by_map = False
        unpaid: set[str] = set()            # weapons the attacker cannot pay for now (no AP, no ammunition)
        for foe in foes:
            for weapon in self._weapons_against(cid, foe, weapons):
                if weapon.id in unpaid:
                    continue
                if ctl.map_refusals(cid, weapon.id, foe):
                    blocked_by_map = True
                    continue
                try:
                    request = ctl.attack_request(cid, weapon.id, foe)
                    price, cannot = self.attacks.attack_price(request, self.options)
                    if cannot is not None:
                        unpaid.add(weapon.id)
                        continue
                    event = ctl.attack(request, dice)
                except ValueError:
                    continue
                record.attacks += 1
                # An attack that costs something (AP, actions) may be made again while the attacker can pay; a free
                # one is made once a turn.
                return isinstance(event.result, AttackResult) and any(price.values())
        return None if blocked_by_map else False

    def _weapons_against(self, cid: str, foe: str, weapons: list[EquipmentItem]) -> list[EquipmentItem]:
        """The attacker's weapons, the one expected to do most damage to this foe first."""
        table = self._expected_damage.get(cid, {})
        return sorted(weapons, key=lambda w: -table.get((w.id, foe), 0.0))

    # -- moving on the map ----------------------------------------------------------------------------------
    def _move(self, ctl: SimController, cid: str, goal_path: tuple[Coord, ...], record: FightRecord) -> bool:
        """Move along the path as far as the rules allow in one move (the action spent, the token moved)."""
        battle_map = ctl.battle_map()
        assert battle_map is not None
        terrain = ctl.terrain_of(battle_map)
        token = next(t for t in battle_map.tokens if t.combatant_id == cid)
        start = (token.x, token.y)
        occupied = frozenset((t.x, t.y) for t in battle_map.tokens if t.combatant_id != cid)
        cells = goal_path[1:]
        if self.movement is not None:
            # The farthest a move takes it now, in path tiles: try from there back towards the start.
            reach = self.movement.reach(ctl.actor(cid), terrain, self.options)
            if reach is not None:
                cells = cells[:reach]
        # A move the rules refuse at the farthest cells is tried a little shorter, not all the way back.
        for cell in list(reversed(cells))[:_MOVE_TRIES]:
            if cell in occupied:
                continue
            if self.movement is not None:
                plan = self.movement.plan_move(ctl.actor(cid), terrain, start, cell, occupied, self.options)
                if not plan.allowed:
                    continue
                if plan.action is not None:
                    try:
                        ctl.take_action(cid, plan.action)
                    except ValueError:
                        continue
            token.x, token.y = cell
            ctl.changed()
            record.moves += 1
            return True
        return False

    def _approach(self, ctl: SimController, cid: str, foe: str, record: FightRecord) -> bool:
        """Close in on a foe out of reach or sight: as far along the way to a cell beside it as one move goes."""
        battle_map = ctl.battle_map()
        cells = ctl._cells()
        if battle_map is None or cid not in cells or foe not in cells or not self._may_move(ctl, cid):
            return False
        terrain = ctl.terrain_of(battle_map)
        grid = terrain.grid
        occupied = frozenset(cell for other, cell in cells.items() if other != cid)
        here = cells[cid]
        beside = sorted((n for n in grid.neighbours(cells[foe]) if n not in occupied and terrain.passable(n)),
                        key=lambda n: grid.distance(here, n))
        for goal in beside:
            path = find_path(terrain, here, goal, occupied=occupied)
            if path is not None:
                return self._move(ctl, cid, path.cells, record)
        return False

    def _take_cover(self, ctl: SimController, cid: str, record: FightRecord) -> bool:
        """A ranged fighter in the open moves, within one move, to a cell with cover against its nearest foe from
        which it still sees it."""
        battle_map = ctl.battle_map()
        cells = ctl._cells()
        if battle_map is None or cid not in cells or self.movement is None:
            return False                    # no map to find cover on, or rules without movement: nobody moves to it
        if not self._may_move(ctl, cid):
            return False
        if not any(self.attacks.weapon_range(w) is not None for w in ctl.weapons(cid)):
            return False
        foes = [f for f in self._foes(ctl, cid, Target.NEAREST) if f in cells]
        if not foes:
            return False
        terrain = ctl.terrain_of(battle_map)
        here, there = cells[cid], cells[foes[0]]
        attacker, me = ctl.actor(foes[0]), ctl.actor(cid)
        if self.ruleset.cover_between(terrain, there, here, attacker, me, self.options).cover is not CoverLevel.NONE:
            return False
        limit = self.movement.reach(me, terrain, self.options)
        limit = 6 if limit is None else limit
        occupied = frozenset(cell for other, cell in cells.items() if other != cid)
        grid = terrain.grid
        candidates = sorted(((x, y) for x in range(max(0, here[0] - limit), min(grid.width, here[0] + limit + 1))
                             for y in range(max(0, here[1] - limit), min(grid.height, here[1] + limit + 1))),
                            key=lambda c: (grid.distance(here, c), c))
        for cell in candidates:
            if cell == here or cell in occupied or not terrain.passable(cell):
                continue
            reading = self.ruleset.cover_between(terrain, there, cell, attacker, me, self.options)
            if reading.cover in (CoverLevel.NONE, CoverLevel.TOTAL) or not reading.line_of_sight:
                continue
            path = find_path(terrain, here, cell, limit=limit, occupied=occupied)
            if path is not None and path.cells[-1] == cell and self._move_exactly(ctl, cid, path.cells, record):
                return True
        return False

    def _may_move(self, ctl: SimController, cid: str) -> bool:
        """Whether the rules could allow the combatant some move now (without movement rules, any move)."""
        return self.movement is None or self.movement.may_move(ctl.actor(cid), self.options)

    def _move_exactly(self, ctl: SimController, cid: str, path: tuple[Coord, ...], record: FightRecord) -> bool:
        battle_map = ctl.battle_map()
        assert battle_map is not None
        token = next(t for t in battle_map.tokens if t.combatant_id == cid)
        goal = path[-1]
        assert self.movement is not None
        occupied = frozenset((t.x, t.y) for t in battle_map.tokens if t.combatant_id != cid)
        plan = self.movement.plan_move(ctl.actor(cid), ctl.terrain_of(battle_map), (token.x, token.y), goal,
                                       occupied, self.options)
        if not plan.allowed:
            return False
        if plan.action is not None:
            try:
                ctl.take_action(cid, plan.action)
            except ValueError:
                return False
        token.x, token.y = goal
        ctl.changed()
        record.moves += 1
        return True

    # -- what is worked out once per setup --------------------------------------------------------------------
    def _danger(self) -> dict[str, float]:
        """Each combatant's expected damage per attack with its best weapon against its foes, from the exact odds
        at the start of the fight (no map): how dangerous it is, and which weapon it picks against whom."""
        ctl = self.fresh()
        ctl.start(RandomDice(rng=random.Random(0)))
        danger: dict[str, float] = {}
        for cid in self.order:
            table: dict[tuple[str, str], float] = {}
            for weapon in ctl.weapons(cid):
                for foe in self.order:
                    if self.sides[foe] == self.sides[cid]:
                        continue
                    table[(weapon.id, foe)] = self._expected_of(ctl, cid, weapon, foe)
            self._expected_damage[cid] = table
            danger[cid] = max(table.values(), default=0.0)
        return danger

    def _expected_of(self, ctl: SimController, cid: str, weapon: EquipmentItem, foe: str) -> float:
        try:
            request = ctl.attack_request(cid, weapon.id, foe, override=True)
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
