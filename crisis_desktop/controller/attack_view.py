"""What an attack would be before anything is rolled: the encounter's battle map read between two tokens (distance,
reach, line of sight, cover, who stands under a blast) and the attack as the GM declares it, with its price and
exact odds. Reads only: the encounter controller builds its commands on them, and the simulator reads the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crisis_desktop.controller.fight import FightView
from crisis_desktop.domain import BattleMap, StatValue
from crisis_desktop.rules import odds
from crisis_desktop.rules.base import (
    AttackOdds,
    AttackRequest,
    AttackResult,
    Attacks,
    AttackTarget,
    Explained,
    FieldSpec,
    Term,
)
from crisis_desktop.rules.cover import CoverReading
from crisis_desktop.rules.geometry import AreaRelation, Coord, Grid, Terrain, area_template, scatter


@dataclass(frozen=True)
class MapMeasure:
    """What the encounter's battle map says between an attacker's token and a target's."""

    tiles: int                             # the grid's distance
    metres: float
    reach: int                             # steps counting every diagonal as 1: 1 is adjacent
    reading: CoverReading                  # cover and line of sight as the rules read them
    inputs: dict[str, StatValue]           # the target inputs the map fixes (Attacks.map_target_inputs)
    readout: tuple[str, ...] = ()          # the distance in the rules' own words (Attacks.range_readout), if any
    areas: AreaRelation = AreaRelation("", "")   # the map's labelled areas of the two tokens


@dataclass(frozen=True)
class AttackPreview:
    """An attack before the roll, as the rules price it."""

    modifiers: list[Term]                  # of the first roll, in order, then each further roll's own step
    to_beat: Explained | None              # what the first roll must reach, where the rules say it apart
    odds: AttackOdds | None                # for the target aimed at (`odds.further` for the others); None when
                                           # the rules cannot price it (too many outcomes): it may still be rolled
    cost: str = ""                         # the price in the rules' words ("3 AP")
    cannot: str | None = None              # why the attacker cannot make it now; None when it can
    execute: AttackOdds | None = None      # the odds of Execute instead, where the rules have it and it applies
    dice_order: str = ""                   # in what order typed dice are read
    odds_problem: str = ""                 # why there are no odds
    # The odds for each reaction the target may choose, by its name in the rules' words; empty where targets do not
    # react or the attack has several targets.
    reactions: Mapping[str, AttackOdds] = field(default_factory=dict)


