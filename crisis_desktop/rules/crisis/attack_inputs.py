"""What the GM sets for an attack in both crisis rulesets: the attack dialog is generated from these inputs."""

from __future__ import annotations

from collections.abc import Mapping

from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import Actor, CoverLevel, FieldKind, FieldSpec

SITUATION = "Situation"


def attack_inputs(target: Actor, fight_round: int, *, ranged: bool, extra_max: int, aim: int,
                  unit: str) -> list[FieldSpec]:
    """The inputs with their limits and defaults: a ranged weapon starts at 2 (a melee one at 0, its reach),
    the aim the attacker has taken, a surprised target in the surprise round (round 0)."""
    surprised = target.combatant is not None and target.combatant.surprised and fight_round == 0
    return [
        FieldSpec("distance", f"Distance ({unit})", FieldKind.NUMBER, SITUATION, 2.0 if ranged else 0.0, 0, 1000,
                  help="Distance to the target (measured on the battle map when the fight has one); 0 is melee reach"),
        FieldSpec("cover", "Cover", FieldKind.CHOICE, SITUATION, CoverLevel.NONE, choices=tuple(CoverLevel),
                  help="The target's cover from the attacker"),
        FieldSpec("cover_penetrable", "Cover can be shot through", FieldKind.BOOL, SITUATION, False),
        FieldSpec("target_prone_facing", "Target prone, facing the attacker", FieldKind.BOOL, SITUATION, False),
        FieldSpec("aim", "Aim", FieldKind.INT, SITUATION, aim, 0, 10, help="Uses of Take Aim before this attack"),
        FieldSpec("extra_attacks", "Extra attacks (RoF)", FieldKind.INT, SITUATION, 0, 0, extra_max,
                  help="Extra attacks from the weapon's rate of fire, declared before rolling"),
        FieldSpec("enemies_in_reach", "Enemies in reach", FieldKind.INT, SITUATION, 1, 1, 12,
                  help="Enemies in melee reach of the target, the attacker included"),
        FieldSpec("circumstance", "Circumstance", FieldKind.INT, SITUATION, 0, -20, 20,
                  help="A circumstance of the GM's on the attack roll"),
        FieldSpec("damage_circumstance", "Damage circumstance", FieldKind.INT, SITUATION, 0, -20, 20),
        FieldSpec("non_lethal", "Non-lethal", FieldKind.BOOL, SITUATION, False),
        FieldSpec("target_surprised", "Target surprised", FieldKind.BOOL, SITUATION, surprised),
        FieldSpec("target_dodges", "Target dodges", FieldKind.BOOL, SITUATION, False),
    ]


def normalized(inputs: Mapping[str, StatValue], *, melee: bool) -> dict[str, StatValue]:
    """The values as the crisis AttackContext takes them: a melee weapon, or a distance of 0, strikes in reach
    (no distance); cover read back as a CoverLevel (views hand choices back as text)."""
    values = dict(inputs)
    if "distance" in values and (melee or not values["distance"]):
        values["distance"] = None
    if "cover" in values:
        values["cover"] = CoverLevel(str(values["cover"]))
    return values
