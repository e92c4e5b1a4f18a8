"""The Healing capability: a system whose fights have a healing action, and perhaps other treatments besides."""


from __future__ import annotations

from abc import ABC, abstractmethod

from crisis_desktop.rules.base.combat import (
    CheckResult,
)
from crisis_desktop.rules.base.economy import ActionRole, TurnEffects
from crisis_desktop.rules.base.part import Part
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.treatments import Treatment
from crisis_desktop.rules.base.values import Options, Term
from crisis_desktop.rules.kernel.dice import DiceSource


class Healing(Part, ABC):
    """A system whose fights have a healing action (crisis: First aid, a Medicine check), and perhaps other
    treatments besides (genesys: stimpacks, rest, recovery after the fight)."""

    @abstractmethod
    def heal(self, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
             modifiers: tuple[Term, ...] = ()) -> tuple[CheckResult, TurnEffects]: ...

    def treatments(self, patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
        """Every treatment of the rules for `patient`, in the order a GM looks for them, each with the reason it
        cannot be given now; `fighting`: the patient's encounter is running. By default the fight's healing
        action (the action of role HEAL, rolled by `heal`) is the one treatment."""
        actions = self.rules.economy.actions()
        action = next((a for a in actions if a.role is ActionRole.HEAL), None)
        if action is None:
            return []
        reason = "" if fighting else f"{action.label} is given in a fight, on the healer's turn"
        return [Treatment(action.key, action.label, action.help, action_key=action.key, rolls=True, reason=reason)]

    def treat(self, key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
              choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
        """Give a treatment outside a fight's turns (one whose `action_key` is None); in a fight, one given by an
        action of role HEAL other than the first (that one is `heal`'s; the controller charges the action: a genesys
        stimpack), or one given by a healer's action of another role (crisis-classic: an Adrenalin Shot given to
        another), its price included: the check rolled, if any, and its effects; ValueError with the reason when it
        cannot be given. `healer` is the patient for a treatment without a healer; `choice` one of the treatment's
        choices."""
        raise ValueError(f"These rules have no treatment {key!r} outside a fight's turns")