class AttackView(FightView):
    """A fight's attacks as they would be: the map's measures between tokens and the attack as declared, priced
    and with its odds, before any die is rolled. Nothing here changes the campaign."""

    @property
    def attacks(self) -> Attacks:
        """The rules' attacks; ValueError where the system has none."""
        if not isinstance(self.ruleset, Attacks):
            raise ValueError(f"The {self.ruleset.name} rules have no attacks")
        return self.ruleset

    def weapons(self, combatant_id: str) -> list[Any]:
        from crisis_desktop.domain import ItemKind

        return [i for i in self.character_of(combatant_id).equipment if i.kind is ItemKind.WEAPON and i.equipped]

    def attack_inputs(self, attacker_id: str, weapon_id: str) -> list[FieldSpec]:
        """What the GM sets for the attack as a whole, as the rules describe it, with defaults from the live state."""
        attacker = self.actor(attacker_id)
        return self.attacks.attack_inputs(attacker, attacker.character.item(weapon_id), self.encounter.round,
                                          self.options)

    def target_inputs(self, attacker_id: str, weapon_id: str, target_id: str) -> list[FieldSpec]:
        """What the GM sets for one target of the attack, as the rules describe it, with defaults."""
        attacker = self.actor(attacker_id)
        return self.attacks.target_inputs(attacker, attacker.character.item(weapon_id), self.actor(target_id),
                                          self.encounter.round, self.options)

    def battle_map(self) -> BattleMap | None:
        """The battle map linked to this encounter, if any."""
        map_id = self.encounter.battle_map_id
        return next((m for m in self.campaign.battle_maps if m.id == map_id), None) if map_id else None

    def terrain_of(self, battle_map: BattleMap) -> Terrain:
        """The map's painted cells as the geometry reads them (built anew: the map may have been painted since)."""
        return Terrain.of(battle_map)

    def measure(self, attacker_id: str, target_id: str) -> MapMeasure | None:
        """Distance, reach, line of sight and cover between two combatants' tokens on the encounter's map, as the
        rules read them; None without a map or when either has no token on it."""
        battle_map = self.battle_map()
        if battle_map is None:
            return None
        cells = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens}
        a, t = cells.get(attacker_id), cells.get(target_id)
        if a is None or t is None:
            return None
        terrain = self.terrain_of(battle_map)
        grid = terrain.grid
        reading = self.ruleset.cover_between(terrain, a, t, self.actor(attacker_id), self.actor(target_id),
                                             self.options)
        tiles, metres, reach = grid.distance(a, t), grid.metres(a, t), grid.reach(a, t)
        return MapMeasure(tiles, metres, reach, reading,
                          self.attacks.map_target_inputs(tiles, metres, reading, reach=reach, hex_grid=grid.hex,
                                                         options=self.options),
                          tuple(self.attacks.range_readout(None, tiles, reach, self.options) or ()),
                          terrain.zones.relation(a, t))

    def apart(self, one_id: str, other_id: str) -> tuple[int, int] | None:
        """(the grid's distance, steps counting every diagonal as 1) between two combatants' tokens on the encounter's
        map; None without a map or when either has no token on it."""
        battle_map = self.battle_map()
        cells = self._cells()
        if battle_map is None or one_id not in cells or other_id not in cells:
            return None
        grid = Grid.of(battle_map)
        return grid.distance(cells[one_id], cells[other_id]), grid.reach(cells[one_id], cells[other_id])

    def _cells(self) -> dict[str, Coord]:
        battle_map = self.battle_map()
        return {t.combatant_id: (t.x, t.y) for t in battle_map.tokens} if battle_map is not None else {}

    def under_blast(self, attacker_id: str, weapon_id: str, centre: Coord, *,
                    thrower_too: bool = False) -> dict[str, int]:
        """Everyone standing under the weapon's blast template around `centre` on the map (the thrower only with
        `thrower_too`), with their distance from the centre, nearest first; empty for a weapon without a blast or
        without a map."""
        battle_map = self.battle_map()
        radius = self.attacks.blast_radius(self.character_of(attacker_id).item(weapon_id))
        if battle_map is None or radius is None:
            return {}
        template = area_template(Grid.of(battle_map), centre, radius)
        fighting = {c.id for c in self.encounter.combatants if not self.out_of_fight(c.id)}
        found = {cid: template[cell] for cid, cell in self._cells().items()
                 if cell in template and cid in fighting and (thrower_too or cid != attacker_id)}
        return dict(sorted(found.items(), key=lambda item: item[1]))

    def blast_targets(self, attacker_id: str, weapon_id: str, centre_id: str) -> list[str]:
        """Everyone under the blast when it goes off on `centre_id`'s token (that one first); empty without a map,
        a token or a blast."""
        centre = self._cells().get(centre_id)
        if centre is None:
            return []
        found = self.under_blast(attacker_id, weapon_id, centre)
        return [centre_id, *(cid for cid in found if cid != centre_id)] if found else []

    def map_inputs(self, attacker_id: str, weapon_id: str, target_id: str,
                   centre_id: str | None = None) -> dict[str, StatValue] | None:
        """The target inputs the map fixes for this target: distance and cover, and for a blast centred on
        `centre_id`'s token, the target's distance from it; None without a map or a token."""
        found = self.measure(attacker_id, target_id)
        if found is None:
            return None
        values = dict(found.inputs)
        cells = self._cells()
        weapon = self.character_of(attacker_id).item(weapon_id)
        if self.attacks.blast_radius(weapon) is not None and centre_id in cells:
            battle_map = self.battle_map()
            assert battle_map is not None
            values |= self.attacks.blast_inputs(Grid.of(battle_map).distance(cells[centre_id], cells[target_id]))
        return values

    def map_refusals(self, attacker_id: str, weapon_id: str, target_id: str) -> list[str]:
        """Why the map forbids this attack: no line of sight, or a melee target out of reach; none without a map."""
        found = self.measure(attacker_id, target_id)
        if found is None:
            return []
        attacker, target = self.name(attacker_id), self.name(target_id)
        weapon = self.character_of(attacker_id).item(weapon_id)
        reasons = []
        if not found.reading.line_of_sight:
            reasons.append(f"{attacker} cannot see {target}: no line of sight on the map")
        out_of_reach = self.attacks.reach_refusal(weapon, found.tiles, found.reach, found.areas)
        if out_of_reach:
            reasons.append(f"{target} is {found.tiles} tiles from {attacker}: {out_of_reach}")
        return reasons

    def attack_request(self, attacker_id: str, weapon_id: str, target_id: str, *,
                       more: Sequence[tuple[str, Mapping[str, StatValue]]] = (), override: bool = False,
                       **inputs: Any) -> AttackRequest:
        """The attack as declared: the target aimed at with `inputs` (the attack's own and this target's, told
        apart by the rules' input lists), then each further target with its own inputs. Inputs not given take
        their defaults; the rules refuse a key they do not know, naming it.

        With a battle map, the map decides each target's distance and cover and may forbid the attack (no line of
        sight, out of reach); `override` is the GM forcing it: the values given stand, and the request says what
        was forced against the map, for the log."""
        attacker = self.actor(attacker_id)
        weapon = attacker.character.item(weapon_id)
        own = {spec.key: spec.default for spec in self.attack_inputs(attacker_id, weapon_id)}
        first_specs = {spec.key: spec.default for spec in self.target_inputs(attacker_id, weapon_id, target_id)}
        first = dict(first_specs)
        unknown = sorted(set(inputs) - set(own) - set(first_specs))
        if unknown:
            raise ValueError(f"These rules have no attack input {', '.join(unknown)}")
        for key, value in inputs.items():
            (first if key in first_specs else own)[key] = value
        given = dict(more)
        # An area weapon on the map catches everyone under its template, whoever the GM ticked, unless overridden.
        blast = [] if override else self.blast_targets(attacker_id, weapon_id, target_id)
        others = [(tid, given.get(tid, {})) for tid in blast[1:]] if blast else list(more)
        declared = [(target_id, first)]
        for other_id, values in others:
            defaults = {spec.key: spec.default for spec in self.target_inputs(attacker_id, weapon_id, other_id)}
            declared.append((other_id, {**defaults, **values}))
        targets, forced = [], []
        for tid, values in declared:
            fixed = self.map_inputs(attacker_id, weapon_id, tid, centre_id=target_id)
            if fixed is not None:
                if override:
                    forced += self.map_refusals(attacker_id, weapon_id, tid)
                    forced += [f"{self.name(tid)}: {key} {values[key]} instead of the map's {value}"
                               for key, value in fixed.items() if key in values and values[key] != value]
                    values = {**{k: v for k, v in fixed.items() if k not in values}, **values}
                else:
                    values = {**values, **fixed}
            targets.append(AttackTarget(self.actor(tid), values))
        # Attacking outside one's own turn (crisis: from overwatch) is for the rules to account for.
        out_of_turn = self.encounter.running and attacker_id not in self.acting()
        return AttackRequest(attacker, weapon, tuple(targets), own, out_of_turn, tuple(forced))

    def landing(self, request: AttackRequest, result: AttackResult) -> Coord | None:
        """The cell where a missed blast landed, for the map to draw; None when nothing scattered or no map."""
        battle_map, cells = self.battle_map(), self._cells()
        attacker, centre = request.attacker.combatant, request.target.combatant
        if battle_map is None or result.scatter is None or attacker is None or centre is None \
                or attacker.id not in cells or centre.id not in cells:
            return None
        face, tiles = result.scatter
        return scatter(Grid.of(battle_map), cells[centre.id], cells[attacker.id], face, tiles).landing

    def _map_check(self, request: AttackRequest) -> None:
        """ValueError with the map's reasons against the attack that the GM did not force."""
        attacker = request.attacker.combatant
        if attacker is None:
            return
        reasons = [reason for target in request.distinct_targets() if target.combatant is not None
                   for reason in self.map_refusals(attacker.id, request.weapon.id, target.combatant.id)
                   if reason not in request.overrides]
        if reasons:
            raise ValueError("; ".join(reasons))

    def attack_preview(self, request: AttackRequest) -> AttackPreview:
        """Every modifier of the first roll, what it must reach and the exact odds for each target; ValueError with
        the rules' reason when the attack cannot be made as declared."""
        self._map_check(request)
        attacks, options = self.attacks, self.options
        price, cannot = attacks.attack_price(request, options)
        attacker = request.attacker.combatant
        if attacker is not None and self.encounter.running and not self.may_act(attacker.id):
            acting = ", ".join(self.name(a) for a in self.acting()) or "nobody"
            cannot = f"{request.attacker.name} cannot act now: it is {acting}'s turn"
        execute = None
        if attacks.has_execute:
            try:
                execute = attacks.execute_odds(request, options)
            except ValueError:
                execute = None              # not helpless, or several targets: Execute does not apply
        priced: AttackOdds | None = None
        problem = ""
        try:
            priced = attacks.attack_odds(request, options)
        except odds.TooManyOutcomes as exc:
            problem = str(exc)
        reactions = attacks.reaction_odds(request, options) if len(request.distinct_targets()) == 1 else {}
        return AttackPreview(attacks.attack_modifiers(request, options), attacks.to_beat(request, options),
                             priced, self.ruleset.cost_text(price), cannot, execute,
                             attacks.dice_order(request, options), problem, dict(reactions))


__all__ = ["AttackPreview", "AttackView", "MapMeasure"]
