"""Genesys damage: soak (less Pierce), wounds and strain against their thresholds, minion groups sharing one wound
pool, critical injuries rolled on the table (+10 per injury carried, per Vicious rank, per extra activation)."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Character, ItemKind
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    DamageResult,
    Effect,
    Explained,
    Options,
    SetResource,
    SetStatus,
    Term,
)
from crisis_desktop.rules.genesys import checks, sheet, stats, tables, talents
from crisis_desktop.rules.genesys.actions import strain_effect
from crisis_desktop.rules.genesys.options import eote, option
from crisis_desktop.rules.kernel.dice import DiceSource


def soak_against(target: Character, pierce: int = 0, pierced_by: str = "") -> Explained:
    """The target's soak, less the weapon's Pierce and Breach (never below 0); Reinforced armour worn keeps it
    whole."""
    value = sheet.soak(target)
    if pierce:
        label = pierced_by or f"Pierce {pierce}"
        if any(stats.qualities(a).get("reinforced") for a in stats.equipped(target, ItemKind.ARMOUR)):
            return value.plus(f"{label} (Reinforced armour: none)", 0)
        value = value.plus(label, -min(pierce, int(value.value)))
    return value


@dataclass(frozen=True)
class Taken:
    """What a hit did to a target's wounds or strain: the result, and whether it calls for a critical injury
    (a character knocked out by wounds suffers one at once)."""

    result: DamageResult
    wounds: int
    strain: int
    knocked_out: bool = False


def take(target: Actor, damage: Explained, soak: Explained | None, options: Options, *,
         to_strain: bool = False, wounds_now: int | None = None, strain_now: int | None = None) -> Taken:
    """Damage less soak (no soak when `soak` is None: Stun X) to wounds, or to strain (`to_strain`: stun damage);
    rivals and minions take strain as wounds. `wounds_now`/`strain_now`: the state left by earlier hits of the same
    attack."""
    c = target.character
    wounds = stats.wounds(c) if wounds_now is None else wounds_now
    strain = stats.strain(c) if strain_now is None else strain_now
    taken = damage if soak is None else damage.plus("soak", -int(soak.value))
    if taken.value < 0:
        taken = taken.clamped(low=0, label="no damage")
    amount = int(taken.value)
    notes: list[str] = []
    effects: list[Effect] = []
    knocked_out = False
    threshold = int(sheet.wound_threshold(c).value)
    if to_strain and stats.tracks_strain(c):
        limit = sheet.strain_threshold(c)
        strain += amount
        effects.append(SetStatus(c.id, "strain", strain))
        if limit is not None and strain > limit.value >= strain - amount:
            notes.append(f"{target.name} is incapacitated: strain {strain} over its threshold {limit.value:g}")
    else:
        before = wounds
        wounds += amount
        kind = stats.adversary(c)
        if kind in (None, stats.NEMESIS):
            wounds = min(wounds, 2 * threshold)        # the overflow is tracked up to twice the threshold
        effects.append(SetStatus(c.id, "wounds", wounds))
        if to_strain:
            notes.append(f"{target.name} takes strain as wounds")
        if kind == stats.MINION:
            alive_before, alive = stats.minions_alive(c, before), stats.minions_alive(c, wounds)
            if alive < alive_before:
                fell = alive_before - alive
                notes.append(f"{fell} minion{'s' if fell != 1 else ''} of {target.name} fall"
                             f"{'' if fell != 1 else 's'}: {alive} left")
        elif wounds > threshold >= before:
            if kind == stats.RIVAL:
                notes.append(f"{target.name} is defeated: {wounds} wounds over its threshold {threshold}")
            else:
                knocked_out = True
                notes.append(f"{target.name} is knocked out: {wounds} wounds over its threshold {threshold}; "
                             "a critical injury at once")
    result = DamageResult(damage, taken, not to_strain, tuple(effects), tuple(notes))
    return Taken(result, wounds, strain, knocked_out)


@dataclass(frozen=True)
class Critical:
    """A critical injury suffered: the roll with its terms, the row, and what it does."""

    roll: Explained | None          # None for a minion group: a critical simply removes one member
    row: tables.CriticalRow | None
    effects: tuple[Effect, ...]
    notes: tuple[str, ...]
    carried: stats.Carried | None = None    # the injury now carried (None: a minion's, or death)
    wounds: int = 0                         # wounds and strain once it is suffered
    strain: int = 0


def critical_roll_terms(target: Character, vicious: int, extra: int, options: Options, *,
                        lethal_blows: int = 0) -> list[Term]:
    """What is added to the d100: +10 per injury carried, per Vicious rank, per extra activation, per rank of the
    attacker's Lethal Blows; -10 per rank of the target's Durable (the row read is never below 1)."""
    const = tables.critical_constants()
    terms = []
    carried = len(stats.criticals(target))
    if carried:
        terms.append(Term(f"{carried} critical injur{'y' if carried == 1 else 'ies'} carried",
                          const["per_existing"] * carried))
    if vicious:
        terms.append(Term(f"Vicious {vicious}", const["per_vicious"] * vicious))
    if extra and option(options, "crit_extra_activation_plus10") == "true":
        plural = "s" if extra != 1 else ""
        terms.append(Term(f"{extra} extra activation{plural}", const["per_extra_activation"] * extra))
    if lethal_blows:
        terms.append(Term(f"Lethal Blows {lethal_blows}", talents.catalogue()["lethal_blows"].per_rank * lethal_blows))
    durable = talents.rank(target, "durable")
    if durable:
        terms.append(Term(f"Durable {durable}", -talents.catalogue()["durable"].per_rank * durable))
    return terms


def critical(target: Actor, dice: DiceSource, options: Options, *, vicious: int = 0, extra: int = 0,
             lethal_blows: int = 0,
             wounds_now: int | None = None, strain_now: int | None = None,
             carried_now: list[stats.Carried] | None = None) -> Critical:
    """Roll a critical injury for the target and say what it does. A minion group loses one member instead."""
    c = target.character
    wounds = stats.wounds(c) if wounds_now is None else wounds_now
    strain = stats.strain(c) if strain_now is None else strain_now
    if stats.is_minion(c):
        alive = stats.minions_alive(c, wounds)
        if alive <= 0:
            return Critical(None, None, (), (), None, wounds, strain)
        down = stats.group_size(c) - alive + 1        # members out once this one falls
        wounds = max(wounds, down * stats.member_threshold(c) + 1)
        return Critical(None, None, (SetStatus(c.id, "wounds", wounds),),
                        (f"A critical injury takes one minion of {target.name} out: "
                         f"{stats.minions_alive(c, wounds)} left",), None, wounds, strain)
    carried = stats.criticals(c) if carried_now is None else carried_now
    probe = c.model_copy(update={"status": {**c.status, "criticals": stats.criticals_text(carried)}})
    face = dice.roll(tables.critical_constants()["die"], f"{target.name}: critical injury")
    roll = Explained.of(Term("d100", face), *critical_roll_terms(probe, vicious, extra, options,
                                                                     lethal_blows=lethal_blows))
    row = tables.critical_row(int(roll.value))
    detail = ""
    notes = [f"Critical injury for {target.name}: {roll.explain()}: {row.name} - {row.text(eote(options))}"]
    if row.characteristic_loss:
        d10 = dice.roll(10, f"{target.name}: {row.name} characteristic")
        detail = tables.critical_characteristic(d10)
        notes.append(f"{row.name}: d10 {d10} picks {stats.label(detail)}"
                     + (" (lower it on the sheet, never below 1)" if row.characteristic_loss == "permanent" else ""))
    effects: list[Effect] = []
    injury = stats.Carried(row, detail) if row.key != "dead" else None
    if injury is not None:
        effects.append(SetStatus(c.id, "criticals", stats.criticals_text([*carried, injury])))
    if row.condition:
        effects.append(AddCondition(c.id, row.condition, row.rounds))
    if row.strain:
        more, said = strain_effect(target, row.strain, row.name.lower(), wounds_now=wounds, strain_now=strain)
        effects += more
        notes += said
        if stats.tracks_strain(c):
            strain += row.strain
        else:
            wounds += row.strain
    if row.key == "distracted" and target.combatant is not None:
        effects.append(SetResource(target.combatant.id, "distracted", True))
    if row.next_check and target.combatant is not None:
        for key, n in row.next_check:
            effects.append(SetResource(target.combatant.id, key, checks.next_check(target).get(key, 0) + n))
    return Critical(roll, row, tuple(effects), tuple(notes), injury, wounds, strain)


def apply_damage(target: Actor, amount: int, options: Options, *, lethal: bool = True,
                 damage_type: str = "physical", label: str = "damage") -> DamageResult:
    """Damage the GM deals by hand: soak applies; non-lethal damage goes to strain. A character knocked out by it
    still needs its critical injury rolled (the note says so)."""
    taken = take(target, Explained.of((label, amount)), soak_against(target.character), options,
                 to_strain=not lethal)
    return taken.result


def note_only_criticals() -> list[str]:
    """The critical injury rows whose effect is left to the GM as a note (docs/rules-genesys.md says why)."""
    return [row.key for row in tables.criticals() if not _mechanical(row)]


def _mechanical(row: tables.CriticalRow) -> bool:
    return bool(row.condition or row.strain or row.checks != tables.CheckEffect() or row.no_free_maneuver
                or row.no_voluntary_strain or row.strain_per_action or row.characteristic_loss == "temporary"
                or row.wounds_per_turn or row.next_check or row.key == "distracted")


def overridden(before: Character, after: Character) -> list[str]:
    """What wounds or strain set by hand bring, as a hit would: past the wound threshold a character is knocked out
    and suffers a critical injury at once (its d100 is rolled when the GM deals it: an override rolls nothing), a
    rival is defeated; past the strain threshold a character is incapacitated. Notes for the log."""
    notes: list[str] = []
    threshold = int(sheet.wound_threshold(after).value)
    was, now = stats.wounds(before), stats.wounds(after)
    kind = stats.adversary(after)
    if now > threshold >= was and kind != stats.MINION:
        if kind == stats.RIVAL:
            notes.append(f"{after.name} is defeated: {now} wounds over its threshold {threshold}")
        else:
            notes.append(f"{after.name} is knocked out: {now} wounds over its threshold {threshold}; a critical "
                         "injury at once (roll it as damage dealt by hand: an override rolls nothing)")
    limit = sheet.strain_threshold(after)
    if limit is not None and stats.strain(after) > limit.value >= stats.strain(before):
        notes.append(f"{after.name} is incapacitated: strain {stats.strain(after)} over its threshold {limit.value:g}")
    return notes
