"""Genesys talents a target uses against an attack: Dodge (out of turn, before the roll: strain to upgrade the
difficulty), Parry and Reflect (out of turn, once hit: 3 strain to take 2 + ranks off the hit's damage before soak),
and the standing upgrades of Defensive Stance (melee) and Side Step (ranged), whose strain was suffered on the
target's own turn. Each is offered as a target input of the attack only to a target who has the talent."""

from __future__ import annotations

from crisis_desktop.domain import ItemKind
from crisis_desktop.rules.base import Actor, AttackTarget, FieldKind, FieldSpec
from crisis_desktop.rules.genesys import stats, talents
from crisis_desktop.rules.genesys.narrative import Pool

TARGET = "Target"
PARRY_STRAIN, PARRY_BASE = 3, 2
MELEE_WEAPON_SKILLS = ("melee",)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _holds_melee_weapon(target: Actor) -> bool:
    return any(i.stats.get("skill") in MELEE_WEAPON_SKILLS for i in stats.equipped(target.character, ItemKind.WEAPON))


def cut_talent(target: Actor, melee: bool) -> str | None:
    """The talent that may take damage off this attack's hit: Parry against melee, Reflect against ranged; both need
    a Melee weapon in hand."""
    key = "parry" if melee else "reflect"
    return key if talents.rank(target.character, key) and _holds_melee_weapon(target) else None


def inputs(target: Actor, melee: bool) -> list[FieldSpec]:
    """The talents the target may use against this attack."""
    c = target.character
    specs: list[FieldSpec] = []
    dodge = talents.rank(c, "dodge")
    if dodge:
        specs.append(FieldSpec("dodge", "Dodge: strain suffered", FieldKind.INT, TARGET, 0, 0, dodge,
                               help=f"{target.name} may suffer strain up to their Dodge {dodge} to upgrade the "
                                    "check's difficulty once per strain (before the roll)"))
    stance = "defensive_stance" if melee else "side_step"
    ranks = talents.rank(c, stance)
    if ranks:
        name = talents.catalogue()[stance].name
        specs.append(FieldSpec(stance, f"{name} this round", FieldKind.INT, TARGET, 0, 0, ranks,
                               help=f"The strain {target.name} suffered for {name} on their last turn: each upgrades "
                                    f"the difficulty of {'melee' if melee else 'ranged'} attacks against them once"))
    cut = cut_talent(target, melee)
    if cut is not None:
        rank = talents.rank(c, cut)
        name = talents.catalogue()[cut].name
        specs.append(FieldSpec(cut, f"{name} if hit", FieldKind.BOOL, TARGET, False,
                               help=f"If the attack hits, {target.name} suffers {PARRY_STRAIN} strain to take "
                                    f"{PARRY_BASE + rank} off its damage before soak ({name} {rank})"))
    return specs


def upgrades(pool: Pool, aimed: AttackTarget, target: Actor, melee: bool) -> Pool:
    """Dodge's and the stance's upgrades of the difficulty, at most the target's ranks."""
    c = target.character
    dodge = min(_int(aimed.inputs.get("dodge")), talents.rank(c, "dodge"))
    if dodge:
        pool = pool.upgrade_difficulty(dodge, f"{target.name}: Dodge ({dodge} strain)")
    stance = "defensive_stance" if melee else "side_step"
    n = min(_int(aimed.inputs.get(stance)), talents.rank(c, stance))
    if n:
        pool = pool.upgrade_difficulty(n, f"{target.name}: {talents.catalogue()[stance].name} {n}")
    return pool


def damage_cut(aimed: AttackTarget, target: Actor, melee: bool) -> tuple[str, int] | None:
    """Parry's or Reflect's term on the hit ('Parry 2', -4) when the target uses it."""
    cut = cut_talent(target, melee)
    if cut is None or not aimed.inputs.get(cut):
        return None
    rank = talents.rank(target.character, cut)
    return f"{talents.catalogue()[cut].name} {rank}", -(PARRY_BASE + rank)


def strain(aimed: AttackTarget, target: Actor, melee: bool, hit: bool) -> list[tuple[int, str]]:
    """The strain the target suffers for its talents on this attack: Dodge's always, Parry's or Reflect's if hit."""
    c = target.character
    out: list[tuple[int, str]] = []
    dodge = min(_int(aimed.inputs.get("dodge")), talents.rank(c, "dodge"))
    if dodge:
        out.append((dodge, "Dodge"))
    cut = damage_cut(aimed, target, melee)
    if hit and cut is not None:
        out.append((PARRY_STRAIN, cut[0].rsplit(" ", 1)[0]))
    return out
