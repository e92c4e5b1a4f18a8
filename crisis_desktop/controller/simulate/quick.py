"""The simulator's tactics, one loop for both paths: played on a ruleset's compiled fight (its quick fight) or on the
full rules path (TableFight, the encounter controller as at the table), through the QuickFight interface."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from crisis_desktop.controller.simulate.setup import DRAW, STALEMATE, TIMEOUT, FightRecord, resources_left
from crisis_desktop.controller.simulate.tactics import Target
from crisis_desktop.rules.base import CoverLevel, StateRole
from crisis_desktop.rules.base.quick import Attempt, PlanChoice, QuickFight
from crisis_desktop.rules.kernel.geometry import Coord, find_path

_FAR = 1 << 30
_MAX_STEPS_PER_ROUND = 200   # a flow that never moves on is a stuck fight, not an endless loop
_MAX_ATTACKS_PER_TURN = 4    # attacks that cost something are repeated while the rules let the attacker pay
_MOVE_TRIES = 3            # cells a refused move is tried shorter before the mover gives up
# Rounds in which nobody attacks, moves, reloads or changes: a draw (ammunition run dry, nobody in reach).
_STALEMATE_ROUNDS = 3
FIGHTING, OUT = StateRole.FIGHTING, StateRole.OUT

if TYPE_CHECKING:
    from crisis_desktop.controller.simulate.engine import FightPlayer


class QuickPlayer:
    """Plays fights of one setup on a QuickFight with the sides' tactics: the quick fights of a ruleset that has
    them, or (inside FightPlayer) the full rules path. The figures worked out once per setup, each fighter's danger
    and its weapon against each foe, are FightPlayer's."""

    played_by = "quick fights (each attack drawn from the rules' exact odds)"

    def __init__(self, full: FightPlayer, fight: QuickFight[Any]) -> None:
        self.full = full
        self.setup = full.setup
        self.fight = fight
        self.ids = full.order
        self.sides = list(fight.sides)
        self.tactics = [self.setup.tactics_of(side) for side in self.sides]
        self.danger = [full.danger.get(cid, 0.0) for cid in self.ids]
        self.enemies = [[j for j, other in enumerate(self.sides) if other != side] for side in self.sides]
        # Each attacker's weapons against each foe, the one expected to do most damage first (as FightPlayer).
        self.against: list[list[list[int]]] = []
        for i, cid in enumerate(self.ids):
            table = full._expected_damage.get(cid, {})
            ids = [weapon.id for weapon in fight.weapons[i]]
            self.against.append([[w for _, w in sorted((-table.get((ids[w], foe), 0.0), w) for w in range(len(ids)))]
                                 for foe in self.ids])
        self.terrain = full.terrain
        groups: dict[str, list[int]] = {}
        for i, side in enumerate(self.sides):
            groups.setdefault(side, []).append(i)
        self._groups = [(side, members, self.setup.tactics_of(side).flee_at) for side, members in groups.items()]
        # Per attacker, the foes and choices of its last turn, with the roles and tokens they were worked out at.
        self._kept: list[tuple[object, list[StateRole], list[Coord | None], list[int],
                               list[tuple[int, int, bool]]] | None] = [None] * len(self.ids)
        self._choices_at: dict[tuple[int, tuple[bool, ...], tuple[Coord | None, ...]],
                               tuple[list[int], list[tuple[int, int, bool]]]] = {}
        self._beside: dict[tuple[Coord, Coord, frozenset[Coord]], tuple[Coord, ...] | None] = {}
        self._paths: dict[tuple[Coord, Coord, frozenset[Coord], int | None], tuple[Coord, ...] | None] = {}
        self._rows: dict[Coord, dict[Coord, int]] = {}
        self._bars: dict[tuple[int, Hashable], dict[str, int]] = {}
        self._boxes: dict[tuple[Coord, int], list[Coord]] = {}

    # -- one fight --------------------------------------------------------------------------------------------
    def play(self, rng: random.Random) -> FightRecord:
        fight = self.fight
        s = fight.new(rng)
        record = FightRecord(DRAW, 1)
        roles = fight.roles(s)
        seen_roles: list[StateRole] = []      # the roles the fight was last checked at
        turns: set[tuple[int, Hashable, int]] = set()

        def plan(i: int, choices: Sequence[PlanChoice]) -> int:
            return self._plan_for(s, i, choices)

        steps = quiet = 0
        last_round = round_ = fight.round(s)
        bars = (fight.quiet_key(s), record.attacks, record.moves, record.readies)
        max_rounds = self.setup.max_rounds
        while True:
            if self._decided(s, record, roles, seen_roles) \
                    or self._take_turns(s, rng, record, turns, round_, roles, seen_roles):
                break
            if not fight.advance(s, plan):
                record.winner = STALEMATE   # no step is open: nobody can act
                break
            round_ = fight.round(s)
            if round_ != last_round:
                last_round, steps = round_, 0
                seen = (fight.quiet_key(s), record.attacks, record.moves, record.readies)
                quiet = quiet + 1 if seen == bars else 0
                bars = seen
                if quiet >= _STALEMATE_ROUNDS:
                    record.winner = STALEMATE   # nothing has changed for rounds: nobody can hurt anybody any more
                    break
            steps += 1
            if round_ > max_rounds or steps > _MAX_STEPS_PER_ROUND:
                # Unless the last step decided it (a phase's blows land as it ends): the cap, or a flow stuck.
                if not self._decided(s, record, roles, seen_roles):
                    record.winner = TIMEOUT if round_ > max_rounds else STALEMATE
                break
        record.rounds = min(fight.round(s), max_rounds)
        self._finish(s, record)
        return record

    def _decided(self, s: object, record: FightRecord, roles: Sequence[StateRole], seen_roles: list[StateRole]) -> bool:
        """Whether the fight is over now: decided (checked again only when someone's role has changed since
        `seen_roles`, which it then updates: who went down and whether the fight is decided change only with a
        role), or the attack cap reached."""
        if roles != seen_roles:
            self._note_downed(s, record)
            if self._over(s, record):
                return True
            seen_roles[:] = roles
        max_attacks = self.setup.max_attacks
        return max_attacks is not None and record.attacks >= max_attacks

    def _take_turns(self, s: object, rng: random.Random, record: FightRecord,
                    turns: set[tuple[int, Hashable, int]], round_: int, roles: Sequence[StateRole],
                    seen_roles: list[StateRole]) -> bool:
        """Everyone acting now who has not yet acted at this point of round `round_` (`turns`: those who have, by
        round, stage and number) takes a turn; True once the fight is over."""
        fight = self.fight
        acting = fight.acting(s)
        stage = fight.stage(s) if acting else None
        for i in acting:
            key = (round_, stage, i)
            if key in turns:
                continue
            turns.add(key)
            self._act(s, i, rng, record)
            if self._decided(s, record, roles, seen_roles):
                return True
        return False

    def _over(self, s: object, record: FightRecord) -> bool:
        """Whether the fight is decided (as FightPlayer._over): one side alone still fighting, or a side's morale
        broke; sets the winner."""
        if self.setup.max_attacks is not None and record.attacks >= self.setup.max_attacks:
            return True
        roles = self.fight.roles(s)
        standing: list[tuple[str, int, int, float | None]] = []
        for side, members, flee in self._groups:
            up = 0
            for i in members:
                if roles[i] is FIGHTING:
                    up += 1
            if up:
                standing.append((side, up, len(members), flee))
        if len(standing) == 1:
            record.winner = standing[0][0]
            return True
        if not standing:
            record.winner = DRAW            # both sides fell at once
            return True
        for side, up, total, flee in standing:
            if flee is not None and (total - up) / total >= flee - 1e-9:
                others = [other[0] for other in standing if other[0] != side]
                if len(others) == 1:
                    record.winner, record.fled = others[0], True
                    return True
        return False

    def _note_downed(self, s: object, record: FightRecord) -> None:
        downed = record.downed
        for cid, role in zip(self.ids, self.fight.roles(s), strict=True):
            if role is not FIGHTING and cid not in downed:
                downed.add(cid)

    def _finish(self, s: object, record: FightRecord) -> None:
        fight = self.fight
        self._note_downed(s, record)
        fight.finish(s)
        for i, cid in enumerate(self.ids):
            if fight.role(s, i) is OUT:
                record.killed.add(cid)
            state = fight.actor_key(s, i)
            bars = self._bars.get((i, state)) if state is not None else None
            if bars is None:
                left = resources_left(self.full.ruleset, fight.actor(s, i), self.full.options)
                bars = {bar_key: value for bar_key, _, value in left}
                if state is not None:
                    self._bars[(i, state)] = bars
            record.bars[cid] = dict(bars)

    # -- one combatant's turn ---------------------------------------------------------------------------------
    def _act(self, s: object, i: int, rng: random.Random, record: FightRecord) -> None:
        fight = self.fight
        if fight.role(s, i) is not FIGHTING or not fight.may_act(s, i):
            return
        tactics = self.tactics[i]
        max_attacks = self.setup.max_attacks
        moved = attacked = False
        if tactics.cover and self._take_cover(s, i, record):
            moved = True
        for _ in range(_MAX_ATTACKS_PER_TURN):
            if attacked and not fight.may_attack(s, i) and not fight.may_ready(s, i) \
                    and (moved or not fight.may_move(s, i)):
                return                      # it can pay for no more attacks, and cannot close in: its turn is over
            if max_attacks is not None and record.attacks >= max_attacks:
                return
            foes, choices = self._choices(s, i, tactics.target)
            if not foes:
                return
            before = record.attacks
            made, empty = self._attack(s, i, choices, rng, record)
            if empty and made is not True and record.attacks == before and fight.ready(s, i):
                # No attack made and some weapon empty: it takes what readies it (a reload) before closing in, then
                # tries again.
                record.readies += 1
                continue
            if made is None or (made is False and record.attacks == before and not attacked):
                # Out of reach, or no attack it may make now: close in instead.
                if moved or not self._approach(s, i, foes[0], record):
                    return
                moved = True
                continue
            attacked = attacked or record.attacks > before
            if not made or fight.role(s, i) is not FIGHTING or not fight.may_act(s, i):
                return

    def _plan_for(self, s: object, i: int, choices: Sequence[PlanChoice]) -> int:
        """As FightPlayer._plan_for: an attack with the weapon it would strike its target with (the first foe some
        weapon reaches on the map), else a move towards the foes, else the first choice."""
        fight = self.fight
        by_weapon = {c.weapon: n for n, c in enumerate(choices) if c.weapon is not None}
        if by_weapon and fight.role(s, i) is FIGHTING:
            foes = self._foes(s, i, self.tactics[i].target)
            for j in foes:
                for w in self.against[i][j]:
                    if w in by_weapon and fight.has_weapon(s, i, w) and not fight.map_refused(s, i, w, j):
                        return by_weapon[w]
            move = next((n for n, c in enumerate(choices) if c.move), None)
            if foes and move is not None:
                return move
        return 0

    def _row(self, here: Coord) -> dict[Coord, int]:
        """The grid's distance from `here` to every cell of the map, worked out once."""
        found = self._rows.get(here)
        if found is None:
            assert self.terrain is not None
            grid = self.terrain.grid
            found = self._rows[here] = {(x, y): grid.distance(here, (x, y))
                                        for x in range(grid.width) for y in range(grid.height)}
        return found

    def _foes(self, s: object, i: int, target: Target) -> list[int]:
        """The enemies still fighting, best target first under the tactics."""
        fight = self.fight
        roles = fight.roles(s)
        foes = [j for j in self.enemies[i] if roles[j] is FIGHTING]
        if target is Target.NEAREST:
            cells = fight.cells(s)
            here = cells[i]
            if here is not None and self.terrain is not None and len(foes) > 1:
                row = self._row(here)
                ranked = sorted([(row.get(c, _FAR) if (c := cells[j]) is not None else _FAR, n, j)
                                 for n, j in enumerate(foes)])
                foes = [j for _, _, j in ranked]
        elif target is Target.WEAKEST:
            foes.sort(key=lambda j: fight.health_left(s, j))
        else:
            foes.sort(key=lambda j: -self.danger[j])
        return foes

    def _choices(self, s: object, i: int, target: Target) -> tuple[list[int], list[tuple[int, int, bool]]]:
        """The foes best first under the tactics, and each (foe, weapon, refused by the map) in the order they are
        tried: kept while nobody's role or token changes (the foes' health too, for "attack the weakest")."""
        fight = self.fight
        roles, cells = fight.roles(s), fight.cells(s)
        kept = self._kept[i]
        if kept is not None and kept[0] is s and target is not Target.WEAKEST and kept[1] == roles \
                and kept[2] == cells:
            return kept[3], kept[4]
        key = None
        if target is not Target.WEAKEST:
            # The same foes standing where they stand give the same choices in any fight.
            key = (i, tuple([roles[j] is FIGHTING for j in self.enemies[i]]), tuple(cells))
            found = self._choices_at.get(key)
            if found is not None:
                self._kept[i] = (s, list(roles), list(cells), *found)
                return found
        foes = self._foes(s, i, target)
        against = self.against[i]
        choices = [(j, w, fight.map_refused(s, i, w, j)) for j in foes for w in against[j]]
        self._kept[i] = (s, list(roles), list(cells), foes, choices)
        if key is not None:
            self._choices_at[key] = (foes, choices)
        return foes, choices

    def _attack(self, s: object, i: int, choices: list[tuple[int, int, bool]], rng: random.Random,
                record: FightRecord) -> tuple[bool | None, bool]:
        """As FightPlayer._attack: True when an attack that cost something was made; False when the attacker cannot
        pay for one now (or the rules refuse every one); None when every foe is out of reach or sight on the map.
        With it, whether some weapon it tried had no ammunition left."""
        fight = self.fight
        has_weapon = fight.has_weapon
        blocked_by_map = False
        unpaid: set[int] = set()
        empty = False
        for j, w, refused in choices:
            if w in unpaid or not has_weapon(s, i, w):
                continue                    # a weapon it cannot pay for now, or no longer has
            if refused:
                blocked_by_map = True
                continue
            made = fight.attack(s, i, w, j, rng)
            if made is Attempt.UNPAID or made is Attempt.EMPTY:
                unpaid.add(w)
                empty = empty or made is Attempt.EMPTY
                continue
            if made is Attempt.REFUSED:
                continue
            record.attacks += 1
            return made is Attempt.PAID, empty
        return (None if blocked_by_map else False), empty

    # -- moving on the map ------------------------------------------------------------------------------------
    def _occupied(self, s: object, i: int) -> frozenset[Coord]:
        fight = self.fight
        return frozenset(cell for k in range(len(self.ids)) if k != i and (cell := fight.cell(s, k)) is not None)

    def _move(self, s: object, i: int, path: tuple[Coord, ...], occupied: frozenset[Coord],
              record: FightRecord) -> bool:
        """Along the path as far as one move goes: tried from the farthest cell back, a few cells at most."""
        cells = path[1:]
        reach = self.fight.reach(s, i)
        if reach is not None:
            cells = cells[:reach]
        for cell in list(reversed(cells))[:_MOVE_TRIES]:
            if cell in occupied:
                continue
            if self.fight.move(s, i, cell):
                record.moves += 1
                return True
        return False

    def _approach(self, s: object, i: int, j: int, record: FightRecord) -> bool:
        """Close in on a foe out of reach or sight: as far along the way to a cell beside it as one move goes."""
        fight, terrain = self.fight, self.terrain
        here, there = fight.cell(s, i), fight.cell(s, j)
        if terrain is None or here is None or there is None or not fight.may_move(s, i):
            return False
        occupied = self._occupied(s, i)
        key = (here, there, occupied)
        if key in self._beside:
            path = self._beside[key]
        else:
            # The way to the nearest free cell beside the foe that has one.
            row = self._row(here)
            beside = sorted((n for n in terrain.grid.neighbours(there) if n not in occupied and terrain.passable(n)),
                            key=lambda n: row.get(n, _FAR))
            path = next((p for goal in beside if (p := self._path(here, goal, occupied)) is not None), None)
            self._beside[key] = path
        return path is not None and self._move(s, i, path, occupied, record)

    def _path(self, here: Coord, goal: Coord, occupied: frozenset[Coord], limit: int | None = None
              ) -> tuple[Coord, ...] | None:
        """The cells of the cheapest path (the geometry's), kept for the next fight that asks the same."""
        key = (here, goal, occupied, limit)
        if key in self._paths:
            return self._paths[key]
        assert self.terrain is not None
        path = find_path(self.terrain, here, goal, limit=limit, occupied=occupied)
        found = self._paths[key] = path.cells if path is not None else None
        return found

    def _take_cover(self, s: object, i: int, record: FightRecord) -> bool:
        """As FightPlayer._take_cover: a ranged fighter in the open moves, within one move, to a cell with cover
        against its nearest foe from which it still sees it."""
        fight, terrain = self.fight, self.terrain
        here = fight.cell(s, i)
        if terrain is None or here is None or not fight.has_movement or not fight.may_move(s, i):
            return False
        if not any(weapon.ranged and fight.has_weapon(s, i, w) for w, weapon in enumerate(fight.weapons[i])):
            return False
        foes = [j for j in self._foes(s, i, Target.NEAREST) if fight.cell(s, j) is not None]
        if not foes:
            return False
        foe = foes[0]
        if fight.cover(s, foe, i, here)[0] is not CoverLevel.NONE:
            return False
        limit = fight.reach(s, i)
        limit = 6 if limit is None else limit
        occupied = self._occupied(s, i)
        for cell in self._box(here, limit):
            if cell == here or cell in occupied or not terrain.passable(cell):
                continue
            cover, seen = fight.cover(s, foe, i, cell)
            if cover in (CoverLevel.NONE, CoverLevel.TOTAL) or not seen:
                continue
            path = self._path(here, cell, occupied, limit)
            if path is not None and path[-1] == cell and fight.move(s, i, cell):
                record.moves += 1
                return True
        return False

    def _box(self, here: Coord, limit: int) -> list[Coord]:
        """The cells within `limit` rows and columns of `here`, nearest first."""
        key = (here, limit)
        found = self._boxes.get(key)
        if found is None:
            assert self.terrain is not None
            grid = self.terrain.grid
            found = self._boxes[key] = sorted(
                ((x, y) for x in range(max(0, here[0] - limit), min(grid.width, here[0] + limit + 1))
                 for y in range(max(0, here[1] - limit), min(grid.height, here[1] + limit + 1))),
                key=lambda c: (grid.distance(here, c), c))
        return found


__all__ = ["QuickPlayer"]
