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


def decide(rollers: Sequence[Roller], naturals: Sequence[int]) -> tuple[int | None, int | None, int, bool]:
    """Who wins a skirmish: (dealer index, taker index, R1 - R2, won on the natural roll); (None, None, 0, False)
    when nobody does. The side of the highest total wins; on equal totals the side with the highest natural roll;
    the dealer is the winning side's highest total (then the higher natural, then the first declared); the taker the
    losing side's lowest natural roll (then the lower total, then the first declared)."""
    team = [0 if r.side == rollers[0].side else 1 for r in rollers]
    totals = [n + int(r.modifier.value) for n, r in zip(naturals, rollers, strict=True)]
    best = [max(t for t, s in zip(totals, team, strict=True) if s == side) for side in (0, 1)]
    high = [max(n for n, s in zip(naturals, team, strict=True) if s == side) for side in (0, 1)]
    tie = best[0] == best[1]
    if tie and high[0] == high[1]:
        return None, None, 0, False
    winner = (0 if best[0] > best[1] else 1) if not tie else (0 if high[0] > high[1] else 1)
    members = [i for i, s in enumerate(team) if s == winner]
    others = [i for i, s in enumerate(team) if s != winner]
    dealer = min(members, key=lambda i: (-totals[i], -naturals[i], i))
    taker = min(others, key=lambda i: (naturals[i], totals[i], i))
    return dealer, taker, best[winner] - best[1 - winner], tie


def _side_tables(members: list[Roller]) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(lowest total, P[t, dealer], P[t, taker], P[t, dealer, max natural], P[t, taker, max natural]) over a side's
    d20s, t counted from the lowest total; dealer and taker as members' positions."""
    k = len(members)
    faces = np.arange(1, 21)
    grids = np.meshgrid(*([faces] * k), indexing="ij")
    nat = np.stack([g.ravel() for g in grids])                                  # (k, 20^k)
    probs = np.array([list(d20.natural(r.edge).values()) for r in members])   # (k, 20)
    weight = np.prod(probs[np.arange(k)[:, None], nat - 1], axis=0)
    mods = np.array([int(r.modifier.value) for r in members])[:, None]
    tot = nat + mods
    low_t = int(tot.min())
    best = tot.max(axis=0) - low_t
    size = int(tot.max()) - low_t + 1
    dealer = np.argmax(tot * 100 + nat, axis=0)
    taker = np.argmin(nat * 1000 + (tot - low_t), axis=0)
    top_n = nat.max(axis=0) - 1
    top = np.bincount(best * k + dealer, weights=weight, minlength=size * k).reshape(size, k)
    low = np.bincount(best * k + taker, weights=weight, minlength=size * k).reshape(size, k)
    cells = size * k * 20
    top_nat = np.bincount((best * k + dealer) * 20 + top_n, weights=weight, minlength=cells).reshape(size, k, 20)
    low_nat = np.bincount((best * k + taker) * 20 + top_n, weights=weight, minlength=cells).reshape(size, k, 20)
    return low_t, top, low, top_nat, low_nat


def _pad(table: np.ndarray, shift: int, size: int) -> np.ndarray:
    out = np.zeros((size, *table.shape[1:]))
    out[shift:shift + table.shape[0]] = table
    return out


def skirmish_outcomes(rollers: Sequence[Roller], options: Options) -> dict[tuple[int, int, int], float]:
    """P(dealer index, taker index, multiplier) over a skirmish's d20s; a tie-break win's multiplier is TIE."""
    team = [0 if r.side == rollers[0].side else 1 for r in rollers]
    index = [[i for i, s in enumerate(team) if s == side] for side in (0, 1)]
    tables = [_side_tables([rollers[i] for i in idx]) for idx in index]
    lowest = min(t[0] for t in tables)
    size = max(t[0] + t[1].shape[0] for t in tables) - lowest
    top = [_pad(t[1], t[0] - lowest, size) for t in tables]
    low = [_pad(t[2], t[0] - lowest, size) for t in tables]
    top_nat = [_pad(t[3], t[0] - lowest, size) for t in tables]
    low_nat = [_pad(t[4], t[0] - lowest, size) for t in tables]
    diff = np.arange(size)[:, None] - np.arange(size)[None, :]
    by_difference = {d: band(d) for d in range(1, size)}
    masks = {m: np.isin(diff, [d for d, mm in by_difference.items() if mm == m]).astype(float)
             for m in set(by_difference.values())}
    above = np.tril(np.ones((20, 20)), -1)          # [n, m] = 1 where n > m
    out: dict[tuple[int, int, int], float] = {}
    for winner in (0, 1):
        loser = 1 - winner
        for m, mask in masks.items():
            w = np.einsum("ti,tu,uj->ij", top[winner], mask, low[loser])
            for a, b in product(range(w.shape[0]), range(w.shape[1])):
                if w[a, b] > 0:
                    key = (index[winner][a], index[loser][b], m)
                    out[key] = out.get(key, 0.0) + float(w[a, b])
        w = np.einsum("tin,nm,tjm->ij", top_nat[winner], above, low_nat[loser])
        for a, b in product(range(w.shape[0]), range(w.shape[1])):
            if w[a, b] > 0:
                key = (index[winner][a], index[loser][b], TIE)
                out[key] = out.get(key, 0.0) + float(w[a, b])
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

