"""The attacks of a genesys quick fight (rules/genesys/quick.py): each combat check drawn from its pool's exact odds,
what its symbols buy and each hit landed by the rules' own spending and damage (critical injuries rolled as the rules
roll them), each answer kept under the part of the attacker's and the target's state it reads."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    AttackRequest,
    AttackTarget,
    Effect,
    Explained,
)
from crisis_desktop.rules.genesys import actions, attacks, combat, damage, narrative, stats, tables
from crisis_desktop.rules.genesys.narrative import ADVANTAGE, SUCCESS, TRIUMPH
from crisis_desktop.rules.genesys.quick_states import ECONOMY, NEXT, PAYS, FightStates, Items
from crisis_desktop.rules.kernel.dice import DieKind
from crisis_desktop.rules.kernel.quick_parts import Sampler

if TYPE_CHECKING:
    from crisis_desktop.rules.genesys.ruleset import GenesysRuleset

_NO_EFFECT = tables.CheckEffect()
_critical_row = cache(tables.critical_row)
# What the map fixes for an attack: the target's inputs and the attack's own (Attacks.map_reading).
Fixed = tuple[Items, Items]
# One hit as attacks.Hit has it, its target left out: damage terms, Pierce, soak, to strain, critical, extra
# activations, Vicious, label.
HitSpec = tuple[tuple[tuple[str, int], ...], int, bool, bool, bool, int, int, str]
# What a check's result does to its target: the hits in the order they land, and the conditions its qualities bring.
Strike = tuple[tuple[HitSpec, ...], tuple[tuple[str, int | None], ...]]


@dataclass(frozen=True)
class Odds:
    """Every result of a pool (net successes, net advantage, triumphs) with its exact chance, drawn by its number."""

    sampler: Sampler[int]
    results: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, pool: narrative.Pool) -> Odds:
        found = narrative.pool_odds(pool)
        axes = [a for a in (SUCCESS, ADVANTAGE, TRIUMPH) if a in found.axes]
        joint = found.joint(*axes)
        keys = sorted(joint)
        named = [dict(zip(axes, values, strict=True)) for values in keys]
        return cls(Sampler.of(0.0, {k: joint[values] for k, values in enumerate(keys)}),
                   tuple((n.get(SUCCESS, 0), n.get(ADVANTAGE, 0), n.get(TRIUMPH, 0)) for n in named))

    def draw(self, rng: random.Random) -> int:
        k = self.sampler.draw(rng)
        assert k is not None                 # nothing falls below a chance of nothing
        return k


@dataclass(frozen=True)
class Taken:
    """What one hit's damage did (damage.take): its effects, the wounds and strain it left, whether it knocked the
    target out, whether any of it got through."""

    effects: tuple[Effect, ...]
    wounds: int
    strain: int
    knocked_out: bool
    through: bool


@dataclass(frozen=True)
class Hurt:
    """What one critical injury did (damage.critical): its effects, the injuries carried, wounds and strain after."""

    effects: tuple[Effect, ...]
    carried: tuple[stats.Carried, ...]
    wounds: int
    strain: int


@dataclass
class Injury:
    """A critical injury the rules roll on a d100 for one target as it stands: what is added to the roll (injuries
    carried, Vicious, extra activations), and what each row it lands on (with Horrific's d10) does."""

    bonus: int
    rows: dict[tuple[str, int | None], Hurt] = field(default_factory=dict)


class _Dice:
    """Dice given in advance, then fresh ones from the fight's generator (as RandomDice rolls them), each recorded."""

    def __init__(self, faces: Sequence[int], rng: random.Random) -> None:
        self._faces = list(faces)
        self._rng = rng
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int, label: str = "", kind: DieKind | None = None) -> int:
        n = len(self.rolled)
        face = self._faces[n] if n < len(self._faces) else self._rng.randint(1, sides)
        self.rolled.append((sides, face))
        return face


