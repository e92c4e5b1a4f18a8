"""Exact odds of a ranged attack or a skirmish before the roll: who wins, who takes the damage, its distribution, the
pain, a critical or supercritical wound and being dropped, for every participant. No sampling: a skirmish side's d20s
are enumerated together (20^k outcomes for k fighters, in arrays), and the two sides combine through their maxima."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product

import numpy as np

from crisis_desktop.rules.base import Options
from crisis_desktop.rules.skirmish import d20, sheet, wounds
from crisis_desktop.rules.skirmish.fighters import Roller
from crisis_desktop.rules.skirmish.options import option

TIE = -1     # in outcome keys: a win on the natural-roll tie-break (difference 0), whose multiplier is an option


@dataclass(frozen=True)
class ParticipantOdds:
    """One participant's odds: taking the damage (with what it does) and dealing it."""

    key: str
    name: str
    side: str
    takes: float
    deals: float
    damage: Mapping[int, float]        # P(damage taken == n), 0 when it takes none
    pain: Mapping[int, float]          # P(pain taken == n)
    critical: float
    supercritical: float
    drop: float                        # P(incapacitated, dying or dead after the attack)

    @property
    def expected_damage(self) -> float:
        return sum(v * p for v, p in self.damage.items())


@dataclass(frozen=True)
class FightOdds:
    """The odds of one ranged attack or skirmish: each participant (the attacker first, then each target once, in the
    order declared), each side's chance to win (a ranged attack's side wins when it hits) and nobody's."""

    participants: tuple[ParticipantOdds, ...]
    sides: Mapping[str, float]
    nobody: float
    outcomes: Mapping[tuple[str, str, int], float] = field(default_factory=dict)   # (dealer, taker, M) -> P

    def of(self, key: str) -> ParticipantOdds:
        return next(p for p in self.participants if p.key == key)


def band(difference: int) -> int:
    """The multiplier a positive roll difference gives (the table's rows)."""
    return wounds.multiplier(difference, {})


@dataclass(frozen=True)
class Decision:
    """Who won a skirmish: the dealer and the taker (indexes of the rollers; None when nobody is hurt), the roll
    difference R1 - R2, whether it was won on the natural roll, and whether on a natural 20 (the later text)."""

    dealer: int | None
    taker: int | None
    difference: int = 0
    tie: bool = False
    critical: bool = False

    def multiplier(self, options: Options) -> int:
        """The table's multiplier; the tie multiplier on a natural-roll win; at least 2 on a natural 20's win."""
        if self.critical:
            return max(2, band(self.difference)) if self.difference > 0 else 2
        return wounds.multiplier(0 if self.tie else self.difference, options)


NOBODY = Decision(None, None)


def decide(rollers: Sequence[Roller], naturals: Sequence[int], later: bool = False) -> Decision:
    """Who wins a skirmish. The side of the highest total wins; on equal totals the side with the highest natural
    roll; still equal, nobody. The dealer is the winning side's highest total (then the higher natural, then the first
    declared); the taker the losing side's lowest natural roll (then the lower total, then the first declared).
    `later`: a natural 20 on one side only beats any roll of the other, its roller (the highest total of them) dealing
    the damage with a multiplier of at least 2; natural 20s on both sides cancel (the rolls count as they are)."""
    team = [0 if r.side == rollers[0].side else 1 for r in rollers]
    totals = [n + int(r.modifier.value) for n, r in zip(naturals, rollers, strict=True)]
    best = [max(t for t, s in zip(totals, team, strict=True) if s == side) for side in (0, 1)]
    high = [max(n for n, s in zip(naturals, team, strict=True) if s == side) for side in (0, 1)]

    def taker_of(side: int) -> int:
        return min((i for i, s in enumerate(team) if s == side), key=lambda i: (naturals[i], totals[i], i))

    if later and (high[0] == 20) != (high[1] == 20):
        winner = 0 if high[0] == 20 else 1
        dealer = min((i for i, s in enumerate(team) if s == winner and naturals[i] == 20),
                     key=lambda i: (-totals[i], i))
        return Decision(dealer, taker_of(1 - winner), totals[dealer] - best[1 - winner], critical=True)
    tie = best[0] == best[1]
    if tie and high[0] == high[1]:
        return NOBODY
    winner = (0 if best[0] > best[1] else 1) if not tie else (0 if high[0] > high[1] else 1)
    dealer = min((i for i, s in enumerate(team) if s == winner), key=lambda i: (-totals[i], -naturals[i], i))
    return Decision(dealer, taker_of(1 - winner), best[winner] - best[1 - winner], tie)


