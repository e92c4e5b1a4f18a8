"""The Attacks capability: a system with attacks, their price, modifiers, exact odds, resolution and damage, and
what it reads from the battle map."""


from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base.combat import (
    AttackOdds,
    AttackRequest,
    AttackResult,
    DamageResult,
    SpendBudget,
    SpendChoice,
    SpendPick,
)
from crisis_desktop.rules.base.economy import ActionRole, Cost
from crisis_desktop.rules.base.map_reading import MapReading, MapSpan
from crisis_desktop.rules.base.part import Part
from crisis_desktop.rules.base.pools import PoolSpend
from crisis_desktop.rules.base.sheet import (
    FieldSpec,
)
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.values import CoverLevel, Explained, Options, Term
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind

if TYPE_CHECKING:

    from crisis_desktop.rules.kernel.cover import CoverReading
    from crisis_desktop.rules.kernel.geometry import AreaRelation




class Attacks(Part, ABC):
    """A system with attacks: what they cost and depend on, their modifiers and exact odds, their resolution and
    damage, and what it reads from the battle map (`map_reading`). How a weapon's range and an attack's distance are
    counted ("tiles" or "metres"); what a range costs is the system's own (none here)."""

    DISTANCE_UNIT: str = "tiles"

    def attack_pool_spends(self, request: AttackRequest, options: Options) -> Sequence[PoolSpend]:
        """What the attack spends of the campaign's shared pools (a story point that upgrades its check), already
        counted in its odds; the controller refuses the attack when the points are not there, and moves them when
        it is rolled. Nothing by default."""
        return ()

    def attack_inputs(self, attacker: Actor, weapon: EquipmentItem, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        """What the GM sets for the attack as a whole besides who, with what and against whom (crisis: aim,
        circumstance), with defaults from the live state (the aim taken): the attack dialog is generated from it."""
        return []

    def target_inputs(self, attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        """What the GM sets for each target (distance, cover, how many of a volley's attacks go at it), with
        defaults from the live state (a surprised target in the first round)."""
        return []

    def ready_weapon(self, attacker: Actor) -> str | None:
        """The id of the weapon the attacker is committed to or has ready (a planned attack's weapon), for the
        attack to open with; None when the rules name none (the first ready weapon is taken)."""
        return None

    def max_targets(self, weapon: EquipmentItem) -> int | None:
        """How many targets one attack with this weapon may have: 1 by default; None for any number (everyone
        under an area template)."""
        return 1

    def map_inputs(self, tiles: int, metres: float, reading: CoverReading, *,
                   hex_grid: bool = False) -> dict[str, StatValue]:
        """The target inputs the battle map gives between two tokens: the distance as the rules count it
        (DISTANCE_UNIT) and the cover as the rules read it (`hex_grid`: the map's cells are hexes)."""
        distance: float = metres if self.DISTANCE_UNIT == "metres" else float(tiles)
        return {"distance": distance, "cover": CoverLevel(reading.cover.value), "cover_penetrable": reading.penetrable}

    def map_target_inputs(self, tiles: int, metres: float, reading: CoverReading, *, reach: int,
                          hex_grid: bool = False, options: Options | None = None) -> dict[str, StatValue]:
        """What the battle map fixes for a target, as `map_inputs` with what a system may need besides: `reach` (steps
        counting every diagonal as 1: 1 is adjacent, where a system has its targets engaged) and the campaign's rule
        `options` (the map's cells per range band). `map_reading` asks this; by default it is `map_inputs`."""
        return self.map_inputs(tiles, metres, reading, hex_grid=hex_grid)

    def map_reading(self, span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
        """What these rules read from the battle map between two cells (`weapon`: the one chosen, if any): the target
        inputs the map fixes (`map_target_inputs`), the distance in the rules' own words (`range_readout`), and by
        default nothing of the attack's own inputs, no refusal besides sight and reach, no range penalty or band.
        The Measure tool, the sight line and the attack all show this one reading."""
        inputs = self.map_target_inputs(span.tiles, span.metres, span.reading, reach=span.reach,
                                        hex_grid=span.hex_grid, options=options)
        return MapReading(inputs, {}, tuple(self.range_readout(weapon, span.tiles, span.reach, options) or ()))

    def reaction_odds(self, request: AttackRequest, options: Options) -> Mapping[str, AttackOdds]:
        """The odds of the attack for each reaction the target may choose when it comes, by the reaction's name in
        the rules' words ("No reaction", "Parry"), for the GM to compare before the defender picks; empty where
        targets do not react."""
        return {}

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        """A ranged weapon's range increment, in the rules' distance unit (DISTANCE_UNIT); None for a melee
        weapon, which needs its target in reach."""
        return None

    def out_of_ammunition(self, attacker: Actor, weapon: EquipmentItem) -> bool:
        """Whether the weapon cannot attack for want of what an attack uses up (its magazine or load empty): what
        an action that readies a weapon (`ActionSpec.readies`, a reload) gives it again. False by default, for
        weapons that never run dry."""
        return False

    def weapon_reach(self, weapon: EquipmentItem) -> int:
        """How many tiles a melee weapon reaches on the battle map (1: adjacent, diagonals included)."""
        return 1

    def reach_refusal(self, weapon: EquipmentItem, tiles: int, reach: int, areas: AreaRelation) -> str | None:
        """Why the battle map puts a target out of this weapon's reach, in words that follow "Rask is 6 tiles from
        Vera: " (`reach` 1 is adjacent; `areas`: the map's labelled areas of the two tokens); None when it is in
        reach. By default a melee weapon (no `weapon_range`) reaches `weapon_reach` tiles and a ranged one anywhere
        (its range costs the attack roll instead)."""
        limit = self.weapon_reach(weapon)
        if self.weapon_range(weapon) is None and reach > limit:
            return f"out of the {weapon.name}'s reach ({limit} tile{'s' if limit != 1 else ''})"
        return None

    def further_targets_text(self, weapon: EquipmentItem) -> tuple[str, str]:
        """The heading of the attack dialog's list of further targets and the line above it, for this weapon: by
        default a volley's ("Up to 2 more, one attack each at least") or an area's ("Everyone under the template")."""
        limit = self.max_targets(weapon)
        if limit is None:
            return "Further targets", "Everyone under the template:"
        return "Further targets", f"Up to {limit - 1} more, one attack each at least:"

    def blast_radius(self, weapon: EquipmentItem) -> int | None:
        """The radius in tiles of the area a weapon hits (a grenade's blast), for the map's template; None for
        a weapon that hits one target."""
        return None

    def range_readout(self, weapon: EquipmentItem | None, tiles: int, reach: int,
                      options: Options) -> list[str] | None:
        """What the map says of a distance (`reach` 1: adjacent) in the rules' own words, one line each, with the
        weapon's use there when one is chosen; None (the default) for nothing: no band, increment or penalty."""
        return None

    @abstractmethod
    def attack_modifiers(self, request: AttackRequest, options: Options) -> list[Term]:
        """Every modifier of the first attack roll, in order, for the attack dialog; ValueError with the reason
        when the attack cannot be made as declared (too many targets, an input out of its range)."""

    def attack_price(self, request: AttackRequest, options: Options) -> tuple[Cost, str | None]:
        """What the attack costs in the rules' currencies, and why the attacker cannot make it now (not enough AP,
        no ammunition) or None when it can: checked before the roll and paid by the controller (`Ruleset.pay`).
        By default the price the action of role ATTACK declares (`ActionSpec.cost`), refused when it is beyond what
        the attacker has left (`price_refusal`); nothing where the rules have no such action. Whether a fighter who
        is down may still strike is the round flow's to say (a simultaneous phase), not the price's."""
        action = next((a for a in self.rules.economy.actions() if a.role is ActionRole.ATTACK), None)
        if action is None:
            return {}, None
        return action.cost, self.rules.economy.price_refusal(request.attacker, action.label, action.cost)

    def dice_order(self, request: AttackRequest, options: Options) -> str:
        """In what order typed dice are read for this attack, in plain words."""
        return "in the order the rules ask for them"

    def attack_dice(self, request: AttackRequest, options: Options) -> Sequence[DieKind]:
        """The dice of symbols the first attack roll rolls, in the order they are rolled, for the attack's pool
        before the roll; none for dice of numbers (the default). ValueError as `attack_modifiers`."""
        return ()

    def to_beat(self, request: AttackRequest, options: Options) -> Explained | None:
        """What the first attack roll must reach, with its terms (crisis: the DL of 4, or the target's Parry), for
        the attack dialog; None where the modifiers already say it or the roll is a contest."""
        return None

    def to_beat_words(self, request: AttackRequest, options: Options) -> tuple[str, str]:
        """How the attack dialog names `to_beat`: the heading of its terms, and the words before its number in the
        gist ("Hit 33.3% · to beat 4"). By default ("To beat", "to beat"); a roll-under system says what is rolled
        and what comes after ("Roll 3d6 at or under (then Rask's defence: 3d6 ≤ 12)", "3d6 ≤")."""
        return "To beat", "to beat"

    @abstractmethod
    def attack_odds(self, request: AttackRequest, options: Options) -> AttackOdds:
        """The exact odds for each target declared (AttackOdds.further for all but the first)."""

    @abstractmethod
    def resolve_attack(self, request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
        """Roll the attack against every target; ValueError with the reason when it cannot be made."""

    def spend_choices(self, result: AttackResult, options: Options,
                      fighters: Sequence[Actor] = ()) -> list[SpendChoice]:
        """What the attack's roll can buy (systems of symbols: a critical, a weapon quality, strain recovered, a
        boost die for an ally; the opponent's threat against the attacker), in the order to list them, each with
        how many times the rules' own plan (already in `result`) buys it. `fighters`: everyone in the fight, for
        choices that land on an ally. None by default: the attack spends nothing."""
        return []

    def spending_left(self, result: AttackResult, picks: Sequence[SpendPick], options: Options,
                      fighters: Sequence[Actor] = ()) -> SpendBudget:
        """What the picks leave of the roll's symbols, and why they cannot all be bought; nothing by default."""
        return SpendBudget({}, {}, "These rules spend nothing after an attack" if picks else None)

    def resolve_spending(self, result: AttackResult, picks: Sequence[SpendPick], dice: DiceSource,
                         options: Options, fighters: Sequence[Actor] = ()) -> AttackResult:
        """The attack spent as the GM picked: the same roll (its dice replayed from `result.rolls`; `dice` for any
        die it did not roll, a critical injury's d100), with the effects of every pick in its `effects` and what
        was bought in its notes. ValueError with the reason when the picks cannot be bought. By default nothing can
        be picked and the result stands."""
        if picks:
            raise ValueError("These rules spend nothing after an attack")
        return result

    @abstractmethod
    def apply_damage(self, target: Actor, amount: int, options: Options, *, lethal: bool = True,
                     damage_type: str = "physical", label: str = "damage") -> DamageResult: ...
