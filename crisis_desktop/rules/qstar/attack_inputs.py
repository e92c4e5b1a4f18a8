"""What the GM sets for an attack in both crisis rulesets: the attack dialog is generated from these inputs."""

from __future__ import annotations

from crisis_desktop.rules.base import Actor, CoverLevel, FieldKind, FieldSpec
from crisis_desktop.rules.base.capabilities import is_surprised
from crisis_desktop.rules.qstar.context import ATTACKS

SITUATION = "Situation"
TARGET = "Target"


def attack_inputs(*, aim: int, called_shot: str = "") -> list[FieldSpec]:
    """The attack's own inputs, whatever its targets: the aim the attacker has taken, the GM's circumstances, and
    where the campaign's rules have one, the called shot (`called_shot`: what it aims at, in words)."""
    specs = [
        FieldSpec("aim", "Aim", FieldKind.INT, SITUATION, aim, 0, 10, help="Uses of Take Aim before this attack"),
        FieldSpec("circumstance", "Circumstance", FieldKind.INT, SITUATION, 0, -20, 20,
                  help="A circumstance of the GM's on the attack roll"),
        FieldSpec("damage_circumstance", "Damage circumstance", FieldKind.INT, SITUATION, 0, -20, 20),
        FieldSpec("non_lethal", "Non-lethal", FieldKind.BOOL, SITUATION, False),
    ]
    if called_shot:
        specs.append(FieldSpec("called_shot", "Called shot", FieldKind.BOOL, SITUATION, False, help=called_shot))
    return specs


def target_inputs(target: Actor, fight_round: int, *, ranged: bool, rof: int, area: bool,
                  unit: str) -> list[FieldSpec]:
    """Each target's inputs with their limits and defaults: a ranged weapon starts at 2 (a melee one at 0, its
    reach), a surprised target in the surprise round (round 0) is surprised; a RoF weapon says how many of its
    attacks go at this target, an area weapon how far the target stands from the centre and whether it dodges."""
    surprised = is_surprised(target.combatant) and fight_round == 0
    specs = [
        FieldSpec("distance", f"Distance ({unit})", FieldKind.NUMBER, TARGET, 2.0 if ranged else 0.0, 0, 1000,
                  help="Distance to the target (measured on the battle map when the fight has one); 0 is melee reach"),
        FieldSpec("cover", "Cover", FieldKind.CHOICE, TARGET, CoverLevel.NONE, choices=tuple(CoverLevel),
                  help="The target's cover from the attacker"),
        FieldSpec("cover_penetrable", "Cover can be shot through", FieldKind.BOOL, TARGET, False),
        FieldSpec("target_prone_facing", "Target prone, facing the attacker", FieldKind.BOOL, TARGET, False),
    ]
    if rof > 1 and not area:
        specs.append(FieldSpec(ATTACKS, "Attacks (RoF)", FieldKind.INT, TARGET, 1, 1, rof,
                               help="How many of the weapon's attacks go at this target, declared before rolling; "
                                    "each attack after the first costs AP and HIT"))
    if not ranged:
        specs.append(FieldSpec("enemies_in_reach", "Enemies in reach", FieldKind.INT, TARGET, 1, 1, 12,
                               help="Enemies in melee reach of the target, the attacker included"))
    specs.append(FieldSpec("target_surprised", "Target surprised", FieldKind.BOOL, TARGET, surprised))
    if area:
        specs += [
            FieldSpec("tiles_from_centre", "Tiles from the centre", FieldKind.INT, TARGET, 0, 0, 50,
                      help="How far the target stands from where the blast lands"),
            FieldSpec("target_dodges", "Target dodges", FieldKind.BOOL, TARGET, False,
                      help="Declared before the roll: an Athletics contest, once per round"),
        ]
    return specs