@dataclass(frozen=True)
class _Side:
    """A side's d20s enumerated together, split by whether they show a natural 20 (index h: 0 none, 1 some): P[h, t,
    dealer], P[h, t, taker], P[h, t, dealer, max natural], P[h, t, taker, max natural] with t the side's best total
    counted from `lowest`; and P[t, dealer] for a natural 20's dealer (the highest total among the 20s) by its total."""

    lowest: int
    top: np.ndarray
    low: np.ndarray
    top_nat: np.ndarray
    low_nat: np.ndarray
    crit: np.ndarray


def _side(members: list[Roller]) -> _Side:
    k = len(members)
    faces = np.arange(1, 21)
    grids = np.meshgrid(*([faces] * k), indexing="ij")
    nat = np.stack([g.ravel() for g in grids])                                  # (k, 20^k)
    probs = np.array([list(d20.natural(r.edge).values()) for r in members])   # (k, 20)
    weight = np.prod(probs[np.arange(k)[:, None], nat - 1], axis=0)
    mods = np.array([int(r.modifier.value) for r in members])[:, None]
    tot = nat + mods
    lowest = int(tot.min())
    size = int(tot.max()) - lowest + 1
    best = tot.max(axis=0) - lowest
    has20 = (nat == 20).any(axis=0).astype(int)
    dealer = np.argmax(tot * 100 + nat, axis=0)
    taker = np.argmin(nat * 1000 + (tot - lowest), axis=0)
    top_n = nat.max(axis=0) - 1
    cells = 2 * size * k
    top = np.bincount((has20 * size + best) * k + dealer, weights=weight, minlength=cells).reshape(2, size, k)
    low = np.bincount((has20 * size + best) * k + taker, weights=weight, minlength=cells).reshape(2, size, k)
    top_nat = np.bincount(((has20 * size + best) * k + dealer) * 20 + top_n, weights=weight,
                          minlength=cells * 20).reshape(2, size, k, 20)
    low_nat = np.bincount(((has20 * size + best) * k + taker) * 20 + top_n, weights=weight,
                          minlength=cells * 20).reshape(2, size, k, 20)
    crit_dealer = np.argmax(np.where(nat == 20, tot - lowest + 1, 0), axis=0)
    crit_total = tot[crit_dealer, np.arange(tot.shape[1])] - lowest
    crit = np.bincount(crit_total * k + crit_dealer, weights=weight * has20, minlength=size * k).reshape(size, k)
    return _Side(lowest, top, low, top_nat, low_nat, crit)


def _pad(table: np.ndarray, shift: int, size: int, axis: int = 0) -> np.ndarray:
    shape = list(table.shape)
    shape[axis] = size
    out = np.zeros(shape)
    index = [slice(None)] * table.ndim
    index[axis] = slice(shift, shift + table.shape[axis])
    out[tuple(index)] = table
    return out


def _add(out: dict[tuple[int, int, int], float], w: np.ndarray, dealers: list[int], takers: list[int],
         m: int) -> None:
    for a, b in product(range(w.shape[0]), range(w.shape[1])):
        if w[a, b] > 0:
            key = (dealers[a], takers[b], m)
            out[key] = out.get(key, 0.0) + float(w[a, b])


def skirmish_outcomes(rollers: Sequence[Roller], options: Options) -> dict[tuple[int, int, int], float]:
    """P(dealer index, taker index, multiplier) over a skirmish's d20s; a tie-break win's multiplier is TIE."""
    team = [0 if r.side == rollers[0].side else 1 for r in rollers]
    index = [[i for i, s in enumerate(team) if s == side] for side in (0, 1)]
    sides = [_side([rollers[i] for i in idx]) for idx in index]
    lowest = min(s.lowest for s in sides)
    size = max(s.lowest + s.top.shape[1] for s in sides) - lowest
    top = [_pad(s.top, s.lowest - lowest, size, 1) for s in sides]
    low = [_pad(s.low, s.lowest - lowest, size, 1) for s in sides]
    top_nat = [_pad(s.top_nat, s.lowest - lowest, size, 1) for s in sides]
    low_nat = [_pad(s.low_nat, s.lowest - lowest, size, 1) for s in sides]
    crit = [_pad(s.crit, s.lowest - lowest, size) for s in sides]
    diff = np.arange(size)[:, None] - np.arange(size)[None, :]
    by_difference = {d: band(d) for d in range(1, size)}
    masks = {m: np.isin(diff, [d for d, mm in by_difference.items() if mm == m]).astype(float)
             for m in set(by_difference.values())}
    above = np.tril(np.ones((20, 20)), -1)          # [n, m] = 1 where n > m
    later = option(options, "paraverse_text") == "later"
    # The totals decide every case in the seed (natural 20s or not: the split is summed away); in the later text only
    # when both sides or neither show a 20 (one side alone wins on its 20, below).
    if not later:
        top, low, top_nat, low_nat = ([t.sum(axis=0, keepdims=True) for t in tables]
                                      for tables in (top, low, top_nat, low_nat))
    pairs = [(0, 0), (1, 1)] if later else [(0, 0)]
    # A natural 20's win (the later text): the table's multiplier, at least 2; 2 when its total is not the higher.
    crit_multiplier = np.full(diff.shape, 2)
    for d, m in by_difference.items():
        crit_multiplier[diff == d] = max(2, m)
    crit_masks = {int(m): (crit_multiplier == m).astype(float) for m in np.unique(crit_multiplier)} if later else {}
    out: dict[tuple[int, int, int], float] = {}
    for winner in (0, 1):
        loser = 1 - winner
        for h_w, h_l in [(h if winner == 0 else g, g if winner == 0 else h) for h, g in pairs]:
            for m, mask in masks.items():
                w = np.einsum("ti,tu,uj->ij", top[winner][h_w], mask, low[loser][h_l])
                _add(out, w, index[winner], index[loser], m)
            w = np.einsum("tin,nm,tjm->ij", top_nat[winner][h_w], above, low_nat[loser][h_l])
            _add(out, w, index[winner], index[loser], TIE)
        for m, mask in crit_masks.items():
            w = np.einsum("ti,tu,uj->ij", crit[winner], mask, low[loser][0])
            _add(out, w, index[winner], index[loser], m)
    return out


