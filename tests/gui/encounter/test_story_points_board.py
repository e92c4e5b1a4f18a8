"""Story points on the board: the pools bar shows them as the rules name them, "New session" fills them, the GM sets
one by hand, a point spent in the check dialog shows the pools before and after the roll and moves them; each step
undoable."""

from __future__ import annotations

import random

import pytest

from crisis_desktop.controller.pools import set_pools
from crisis_desktop.controller.rules_change import change_rules
from crisis_desktop.rules.genesys import story
from crisis_desktop.ui.dialogs.check_dialog import CheckDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.genesys_fight import combatant, genesys_board, genesys_document


@pytest.fixture
def genesys(qtbot, paths):
    document = genesys_document(paths)
    document.campaign.rule_options["genesys_variant"] = "genesys"
    board = genesys_board(document)
    qtbot.addWidget(board)
    board.resize(1400, 700)
    board.show()
    return board


def boxes(board: EncounterBoard) -> dict[str, int]:
    return {key: box.value() for key, box in board.pools_bar.boxes.items()}


def test_the_pools_bar_starts_a_session_takes_the_gms_count_and_undoes(genesys, qtbot):
    bar, document = genesys.pools_bar, genesys.document
    assert bar.isVisible() and bar.title.text() == "Story points:"
    assert [b.prefix() for b in bar.boxes.values()] == ["Players ", "GM "]
    assert boxes(genesys) == {story.PLAYERS: 0, story.GM: 0}
    with qtbot.waitSignal(genesys.message) as said:
        bar.new_session.click()
    assert said.args == ["New session: Players 2, GM 1; Story points: 2 for the players (one per player character), "
                         "1 for the GM"]
    assert document.campaign.pools == {story.PLAYERS: 2, story.GM: 1} and boxes(genesys) == document.campaign.pools
    bar.boxes[story.GM].setValue(3)              # the GM's own count
    assert document.campaign.pools[story.GM] == 3
    genesys.grab().save("/tmp/gstory-board.png")
    document.undo_stack.undo()
    assert boxes(genesys)[story.GM] == 1
    document.undo_stack.undo()
    assert boxes(genesys) == {story.PLAYERS: 0, story.GM: 0} and document.campaign.pools == {}


def test_the_destiny_variant_names_the_sides_and_rolls_the_force_dice_typed_at_the_table(genesys, qtbot, monkeypatch):
    document = genesys.document
    document.push(change_rules(document.campaign, "rule_options", {"genesys_variant": "eote"}))
    bar = genesys.pools_bar
    assert bar.title.text() == "Destiny:" and [b.prefix() for b in bar.boxes.values()] == ["Light ", "Dark "]
    asked = []

    def dice(cls, parent, title, prompt, value=(), probe=None, glyphs=None, who=""):
        wanted = probe(["ll"]).missing
        asked.append((title, wanted.label, wanted.name))
        return ["ll", "d"]          # Kara's Force die two light side pips, Jax's one dark side pip

    monkeypatch.setattr(BoardAsk, "dice", classmethod(dice))
    genesys.enter_dice.setChecked(True)
    with qtbot.waitSignal(genesys.message) as said:
        bar.new_session.click()
    assert asked == [("Destiny roll", "Jax: destiny", "Force die (white)")]
    assert said.args == ["New session: Light 2, Dark 1; Destiny roll: Kara 2 light, Jax 1 dark; light side 2, "
                         "dark side 1"]
    assert document.campaign.pools == {story.PLAYERS: 2, story.GM: 1}


def test_the_check_dialog_shows_the_pools_before_and_after_and_moves_the_point(genesys, qtbot):
    document, ctl = genesys.document, genesys.controller
    document.push(set_pools(document.campaign, ctl.ruleset, {story.PLAYERS: 2, story.GM: 1}, ctl.view.options))
    dialog = CheckDialog(ctl, combatant(genesys, "Kara"), genesys, rng=random.Random(3))
    qtbot.addWidget(dialog)
    dialog.skill.setCurrentIndex(dialog.skill.findData("ranged_light"))
    assert dialog.pools.text() == "Story points: Players 2, GM 1"
    plain = dialog.odds.text()
    dialog.inputs.editors[story.ABILITY].setChecked(True)
    assert dialog.pools.text() == "Story points: Players 2, GM 1; after this roll: Players 1, GM 2"
    assert dialog.odds.text() != plain
    dialog.show()
    dialog.grab().save("/tmp/gstory-check.png")
    dialog.roll_button.click()
    document.push(dialog.rolled_event)
    assert document.campaign.pools == {story.PLAYERS: 1, story.GM: 2} and boxes(genesys) == document.campaign.pools
    document.undo_stack.undo()
    assert boxes(genesys) == {story.PLAYERS: 2, story.GM: 1}


def test_a_point_the_pool_does_not_hold_stops_the_roll_with_the_reason(genesys, qtbot):
    ctl = genesys.controller
    dialog = CheckDialog(ctl, combatant(genesys, "Kara"), genesys)
    qtbot.addWidget(dialog)
    dialog.inputs.editors[story.DIFFICULTY].setChecked(True)
    assert dialog.odds.text() == "No point left to spend: GM's story points 0, this check spends 1"
    assert not dialog.roll_button.isEnabled()


def test_the_attack_panel_shows_the_pools_after_a_story_point_and_the_attack_moves_it(genesys, qtbot):
    from crisis_desktop.ui.views.attack_panel import AttackPanel

    document, ctl = genesys.document, genesys.controller
    document.push(set_pools(document.campaign, ctl.ruleset, {story.PLAYERS: 2, story.GM: 1}, ctl.view.options))
    kara, enforcer = combatant(genesys, "Kara"), combatant(genesys, "Enforcer")
    document.push(ctl.step("fill_slot", kara))
    panel = AttackPanel()
    qtbot.addWidget(panel)
    applied = []
    dialog = panel.open(ctl, kara, enforcer, applied.append)
    assert dialog.cost.text().endswith("\nStory points: Players 2, GM 1")
    plain = dialog.odds.text()
    dialog.situation.editors[story.ABILITY].setChecked(True)
    assert dialog.cost.text().endswith("\nStory points: Players 2, GM 1; after this roll: Players 1, GM 2")
    assert dialog.odds.text() != plain
    panel.resize(640, 1100)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.wait(50)                                # the layout settles before the picture
    panel.grab().save("/tmp/gstory-attack.png")
    dialog._rng.seed(4)
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    document.push(dialog.rolled_event)
    assert boxes(genesys) == {story.PLAYERS: 1, story.GM: 2}
