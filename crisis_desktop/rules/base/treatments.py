"""Treatments: the ways a ruleset heals (a fight's healing action, a maneuver, rest and recovery between fights)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Treatment:
    """One way the rules heal a patient, as the views offer it, and why it cannot be given now.

    `action_key`: the fight's action or maneuver this treatment is, taken on the turn of whoever gives it (the
    healer, or the patient itself) at that action's price; None for a treatment outside a fight's turns (a night's
    rest, recovery after the encounter), given with `Healing.treat`.

    `reach`: how far the healer may stand from the patient on the battle map, in steps counting every diagonal as 1
    (1: adjacent, the reach of a first aid); None where the rules set no limit. The controller measures it on the
    encounter's map and refuses the treatment beyond it, naming the distance."""

    key: str
    label: str
    help: str = ""
    action_key: str | None = None
    healer: bool = True                          # another character gives it (the GM picks who); False: the patient
    rolls: bool = False                          # a check: the app's dice or the faces the GM types
    choices: tuple[tuple[str, str], ...] = ()    # (key, label): one to pick (which injury, which skill)
    reach: int | None = None                     # steps from healer to patient on the map (1: adjacent)
    reason: str = ""                             # why it cannot be given now; empty when it can

    @property
    def allowed(self) -> bool:
        return not self.reason
