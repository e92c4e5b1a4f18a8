"""The simulator's light fight (no undo, no log) plays exactly as the undoable encounter controller at the table does:
the same seed and tactics give the same fight, step for step, for every demo encounter (on its map where it has one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crisis_desktop.controller.attack_view import AttackView
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import FightView
from crisis_desktop.controller.history import History
from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, Target, run_seed
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import parse_campaign_bytes

DEMOS = [("campaign.json", "Raider Ambush"), ("campaign.json", "Wolves at the Ridge"), ("genesys.json", None),
         ("moments.json", None)]


class PushingController(EncounterController):
    """The controller's intents as the GUI uses them: every intent's command pushed on an undo history at once."""

    def __init__(self, campaign: Any, encounter_id: str, ruleset: Any, view: FightView, preview: AttackView):
        super().__init__(campaign, encounter_id, ruleset, view=view, preview=preview)
        self.history = History(campaign)

    def _pushed(self, command: Any) -> Any:
        self.history.push(command)
        return command

    def start(self, dice: Any) -> Any:
        return self._pushed(super().start(dice))

    def step(self, *args: Any, **kwargs: Any) -> Any:
        return self._pushed(super().step(*args, **kwargs))

    def attack(self, *args: Any, **kwargs: Any) -> Any:
        return self._pushed(super().attack(*args, **kwargs))

    def take_action(self, *args: Any, **kwargs: Any) -> Any:
        return self._pushed(super().take_action(*args, **kwargs))

    def end_encounter(self) -> Any:
        return self._pushed(super().end_encounter())


class TableView(FightView):
    """The table's own view, read afresh each time: nothing kept to forget when the fight changes."""

    def changed(self, changes: Any = None) -> None:
        return None


class TableController:
    """The simulator's controller at the table: the plain view and attack view, and the intents pushed on a history."""

    def __init__(self, campaign: Any, encounter_id: str, ruleset: Any, options: Any = None, terrain: Any = None):
        self.campaign = campaign
        self.view = TableView(campaign, encounter_id, ruleset)
        self.preview = AttackView(self.view)
        self.commands = PushingController(campaign, encounter_id, ruleset, self.view, self.preview)

    def begin(self, dice: Any) -> None:
        """As SimController.begin: start the fight unless it is under way."""
        if not self.view.encounter.started:
            self.commands.start(dice)


class AtTheTable(FightPlayer):
    def fresh(self) -> Any:
        from crisis_desktop.domain import Campaign

        return TableController(Campaign.model_validate(self._pristine), self.setup.encounter_id, self.ruleset)


@pytest.mark.parametrize(("demo", "name"), DEMOS)
def test_the_light_fight_is_the_controllers_fight(demo: str, name: str | None) -> None:
    campaign = parse_campaign_bytes(resource("demo", demo).read_bytes(), Path(demo))
    encounter = next(e for e in campaign.encounters if name is None or e.name == name)
    ruleset = get_ruleset(campaign.ruleset)
    tactics = {"party": Tactics(Target.WEAKEST, cover=True), "enemies": Tactics(Target.DANGEROUS, flee_at=0.75)}
    setup = Setup.of(campaign, encounter.id, ruleset, tactics)
    light, table = FightPlayer(setup), AtTheTable(setup)
    for index in range(3):
        assert light.play(run_seed(5, index)) == table.play(run_seed(5, index))
