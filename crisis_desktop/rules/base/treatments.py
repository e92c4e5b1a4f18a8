"""Treatments: the ways a ruleset heals (a fight's healing action, a maneuver, rest and recovery between fights)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Treatment:
    """One way the rules heal a patient, as the views offer it, and why it cannot be given now.

    `action_key`: the fight's action or maneuver this treatment is, taken on the turn of whoever gives it (the
    healer, or the patient itself) at that action's price; None for a treatment outside a fight's turns (a night's
    rest, recovery after the encounter), given with `Healing.treat`."""

    key: str
    label: str
    help: str = ""
    action_key: str | None = None
    healer: bool = True                          # another character gives it (the GM picks who); False: the patient
    rolls: bool = False                          # a check: the app's dice or the faces the GM types
    choices: tuple[tuple[str, str], ...] = ()    # (key, label): one to pick (which injury, which skill)
    reason: str = ""                             # why it cannot be given now; empty when it can
    # How near the healer must stand to the patient on the battle map: steps counting every diagonal as 1 (1 is
    # adjacent, as `Grid.reach` counts); None: anywhere (or the rules do not say).
    reach: int | None = None

    @property
    def allowed(self) -> bool:
        return not self.reason
