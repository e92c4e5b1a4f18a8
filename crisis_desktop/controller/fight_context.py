"""What every intent on one fight shares: its view, its attack view, the drafting of one event, and the guards that
refuse an intent with the reason (no Qt). The encounter controller and its intent objects (checks, healing, the GM's
overrides) are each handed the same context."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from crisis_desktop.controller.attack_view import AttackView
from crisis_desktop.controller.fight import NOBODY_LEFT, DraftFight, FightView
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.base import Actor, Ruleset


class FightContext:
    """One encounter of a campaign under its ruleset, as the intents on it see it: `view` reads the fight, `preview`
    reads its attacks and map before any roll, `drafting()` lends a draft to build one event on."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset, view: FightView, preview: AttackView,
                 draft: Callable[[], DraftFight]) -> None:
        self.campaign, self.encounter_id, self.ruleset = campaign, encounter_id, ruleset
        self.view = view
        self.preview = preview
        self._draft = draft

    @contextmanager
    def drafting(self) -> Iterator[DraftFight]:
        """A fresh draft of one event: nothing of the live campaign changes while it is built."""
        yield self._draft()

    def not_running(self, what: str) -> None:
        """ValueError when the encounter is over."""
        encounter = self.view.encounter
        if encounter.ended:
            raise ValueError(f"{encounter.name} is over: cannot {what}")

    def running(self, what: str) -> Encounter:
        """The encounter; ValueError when it has not started or is over."""
        encounter = self.view.encounter
        if not encounter.started:
            raise ValueError(f"Start the encounter first: cannot {what}")
        self.not_running(what)
        return encounter

    def may_act(self, combatant_id: str) -> None:
        """ValueError with the reason the combatant cannot act now (nobody left, not its turn, down)."""
        view = self.view
        if not view.anyone_left():
            raise ValueError(NOBODY_LEFT)
        if not view.flow.may_act(view, combatant_id):
            acting = ", ".join(view.name(a) for a in view.acting()) or "nobody"
            raise ValueError(f"{view.name(combatant_id)} cannot act now: it is {acting}'s turn")
        down = view.down_reason(combatant_id)
        if down is not None:
            raise ValueError(down)

    def fighters(self) -> list[Actor]:
        """Everyone in the fight, as the rules read them (for choices that land on an ally)."""
        view = self.view
        return [view.actor(c.id) for c in view.encounter.combatants if self.campaign.has_character(c.character_id)]

    def beyond_reach(self, what: str, reach: int | None, one_id: str, other_id: str) -> str | None:
        """"Vera Kask is 4 tiles from Rask: First aid needs them adjacent" (`reach` in map steps, diagonals counting
        1); None in reach, on oneself, without a reach or without a map."""
        if reach is None or one_id == other_id:
            return None
        apart = self.preview.apart(one_id, other_id)
        if apart is None or apart[1] <= reach:
            return None
        needs = "adjacent" if reach == 1 else f"within {reach} tiles"
        name = self.view.name
        return f"{name(one_id)} is {apart[0]} tiles from {name(other_id)}: {what} needs them {needs}"


__all__ = ["FightContext"]
