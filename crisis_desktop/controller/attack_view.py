"""What an attack would be before anything is rolled: the encounter's battle map read between two tokens (distance,
reach, line of sight, cover, who stands under a blast) and the attack as the GM declares it, with its price and
exact odds. Reads only: the encounter controller builds its commands on them, and the simulator reads the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crisis_desktop.controller.fight import FightView
from crisis_desktop.controller.map_commands import map_or_none
from crisis_desktop.controller.pools import spend_preview, spend_refusal
from crisis_desktop.domain import BattleMap, EquipmentItem, StatValue
from crisis_desktop.rules.base import (
    Actor,
    AttackOdds,
    AttackRequest,
    AttackResult,
    Attacks,
    AttackTarget,
    Executes,
    Explained,
    FieldSpec,
    OutOfTurnAttacks,
    Scatters,
    StateRole,
    Term,
    Watcher,
    in_words,
)
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.cover import CoverReading
from crisis_desktop.rules.kernel.geometry import AreaRelation, Coord, Grid, Terrain, area_template
from crisis_desktop.rules.kernel.map_reading import map_span, read_map, span_lines


@dataclass(frozen=True)
class MapMeasure:
    """What the encounter's battle map says between an attacker's token and a target's (or two cells), as the rules
    read it (Attacks.map_reading): the one reading Measure, the sight line and the attack show."""

    tiles: int                             # the grid's distance
    metres: float
    reach: int                             # steps counting every diagonal as 1: 1 is adjacent
    reading: CoverReading                  # cover and line of sight as the rules read them
    inputs: dict[str, StatValue]           # the target inputs the map fixes
    readout: tuple[str, ...] = ()          # the distance in the rules' own words, if any
    areas: AreaRelation = AreaRelation("", "")   # the map's labelled areas of the two tokens
    attack_inputs: dict[str, StatValue] = field(default_factory=dict)   # the attack's own inputs the map fixes
    refusals: tuple[str, ...] = ()         # what the rules forbid from the map besides sight and reach
    lines: tuple[str, ...] = ()            # the whole readout: distance, areas, the rules' lines (kernel/map_reading)


@dataclass(frozen=True)
class AttackPreview:
    """An attack before the roll, as the rules price it."""

    modifiers: list[Term]                  # of the first roll, in order, then each further roll's own step
    to_beat: Explained | None              # what the first roll must reach, where the rules say it apart
    odds: AttackOdds | None                # for the target aimed at (`odds.further` for the others); None when
                                           # the rules cannot price it (too many outcomes): it may still be rolled
    cost: str = ""                         # the price in the rules' words ("3 AP")
    cannot: str | None = None              # why the attacker cannot make it now; None when it can
    # The odds of the rules' finishing blow instead (Executes), where the rules have one and it applies.
    finishing: AttackOdds | None = None
    dice_order: str = ""                   # in what order typed dice are read
    odds_problem: str = ""                 # why there are no odds
    # The odds for each reaction the target may choose, by its name in the rules' words; empty where targets do not
    # react or the attack has several targets.
    reactions: Mapping[str, AttackOdds] = field(default_factory=dict)
    # The campaign's shared pools (story points) before the roll, and after it where the attack spends of them; empty
    # where the rules have none.
    pools: str = ""
    # How `to_beat` is named in the rules' words: the heading of its terms and the words before its number.
    to_beat_heading: str = "To beat"
    to_beat_words: str = "to beat"


class AttackView:
    """A fight's attacks as they would be: the map's measures between tokens and the attack as declared, priced
    and with its odds, before any die is rolled. It reads the fight through its view; nothing here changes the
    campaign. The encounter controller owns one (`EncounterController.preview`) and the views reach it there."""

    def __init__(self, fight: FightView) -> None:
        self.fight = fight

    @property
    def attacks(self) -> Attacks:
        """The rules' attacks; ValueError where the system has none."""
        attacks = self.fight.ruleset.attacks
        if attacks is None:
            raise ValueError(f"The {self.fight.ruleset.name} rules have no attacks")
        return attacks

    def weapons(self, combatant_id: str) -> list[Any]:
        from crisis_desktop.domain import ItemKind

        return [i for i in self.fight.character_of(combatant_id).equipment if i.kind is ItemKind.WEAPON and i.equipped]

    def ready_weapon(self, attacker_id: str) -> str | None:
        """The weapon the rules say the attacker has ready or planned, if they name one."""
        return self.attacks.ready_weapon(self.fight.actor(attacker_id))

    def standing(self, combatant_id: str) -> str:
        """How a combatant stands in the rules' words, for the attack before the roll: its state, its bars and its
        conditions ("ok · Health 18/25 · Prone (Melee attacks +2)")."""
        actor = self.fight.actor(combatant_id)
        ruleset, options = self.fight.ruleset, self.fight.options
        parts = [ruleset.sheet.state(actor.character, options).text]
        parts += [f"{bar.label} {bar.current}/{bar.maximum}" for bar in ruleset.sheet.resources(actor, options)]
        specs = {c.key: c for c in ruleset.sheet.conditions()}
        for condition in actor.character.conditions:
            spec = specs.get(condition.key)
            label = spec.label if spec is not None else condition.key
            parts.append(f"{label} ({spec.effect})" if spec is not None and spec.effect else label)
        parts += ruleset.sheet.badges(actor, options)
        return " · ".join(p for p in parts if p)

    def attack_inputs(self, attacker_id: str, weapon_id: str) -> list[FieldSpec]:
        """What the GM sets for the attack as a whole, as the rules describe it, with defaults from the live state."""
        attacker = self.fight.actor(attacker_id)
        return self.attacks.attack_inputs(attacker, attacker.character.item(weapon_id), self.fight.encounter.round,
                                          self.fight.options)

    def target_inputs(self, attacker_id: str, weapon_id: str, target_id: str) -> list[FieldSpec]:
        """What the GM sets for one target of the attack, as the rules describe it, with defaults."""
        attacker = self.fight.actor(attacker_id)
        return self.attacks.target_inputs(attacker, attacker.character.item(weapon_id), self.fight.actor(target_id),
                                          self.fight.encounter.round, self.fight.options)

    def battle_map(self) -> BattleMap | None:
        """The battle map linked to this encounter, if any."""
        map_id = self.fight.encounter.battle_map_id
        return map_or_none(self.fight.campaign, map_id) if map_id else None

    def terrain_of(self, battle_map: BattleMap) -> Terrain:
        """The map's painted cells as the geometry reads them (built anew: the map may have been painted since)."""
        return Terrain.of(battle_map)

    def measure(self, attacker_id: str, target_id: str, weapon_id: str | None = None) -> MapMeasure | None:
        """Distance, reach, line of sight and cover between two combatants' tokens on the encounter's map, as the
        rules read them (with the weapon, when given); None without a map or when either has no token on it."""
        battle_map = self.battle_map()
        if battle_map is None:
            return None
        cells = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens}
        a, t = cells.get(attacker_id), cells.get(target_id)
        if a is None or t is None:
            return None
        weapon = self.fight.character_of(attacker_id).item(weapon_id) if weapon_id is not None else None
        return self._read(battle_map, a, t, attacker_id, target_id, weapon)

    def measure_cells(self, a: Coord, b: Coord, weapon: EquipmentItem | None = None) -> MapMeasure | None:
        """The map between any two cells (the Measure tool), read by the rules as between whoever stands there;
        None without a map."""
        battle_map = self.battle_map()
        if battle_map is None:
            return None
        here = {(t.x, t.y): t.combatant_id for t in battle_map.tokens}
        known = {c.id for c in self.fight.encounter.combatants}
        first, second = here.get(a), here.get(b)
        return self._read(battle_map, a, b, first if first in known else None, second if second in known else None,
                          weapon)

    def _fighters(self, battle_map: BattleMap) -> dict[str, tuple[Coord, Actor]]:
        """Everyone on the map still able to fight, with their cells (who stands next to whom)."""
        known = {c.id for c in self.fight.encounter.combatants}
        return {t.combatant_id: ((t.x, t.y), self.fight.actor(t.combatant_id)) for t in battle_map.tokens
                if t.combatant_id in known and self.fight.state_of(t.combatant_id).role is StateRole.FIGHTING}

    def _read(self, battle_map: BattleMap, a: Coord, t: Coord, attacker_id: str | None, target_id: str | None,
              weapon: EquipmentItem | None) -> MapMeasure:
        terrain = self.terrain_of(battle_map)
        attacker = self.fight.actor(attacker_id) if attacker_id is not None else None
        target = self.fight.actor(target_id) if target_id is not None else None
        span = map_span(self.fight.ruleset, terrain, a, t, attacker=attacker, target=target,
                        fighters=self._fighters(battle_map), options=self.fight.options)
        found = read_map(self.fight.ruleset, span, weapon, self.fight.options)
        return MapMeasure(span.tiles, span.metres, span.reach, span.reading, dict(found.target_inputs), found.lines,
                          span.areas, dict(found.attack_inputs), found.refusals, tuple(span_lines(span, found)))

    def apart(self, one_id: str, other_id: str) -> tuple[int, int] | None:
        """(the grid's distance, steps counting every diagonal as 1) between two combatants' tokens on the encounter's
        map; None without a map or when either has no token on it."""
        battle_map = self.battle_map()
        cells = self.token_cells()
        if battle_map is None or one_id not in cells or other_id not in cells:
            return None
        grid = Grid.of(battle_map)
        return grid.distance(cells[one_id], cells[other_id]), grid.reach(cells[one_id], cells[other_id])

    def sees(self, watcher_id: str, target_id: str) -> bool | None:
        """Whether the watcher has line of sight to the target on the encounter's map, as the rules read it; None
        without a map or when either has no token on it."""
        battle_map = self.battle_map()
        return self._sees(battle_map, self.token_cells(), self.terrain_of(battle_map) if battle_map else None,
                          watcher_id, target_id)

    def _sees(self, battle_map: BattleMap | None, cells: dict[str, Coord], terrain: Terrain | None,
              watcher_id: str, target_id: str) -> bool | None:
        if battle_map is None or terrain is None or watcher_id not in cells or target_id not in cells:
            return None
        fight = self.fight
        reading = fight.ruleset.cover_between(terrain, cells[watcher_id], cells[target_id],
                                              fight.actor(watcher_id), fight.actor(target_id), fight.options)
        return reading.line_of_sight

    def opponents(self, combatant_id: str) -> list[Watcher]:
        """Everyone on another side still in the fight, with whether each sees this combatant on the map (None
        without one). The map, its tokens' cells and its terrain are read once for all of them."""
        side = self.fight.combatant(combatant_id).side
        fight = self.fight
        battle_map = self.battle_map()
        cells = self.token_cells()
        terrain = self.terrain_of(battle_map) if battle_map is not None and combatant_id in cells else None
        return [Watcher(fight.actor(c.id), self._sees(battle_map, cells, terrain, c.id, combatant_id))
                for c in fight.encounter.combatants
                if c.side != side and fight.campaign.has_character(c.character_id) and not fight.out_of_fight(c.id)]

    def unseen(self, attacker_id: str, target_id: str) -> str | None:
        """Why the attacker cannot attack the target: the target is hidden from it (the rules' hiding); None when
        it is seen or the rules have no hiding."""
        hiding = self.fight.ruleset.hiding
        if hiding is None or attacker_id not in hiding.hidden_from(self.fight.actor(target_id)):
            return None
        attacker, target = self.fight.name(attacker_id), self.fight.name(target_id)
        return f"{attacker} cannot see {target}: {target} is hidden from {attacker} (a Search finds them)"

    def token_cells(self) -> dict[str, Coord]:
        battle_map = self.battle_map()
        return {t.combatant_id: (t.x, t.y) for t in battle_map.tokens} if battle_map is not None else {}

    def under_blast(self, attacker_id: str, weapon_id: str, centre: Coord, *,
                    thrower_too: bool = False) -> dict[str, int]:
        """Everyone standing under the weapon's blast template around `centre` on the map (the thrower only with
        `thrower_too`), with their distance from the centre, nearest first; empty for a weapon without a blast or
        without a map."""
        battle_map = self.battle_map()
        radius = self.attacks.blast_radius(self.fight.character_of(attacker_id).item(weapon_id))
        if battle_map is None or radius is None:
            return {}
        template = area_template(Grid.of(battle_map), centre, radius)
        fighting = {c.id for c in self.fight.encounter.combatants if not self.fight.out_of_fight(c.id)}
        found = {cid: template[cell] for cid, cell in self.token_cells().items()
                 if cell in template and cid in fighting and (thrower_too or cid != attacker_id)}
        return dict(sorted(found.items(), key=lambda item: item[1]))

    def blast_targets(self, attacker_id: str, weapon_id: str, centre_id: str) -> list[str]:
        """Everyone under the blast when it goes off on `centre_id`'s token (that one first); empty without a map,
        a token or a blast."""
        centre = self.token_cells().get(centre_id)
        if centre is None:
            return []
        found = self.under_blast(attacker_id, weapon_id, centre)
        return [centre_id, *(cid for cid in found if cid != centre_id)] if found else []

    def map_inputs(self, attacker_id: str, weapon_id: str, target_id: str,
                   centre_id: str | None = None) -> dict[str, StatValue] | None:
        """The target inputs the map fixes for this target, as the rules read the map (distance and cover, a range
        band, engaged), and for a blast centred on `centre_id`'s token, the target's distance from it; None without
        a map or a token."""
        found = self.measure(attacker_id, target_id, weapon_id)
        if found is None:
            return None
        values = dict(found.inputs)
        cells = self.token_cells()
        weapon = self.fight.character_of(attacker_id).item(weapon_id)
        attacks = self.attacks
        if isinstance(attacks, Scatters) and attacks.blast_radius(weapon) is not None and centre_id in cells:
            battle_map = self.battle_map()
            assert battle_map is not None
            values |= attacks.blast_inputs(Grid.of(battle_map).distance(cells[centre_id], cells[target_id]))
        return values

    def map_attack_inputs(self, attacker_id: str, weapon_id: str, target_id: str) -> dict[str, StatValue] | None:
        """The attack's own inputs the map fixes against this target, as the rules read it (genesys: the attacker is
        engaged); None without a map or a token."""
        found = self.measure(attacker_id, target_id, weapon_id)
        return dict(found.attack_inputs) if found is not None else None

    def map_refusals(self, attacker_id: str, weapon_id: str, target_id: str) -> list[str]:
        """Why the map forbids this attack: no line of sight, a target out of reach, or what else the rules read
        from the map (a marksman engaged); none without a map."""
        found = self.measure(attacker_id, target_id, weapon_id)
        if found is None:
            return []
        attacker, target = self.fight.name(attacker_id), self.fight.name(target_id)
        weapon = self.fight.character_of(attacker_id).item(weapon_id)
        reasons = []
        if not found.reading.line_of_sight:
            reasons.append(f"{attacker} cannot see {target}: no line of sight on the map")
        out_of_reach = self.attacks.reach_refusal(weapon, found.tiles, found.reach, found.areas)
        if out_of_reach:
            reasons.append(f"{target} is {found.tiles} tiles from {attacker}: {out_of_reach}")
        reasons += [f"{target} is {found.tiles} tiles from {attacker}: {why}" for why in found.refusals]
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
        attacker = self.fight.actor(attacker_id)
        weapon = attacker.character.item(weapon_id)
        own_specs = list(self.attack_inputs(attacker_id, weapon_id))
        target_specs = list(self.target_inputs(attacker_id, weapon_id, target_id))
        own = {spec.key: spec.default for spec in own_specs}
        first_specs = {spec.key: spec.default for spec in target_specs}
        words = _Words(own_specs + target_specs)
        first = dict(first_specs)
        unknown = sorted(set(inputs) - set(own) - set(first_specs))
        if unknown:
            raise ValueError(f"These rules have no attack input {', '.join(unknown)}")
        for key, value in inputs.items():
            (first if key in first_specs else own)[key] = value
        # The attack's own inputs the map fixes (genesys: the attacker engaged), as the target's below.
        fixed_own = self.map_attack_inputs(attacker_id, weapon_id, target_id) or {}
        forced_own = [f"{attacker.name}: {words(key, own[key])} instead of the map's {words.value(key, value)}"
                      for key, value in fixed_own.items() if override and key in inputs and own.get(key) != value]
        own = {**own, **{k: v for k, v in fixed_own.items() if not (override and k in inputs)}}
        given = dict(more)
        # An area weapon on the map catches everyone under its template, whoever the GM ticked, unless overridden.
        blast = [] if override else self.blast_targets(attacker_id, weapon_id, target_id)
        others = [(tid, given.get(tid, {})) for tid in blast[1:]] if blast else list(more)
        declared = [(target_id, first)]
        for other_id, values in others:
            defaults = {spec.key: spec.default for spec in self.target_inputs(attacker_id, weapon_id, other_id)}
            declared.append((other_id, {**defaults, **values}))
        targets, forced = [], forced_own
        for tid, values in declared:
            hidden = self.unseen(attacker_id, tid) if tid == target_id or not blast else None
            if hidden and override:
                forced.append(hidden)
            fixed = self.map_inputs(attacker_id, weapon_id, tid, centre_id=target_id)
            if fixed is not None:
                if override:
                    forced += self.map_refusals(attacker_id, weapon_id, tid)
                    forced += [f"{self.fight.name(tid)}: {words(key, values[key])} instead of the map's "
                               f"{words.value(key, value)}"
                               for key, value in fixed.items() if key in values and values[key] != value]
                    values = {**{k: v for k, v in fixed.items() if k not in values}, **values}
                else:
                    values = {**values, **fixed}
            targets.append(AttackTarget(self.fight.actor(tid), values))
        request = AttackRequest(attacker, weapon, tuple(targets), own, tuple(forced))
        # Attacking outside one's own turn is for rules that count it apart to account for.
        attacks = self.fight.ruleset.attacks
        if isinstance(attacks, OutOfTurnAttacks) and self.fight.encounter.running \
                and attacker_id not in self.fight.acting():
            request = attacks.made_out_of_turn(request)
        return request

    def landing(self, request: AttackRequest, result: AttackResult) -> Coord | None:
        """The cell where a missed area attack landed (Scatters), for the map to draw; None when it did not go
        astray or without a map."""
        battle_map, cells, attacks = self.battle_map(), self.token_cells(), self.fight.ruleset.attacks
        attacker, centre = request.attacker.combatant, request.target.combatant
        if battle_map is None or not isinstance(attacks, Scatters) or attacker is None or centre is None \
                or attacker.id not in cells or centre.id not in cells:
            return None
        landed = attacks.landing(result, Grid.of(battle_map), cells[centre.id], cells[attacker.id])
        return landed.landing if landed is not None else None

    def map_check(self, request: AttackRequest) -> None:
        """ValueError with the map's reasons against the attack that the GM did not force."""
        attacker = request.attacker.combatant
        if attacker is None:
            return
        reasons = [reason for target in request.distinct_targets() if target.combatant is not None
                   for reason in self.map_refusals(attacker.id, request.weapon.id, target.combatant.id)
                   if reason not in request.overrides]
        # Someone hidden from the attacker cannot be aimed at; a blast still catches whoever is under it.
        aimed = request.distinct_targets() if self.attacks.blast_radius(request.weapon) is None \
            else request.distinct_targets()[:1]
        reasons += [reason for target in aimed if target.combatant is not None
                    and (reason := self.unseen(attacker.id, target.combatant.id)) and reason not in request.overrides]
        if reasons:
            raise ValueError("; ".join(reasons))

    def attack_preview(self, request: AttackRequest) -> AttackPreview:
        """Every modifier of the first roll, what it must reach and the exact odds for each target; ValueError with
        the rules' reason when the attack cannot be made as declared."""
        self.map_check(request)
        attacks, options = self.attacks, self.fight.options
        price, cannot = attacks.attack_price(request, options)
        spends = attacks.attack_pool_spends(request, options)
        cannot = cannot or spend_refusal(self.fight.campaign, self.fight.ruleset, spends, options)
        attacker = request.attacker.combatant
        if attacker is not None and self.fight.encounter.running and not self.fight.may_act(attacker.id):
            acting = ", ".join(self.fight.name(a) for a in self.fight.acting()) or "nobody"
            cannot = self.fight.down_reason(attacker.id) \
                or f"{request.attacker.name} cannot act now: it is {acting}'s turn"
        finishing = None
        if isinstance(attacks, Executes):
            try:
                finishing = attacks.execute_odds(request, options)
            except ValueError:
                finishing = None            # not helpless, or several targets: the blow does not apply
        priced: AttackOdds | None = None
        problem = ""
        try:
            priced = attacks.attack_odds(request, options)
        except odds.TooManyOutcomes as exc:
            problem = str(exc)
        reactions = attacks.reaction_odds(request, options) if len(request.distinct_targets()) == 1 else {}
        heading, words = attacks.to_beat_words(request, options)
        return AttackPreview(attacks.attack_modifiers(request, options), attacks.to_beat(request, options),
                             priced, self.fight.ruleset.economy.cost_text(price), cannot, finishing,
                             attacks.dice_order(request, options), problem, dict(reactions),
                             spend_preview(self.fight.campaign, self.fight.ruleset, spends, options), heading, words)


__all__ = ["AttackPreview", "AttackView", "MapMeasure"]


class _Words:
    """An attack input and its value in the rules' words for the log ("Cover: light"), never its key."""

    def __init__(self, specs: Sequence[FieldSpec]) -> None:
        self._specs = {spec.key: spec for spec in specs}

    def value(self, key: str, value: StatValue) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        spec = self._specs.get(key)
        return spec.choice_label(value) if spec is not None else str(value)

    def __call__(self, key: str, value: StatValue) -> str:
        spec = self._specs.get(key)
        return f"{spec.label if spec is not None else in_words(key)}: {self.value(key, value)}"