class Strikes:
    """The attacks of one prepared fight between the states of `store`: the odds of each check, what each result
    buys, what each hit leaves of its target."""

    def __init__(self, rules: GenesysRuleset, options: Mapping[str, StatValue], store: FightStates,
                 items: list[list[EquipmentItem]]) -> None:
        self.rules = rules
        self.options = options
        self.store = store
        self.items = items
        self.minion = [stats.is_minion(a.character) for a in store.actors]
        self.views: dict[Hashable, int] = {}
        self.pools: dict[tuple[int, ...], Odds] = {}
        self.rolls: dict[tuple[int, int, int, Fixed], Odds | None] = {}
        # Strike 0 is a check that buys nothing: the target is left as it was.
        self._strikes: dict[Strike, int] = {((), ()): 0}
        self.strike_list: list[Strike] = [((), ())]
        self.spent: dict[Hashable, int] = {}
        self.takes: dict[Hashable, Taken] = {}
        self._injuries: dict[Hashable, Hurt | Injury] = {}
        self._die = tables.critical_constants()["die"]

    # -- what an attack reads ----------------------------------------------------------------------------------
    def may_attack(self, sid: int) -> bool:
        """Whether the attack's price may be paid, as attacks.price reads it: the attacker still able to act (a
        rival who suffered strain as wounds for a second maneuver may be defeated before its action) and, without
        Limited Ammo, the turn's action left (actions.action_price)."""
        state = self.store.states[sid]
        if state.may_attack is None:
            char, key = self.store.answer(sid, "price", ("actions_used",))
            found = char.flags.get(key)
            if found is None:
                actor = self.store.actor(sid)
                found = char.flags[key] = (actions.out_of_action(actor) is None
                                           and actions.action_price(actor, self.options).reason is None)
            state.may_attack = found
        return state.may_attack

    def paid(self, sa: int, sb: int, i: int, w: int) -> int:
        """The attacker's state once its attack is paid for. Paying reads the attacker alone (no input, no target),
        the same whatever the weapon: none counts its shots or is thrown."""
        a = self.store.states[sa]
        if a.paid < 0:
            a.paid = self.store.step(sa, "pay", PAYS, lambda actor: attacks.paid_and_used_up(
                AttackRequest(actor, self.items[i][w], (AttackTarget(self.store.actor(sb)),)), self.options))
        return a.paid

    def attacking(self, sid: int) -> int:
        """What of an attacker its check and its blows read: its sheet as its injuries leave it, its conditions, the
        resources that are not the turn's economy (aim, guarded stance, dice its next check waits for), and of the
        damage it has taken only a minion group's members left (they roll its skill)."""
        state = self.store.states[sid]
        char = state.char
        alive = stats.minions_alive(self.store.actor(sid).character) if self.minion[char.i] else None
        state.attacking = self.view(("attacking", self.sheet(sid), alive, char.conditions,
                                     tuple(kv for kv in state.resources if kv[0] not in ECONOMY)))
        return state.attacking

    def attacked(self, sid: int) -> int:
        """What of a target an attack's check and its spending read: its sheet as its injuries leave it (soak), its
        conditions (prone) and the resources that are not the turn's economy (guarded stance); not the damage it
        has taken."""
        state = self.store.states[sid]
        state.attacked = self.view(("attacked", self.sheet(sid), state.char.conditions,
                                    tuple(kv for kv in state.resources if kv[0] not in ECONOMY)))
        return state.attacked

    def sheet(self, sid: int) -> int:
        """The sheet as the character's injuries leave it, as a check reads it: its characteristics (`build`) and,
        in order, what each injury in effect does to its checks."""
        char = self.store.states[sid].char
        if char.sheet < 0:
            char.sheet = self.view((self.build(sid), tuple(
                carried.row.checks for carried in stats.active_criticals(self.store.character(char))
                if carried.row.checks != _NO_EFFECT)))
        return char.sheet

    def build(self, sid: int) -> int:
        """The characteristics as the character's injuries leave them (a Horrific injury lowers one): what a blow's
        damage (Brawn), soak and the thresholds read of its sheet besides what never changes."""
        char = self.store.states[sid].char
        if char.build < 0:
            c = self.store.character(char)
            char.build = self.view((char.i, tuple(stats.characteristic(c, key)
                                                  for key in stats.characteristic_keys())))
        return char.build

    def view(self, key: Hashable) -> int:
        return self.views.setdefault(key, len(self.views))

    # -- the check -------------------------------------------------------------------------------------------
    def request(self, i: int, w: int, fixed: Fixed, attacker: Actor, target: Actor) -> AttackRequest:
        """The attack as the simulator declares it (every input at its default; genesys's do not depend on the
        round), what the map fixes as the rules read it (the range band, engagement, cover)."""
        weapon = self.items[i][w]
        own = {spec.key: spec.default for spec in self.rules.attacks.attack_inputs(attacker, weapon, 1, self.options)}
        values = {spec.key: spec.default for spec in self.rules.attacks.target_inputs(attacker, weapon, target, 1,
                                                                                      self.options)}
        return AttackRequest(attacker, weapon, (AttackTarget(target, values | dict(fixed[0])),),
                             own | dict(fixed[1]))

    def check(self, i: int, w: int, fixed: Fixed, sa: int, sb: int) -> Odds | None:
        """The odds of the attack's check between these states, kept under what of each it reads; None where the
        rules refuse it."""
        a, b = self.store.states[sa], self.store.states[sb]
        key = (a.attacking if a.attacking >= 0 else self.attacking(sa), w,
               b.attacked if b.attacked >= 0 else self.attacked(sb), fixed)
        if key in self.rolls:
            return self.rolls[key]
        found = self.rolls[key] = self.roll(i, w, fixed, sa, sb)
        return found

    def roll(self, i: int, w: int, fixed: Fixed, sa: int, sb: int) -> Odds | None:
        """The odds of the attack's check (combat.attack_pool) between these states; None where the rules refuse it
        (out of the weapon's range band)."""
        try:
            return self.odds(combat.attack_pool(self.request(i, w, fixed, self.store.actor(sa),
                                                             self.store.actor(sb)), self.options))
        except ValueError:
            return None

    def odds(self, pool: narrative.Pool) -> Odds:
        key = tuple(pool.count(kind) for kind in narrative.ORDER)
        found = self.pools.get(key)
        if found is None:
            found = self.pools[key] = Odds.of(pool)
        return found

    # -- what its result buys --------------------------------------------------------------------------------
    def strike(self, i: int, w: int, fixed: Fixed, sa: int, sb: int, result: tuple[int, int, int]) -> int:
        """What the check's result does to the target, as attacks.resolve spends it: the hits it makes (advantage
        and triumph spent by the `advantage_spending` option) and the conditions its qualities bring. It reads the
        attacker's characteristics (its Brawn) and the target's (its soak)."""
        a, b = self.store.states[sa].char.build, self.store.states[sb].char.build
        key = (w, a if a >= 0 else self.build(sa), b if b >= 0 else self.build(sb), result)
        found = self.spent.get(key)
        if found is None:
            found = self.spent[key] = self.spend(i, w, fixed, sa, sb, result)
        return found

    def spend(self, i: int, w: int, fixed: Fixed, sa: int, sb: int, result: tuple[int, int, int]) -> int:
        request = self.request(i, w, fixed, self.store.actor(sa), self.store.actor(sb))
        s, advantage, triumph = result
        weapon = combat.weapon(request.weapon)
        situation = combat.situation(request)
        second = combat.off_hand(request, situation)
        hit = s >= 1
        target = request.target.character
        # An improvised or Inferior weapon adds a threat to what the dice show, a Superior one an advantage.
        advantage = max(0, advantage + weapon.shown_advantage)
        wounding = hit and attacks.wounding(request, s)
        p = combat.plan_spending(weapon, hit=hit, wounding=wounding, advantage=advantage, triumph=triumph, further=0,
                                 auto_fire=situation.auto_fire, second=second, options=self.options,
                                 minion_target=stats.is_minion(target))
        hits = tuple((h.terms, h.pierce, h.soak, h.to_strain, h.crit, h.extra_crits, h.vicious, h.label)
                     for h in attacks.hits_of(request, weapon, second, s, hit, p, situation.to_strain))
        conditions = []
        if hit:
            for key in p.qualities:
                if key in attacks.QUALITY_CONDITIONS:
                    condition, rounds = attacks.QUALITY_CONDITIONS[key]
                    conditions.append((condition, weapon.quality(key) if rounds else None))
        strike = (hits, tuple(conditions))
        number = self._strikes.get(strike)
        if number is None:
            number = self._strikes[strike] = len(self.strike_list)
            self.strike_list.append(strike)
        return number

    # -- how it lands ----------------------------------------------------------------------------------------
    def land(self, sb: int, strike: int, rng: random.Random) -> int:
        """The target's state once the strike lands, hit by hit as attacks._land lands each: its damage through
        soak (damage.take), then the critical injuries it calls for (damage.critical), the d100 drawn from `rng`."""
        store = self.store
        state = store.states[sb]
        char = state.char
        if state.waiting is None:
            state.waiting = tuple((k, state.read[k]) for k in NEXT if k in state.read)
        key = (state.waiting, strike)
        found = char.landings.get(key)
        if found is not None:
            return store.after(sb, found)
        if char.vitals is None:
            c = store.actor(sb).character
            char.vitals = (stats.wounds(c), stats.strain(c), tuple(stats.criticals(c)))
        wounds, strain, carried = char.vitals
        hits, conditions = self.strike_list[strike]
        effects: list[Effect] = []
        rolled = False
        for hit in hits:
            taken = self.take(sb, wounds, strain, hit)
            effects += taken.effects
            wounds, strain = taken.wounds, taken.strain
            crit, extra, vicious = hit[4], hit[5], hit[6]
            for number in range(int(crit and taken.through) + int(taken.knocked_out)):
                hurt, dice = self.critical(sb, key[0], wounds, strain, carried, vicious,
                                           extra if number == 0 and crit else 0, rng)
                effects += hurt.effects
                carried, wounds, strain = hurt.carried, hurt.wounds, hurt.strain
                rolled = rolled or dice
        character_id = store.actors[char.i].character.id
        effects += [AddCondition(character_id, condition, rounds) for condition, rounds in conditions]
        found = store.effects_id(effects)
        if not rolled:
            char.landings[key] = found      # no die rolled: the same strike always lands the same
        return store.after(sb, found)

    def take(self, sb: int, wounds: int, strain: int, hit: HitSpec) -> Taken:
        """One hit's damage less soak (damage.take, reading of the target's sheet its soak and thresholds)."""
        key = (self.build(sb), wounds, strain, hit)
        found = self.takes.get(key)
        if found is None:
            target = self.store.actor(sb)
            terms, pierce, soak, to_strain = hit[:4]
            taken = damage.take(target, Explained.of(*terms),
                                damage.soak_against(target.character, pierce) if soak else None, self.options,
                                to_strain=to_strain, wounds_now=wounds, strain_now=strain)
            found = self.takes[key] = Taken(taken.result.effects, taken.wounds, taken.strain, taken.knocked_out,
                                            taken.result.taken.value >= 1)
        return found

    def critical(self, sb: int, waiting: Hashable, wounds: int, strain: int, carried: tuple[stats.Carried, ...],
                 vicious: int, extra: int, rng: random.Random) -> tuple[Hurt, bool]:
        """A critical injury for the target (damage.critical), and whether a die was rolled for it (a minion group
        loses a member without one). What it does depends on the row the d100 lands on, not the face: each row's
        is worked out once."""
        i = self.store.states[sb].char.i
        key = (i, waiting, wounds, strain, carried, vicious, extra)
        found = self._injuries.get(key)
        if isinstance(found, Hurt):
            return found, False
        if found is None:
            dice = _Dice((), rng)
            hurt = self._hurt(sb, wounds, strain, carried, vicious, extra, dice)
            if not dice.rolled:
                self._injuries[key] = hurt
                return hurt, False
            # What is added to the d100, as damage.critical works it out (on the injuries carried now).
            status = {**dict(self.store.states[sb].char.status), "criticals": stats.criticals_text(list(carried))}
            probe = self.store.actors[i].character.model_copy(update={"status": status})
            found = self._injuries[key] = Injury(int(sum(term.value for term in damage.critical_roll_terms(
                probe, vicious, extra, self.options))))
            faces = [face for _, face in dice.rolled]
            row = _critical_row(faces[0] + found.bonus)
            assert len(faces) == 1 + bool(row.characteristic_loss)
            found.rows[(row.key, faces[1] if row.characteristic_loss else None)] = hurt
            return hurt, True
        face = rng.randint(1, self._die)
        row = _critical_row(face + found.bonus)
        # Horrific and Gruesome pick a characteristic with a d10, rolled after the d100.
        d10 = rng.randint(1, 10) if row.characteristic_loss else None
        kept = found.rows.get((row.key, d10))
        if kept is None:
            kept = found.rows[(row.key, d10)] = self._hurt(sb, wounds, strain, carried, vicious, extra,
                                                           _Dice([face] if d10 is None else [face, d10], rng))
        return kept, True

    def _hurt(self, sb: int, wounds: int, strain: int, carried: tuple[stats.Carried, ...], vicious: int, extra: int,
              dice: _Dice) -> Hurt:
        crit = damage.critical(self.store.actor(sb), dice, self.options, vicious=vicious, extra=extra,
                               wounds_now=wounds, strain_now=strain, carried_now=list(carried))
        return Hurt(crit.effects, carried + ((crit.carried,) if crit.carried is not None else ()), crit.wounds,
                    crit.strain)


__all__ = ["Fixed", "HitSpec", "Hurt", "Injury", "Odds", "Strike", "Strikes", "Taken"]
