"""Genesys talents an attacker uses on its own attack, offered as attack inputs only to one who has them: Sniper
Shot (a maneuver before a ranged attack, not thrown: one range band further per rank used, each upgrading the
difficulty once), Precise Aim (after aiming: strain up to the ranks, each taking a point off the target's defence) and
Brace (a maneuver: up to its ranks of setback dice from the circumstances taken off)."""

from __future__ import annotations

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import Actor, AttackRequest, Effect, FieldKind, FieldSpec
from crisis_desktop.rules.genesys import actions, talents
from crisis_desktop.rules.genesys.narrative import Pool

SITUATION = "Situation"


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _sniper(character: Character, melee: bool, thrown: bool) -> int:
    return 0 if melee or thrown else talents.rank(character, "sniper_shot")


def inputs(attacker: Actor, melee: bool, thrown: bool) -> list[FieldSpec]:
    c = attacker.character
    specs: list[FieldSpec] = []
    sniper = _sniper(c, melee, thrown)
    if sniper:
        specs.append(FieldSpec("sniper_shot", "Sniper Shot: bands further", FieldKind.INT, SITUATION, 0, 0, sniper,
                               help=f"Sniper Shot {sniper} (a maneuver before the attack): the weapon reaches one "
                                    "range band further per rank used, each upgrading the difficulty once"))
    aim = talents.rank(c, "precise_aim")
    if aim:
        specs.append(FieldSpec("precise_aim", "Precise Aim: strain suffered", FieldKind.INT, SITUATION, 0, 0, aim,
                               help=f"Precise Aim {aim} (after aiming): each strain suffered takes 1 off the "
                                    "target's defence for this attack"))
    brace = talents.rank(c, "brace")
    if brace:
        specs.append(FieldSpec("brace", "Brace: setback taken off", FieldKind.INT, SITUATION, 0, 0, brace,
                               help=f"Brace {brace} (a maneuver): up to {brace} setback dice from the circumstances "
                                    "(the setback dice given above) taken off"))
    return specs


def sniper_bands(request: AttackRequest, melee: bool) -> int:
    thrown = "thrown" in request.weapon.tags
    return min(_int(request.inputs.get("sniper_shot")), _sniper(request.attacker.character, melee, thrown))


def precise_aim(request: AttackRequest) -> int:
    return min(_int(request.inputs.get("precise_aim")), talents.rank(request.attacker.character, "precise_aim"))


def applied(pool: Pool, request: AttackRequest, *, beyond: int, defence: int, aimed: int, circumstances: int) -> Pool:
    """Sniper Shot's upgrades (`beyond`: bands past the weapon's own reach), Precise Aim's defence taken off (at most
    the target's `defence`; it needs `aimed`), Brace's setback taken off (at most the `circumstances`')."""
    name = request.attacker.name
    if beyond:
        pool = pool.upgrade_difficulty(beyond, f"{name}: Sniper Shot, {beyond} band{'s' if beyond != 1 else ''} "
                                               "further")
    aim = precise_aim(request)
    if aim:
        if aimed < 1:
            raise ValueError(f"{name} must Aim first to use Precise Aim")
        pool = pool.add("setback", -min(aim, defence), f"{name}: Precise Aim {aim}")
    brace = min(_int(request.inputs.get("brace")), talents.rank(request.attacker.character, "brace"))
    if brace and circumstances:
        pool = pool.add("setback", -min(brace, circumstances), f"{name}: Brace {brace}")
    return pool


def strain(request: AttackRequest) -> list[Effect]:
    """The strain the attacker suffers for Precise Aim."""
    return actions.strain_effect(request.attacker, precise_aim(request), "Precise Aim")[0]