def ranged_outcomes(attacker: Roller, defender: Roller) -> dict[tuple[int, int, int], float]:
    """P(0 deals to 1 with multiplier m): a hit when the attack total is strictly higher."""
    out: dict[tuple[int, int, int], float] = {}
    a_mod, d_mod = int(attacker.modifier.value), int(defender.modifier.value)
    for a, pa in d20.natural(attacker.edge).items():
        for d, pd in d20.natural(defender.edge).items():
            difference = (a + a_mod) - (d + d_mod)
            if difference > 0:
                key = (0, 1, band(difference))
                out[key] = out.get(key, 0.0) + pa * pd
    return out


@dataclass
class _Taking:
    takes: float = 0.0
    damage: dict[int, float] = field(default_factory=dict)
    pain: dict[int, float] = field(default_factory=dict)
    critical: float = 0.0
    supercritical: float = 0.0
    drop: float = 0.0


def fight_odds(rollers: Sequence[Roller], outcomes: Mapping[tuple[int, int, int], float],
               options: Options) -> FightOdds:
    """Each participant's odds from the outcome weights: the damage of a (dealer, taker, multiplier) is fixed, the hit
    location (d4, a 1 rolling again) decides the wound."""
    taking = [_Taking() for _ in rollers]
    deals = [0.0] * len(rollers)
    sides: dict[str, float] = {r.side: 0.0 for r in rollers}
    named: dict[tuple[str, str, int], float] = {}
    locations = wounds.location_odds()
    for (d, t, m), w in outcomes.items():
        dealer, taker = rollers[d], rollers[t]
        deals[d] += w
        sides[dealer.side] += w
        mult = wounds.multiplier(0, options) if m == TIE else m
        named[(dealer.key, taker.key, mult)] = named.get((dealer.key, taker.key, mult), 0.0) + w
        protection = wounds.armour_against(taker.actor.character, dealer.weapon, options)
        _raw, taken = wounds.damage(mult, sheet.base_damage(dealer.weapon), protection)
        dealt = int(taken.value)
        c = taker.actor.character
        hurt = wounds.pain(dealt, int(sheet.fortitude(c).value))
        slot = taking[t]
        slot.takes += w
        slot.damage[dealt] = slot.damage.get(dealt, 0.0) + w
        slot.pain[hurt] = slot.pain.get(hurt, 0.0) + w
        fatigue = sheet.fatigue(c) + hurt
        for loc, p in locations.items():
            severity = wounds.wound_for(c, loc, dealt) if dealt > 0 else None
            if severity == "critical":
                slot.critical += w * p
            elif severity == "supercritical":
                slot.supercritical += w * p
            if wounds.standing(c, fatigue=fatigue, wounds={loc: severity} if severity else {}).down:
                slot.drop += w * p
    participants = []
    for r, slot, dealt_p in zip(rollers, taking, deals, strict=True):
        damage, pain = dict(slot.damage), dict(slot.pain)
        damage[0] = damage.get(0, 0.0) + 1.0 - slot.takes
        pain[0] = pain.get(0, 0.0) + 1.0 - slot.takes
        already = wounds.standing(r.actor.character).down
        participants.append(ParticipantOdds(r.key, r.name, r.side, slot.takes, dealt_p, dict(sorted(damage.items())),
                                            dict(sorted(pain.items())), slot.critical, slot.supercritical,
                                            1.0 if already else slot.drop))
    return FightOdds(tuple(participants), sides, max(0.0, 1.0 - sum(outcomes.values())), named)

