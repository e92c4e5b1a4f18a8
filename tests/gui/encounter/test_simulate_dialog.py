"""Simulate…: the encounter board opens the dialog; it runs off the UI thread, shows plots and numbers, compares a
what-if side by side, and cancels."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from crisis_desktop.controller.simulate import Tactics, Target, simulate
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.dialogs.simulate_dialog import SimulateDialog
from tests.gui.simulation_shown import simulation_shown

SHOT = Path("/tmp/crisis-simulate-dialog.png")


def _dialog(qtbot, document, encounter="enc-ridge") -> SimulateDialog:
    dialog = SimulateDialog(document.campaign, encounter, get_ruleset(document.campaign.ruleset), processes=1)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_the_board_opens_the_dialog_on_the_encounter_shown(board, document, monkeypatch):
    opened = []
    monkeypatch.setattr(SimulateDialog, "ask", classmethod(lambda cls, parent, campaign, enc, rules:
                                                           opened.append((campaign, enc, rules.id))))
    assert board.act_simulate.isEnabled()
    board.act_simulate.trigger()
    assert opened == [(document.campaign, "enc-ridge", "crisis")]


def test_results_are_plotted_and_match_the_command_line(qtbot, document):
    dialog = _dialog(qtbot, document)
    assert dialog.runs.value() == 10_000
    dialog.runs.setValue(40)
    dialog.seed.setValue(9)
    dialog.target["enemies"].setCurrentIndex(dialog.target["enemies"].findData("weakest"))
    before = document.campaign.model_dump()
    with simulation_shown(qtbot, dialog):
        dialog.start()
        assert dialog.cancel_button.isEnabled() and not dialog.run_button.isEnabled()
    assert document.campaign.model_dump() == before
    summary = dialog.base_panel.wins.summary
    assert summary is not None and summary.runs == 40
    same = simulate(document.campaign, "enc-ridge", get_ruleset("crisis"), runs=40, seed=9, processes=1,
                    tactics={"party": Tactics(), "enemies": Tactics(Target.WEAKEST)})
    assert json.dumps(same.to_dict()) == json.dumps(summary.to_dict())
    assert "Chance to win" in dialog.base_panel.numbers.toPlainText()
    assert dialog.base_panel.chances.rows and dialog.base_panel.chances.rows[0][0] == "Vera Kask"
    assert "40 fights played" in dialog.status.text()
    assert dialog.run_button.isEnabled()
    # The plots are drawn: the rounds histogram has bars in its colour.
    image = dialog.base_panel.rounds.grab().toImage()
    assert _has_colour(image, (90, 140, 190))
    dialog.resize(1000, 900)
    qtbot.wait(10)
    assert dialog.grab().save(str(SHOT))


def test_what_if_compares_side_by_side(qtbot, document):
    dialog = _dialog(qtbot, document)
    dialog.runs.setValue(20)
    index = next(i for i in range(dialog.change.count()) if "Number of Wolf" in dialog.change.itemText(i))
    dialog.change.setCurrentIndex(index)
    assert dialog.value.value() == 2
    dialog.value.setValue(4)
    with simulation_shown(qtbot, dialog):
        dialog.start()
    assert dialog.whatif_panel.isVisible()
    assert dialog.whatif_panel.title() == "What if: 4 × Wolf"
    base, other = dialog.base_panel.wins.summary, dialog.whatif_panel.wins.summary
    assert base is not None and other is not None
    assert len(other.combatants) == len(base.combatants) + 3
    assert other.mean_rounds.value > base.mean_rounds.value


def test_cancel_stops_the_run_and_shows_what_was_played(qtbot, document):
    dialog = _dialog(qtbot, document)
    dialog.runs.setValue(200_000)
    with simulation_shown(qtbot, dialog):
        dialog.start()
        # The window keeps answering while the fights run: the progress and the time left are shown as they go.
        qtbot.waitUntil(lambda: dialog.progress.value() > 0 and "left" in dialog.status.text(), timeout=30_000)
        # The figures fill in as the fights come in, marked as those so far.
        qtbot.waitUntil(lambda: dialog.base_panel.wins.summary is not None, timeout=30_000)
        so_far = dialog.base_panel.wins.summary
        assert so_far is not None and 0 < so_far.runs < 200_000
        assert dialog.base_panel.title() == f"From the start, as prepared: {so_far.runs:,} of 200,000 fights so far"
        assert "Chance to win" in dialog.base_panel.numbers.toPlainText()
        dialog.cancel_button.click()
    assert "Stopped after" in dialog.status.text()
    assert not dialog.running
    # Stopped: the figures of every fight played stay, no longer marked as a run in progress.
    stopped = dialog.base_panel.wins.summary
    assert stopped is not None and stopped.cancelled and stopped.runs >= so_far.runs
    assert dialog.base_panel.title() == "From the start, as prepared"


def _has_colour(image: QImage, rgb: tuple[int, int, int]) -> bool:
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            if (c.red(), c.green(), c.blue()) == rgb:
                return True
    return False


def test_results_that_never_come_are_reported_with_where_the_fights_stood(qtbot, document, monkeypatch):
    """The wait used above fails with the run's state and every thread's stack, not a bare timeout."""
    from crisis_desktop.ui.dialogs import simulate_dialog

    release = threading.Event()

    def stuck(*_args, **_kwargs):
        release.wait(30)
        raise RuntimeError("released")

    monkeypatch.setattr(simulate_dialog, "simulate", stuck)
    dialog = _dialog(qtbot, document)
    dialog.runs.setValue(10)
    try:
        with pytest.raises(AssertionError) as failed, simulation_shown(qtbot, dialog, timeout=200):
            dialog.start()
        text = str(failed.value)
        assert "no results after 200 ms: 0/10 fights, finished=False" in text
        assert "thread alive=True, poll timer active=True" in text
        assert "--- thread simulate" in text and "release.wait(30)" in text
    finally:
        release.set()
        dialog.wait()
    assert "The simulation stopped: released" in dialog.status.text()


def test_a_fight_under_way_is_played_on_as_it_stands_or_again_from_its_start(qtbot, document):
    from crisis_desktop.controller.encounter import EncounterController
    from crisis_desktop.rules.kernel.dice import RandomDice

    ctl = EncounterController(document.campaign, "enc-ambush", get_ruleset("crisis"))
    document.push(ctl.start(RandomDice(3)))
    while document.campaign.encounter("enc-ambush").round < 4:
        document.push(ctl.step("next_turn"))
    dialog = _dialog(qtbot, document, "enc-ambush")
    assert dialog.start_from.isEnabled() and dialog.start_from.currentText() == "Round 4, as it stands"
    assert dialog.base_panel.title() == "From round 4, as it stands"
    assert not dialog.whatif_box.isEnabled()                # a what-if compares fights from their start
    dialog.runs.setValue(12)
    with simulation_shown(qtbot, dialog):
        dialog.start()
    summary = dialog.base_panel.wins.summary
    assert summary is not None and summary.played_from == "from round 4, as it stands" and min(summary.rounds) >= 4
    dialog.start_from.setCurrentIndex(1)
    assert dialog.base_panel.title() == "From the start, as prepared" and dialog.whatif_box.isEnabled()
    with simulation_shown(qtbot, dialog):
        dialog.start()
    assert dialog.base_panel.wins.summary.played_from == "from the start"


def test_a_fight_not_under_way_plays_from_its_start_only(qtbot, document):
    dialog = _dialog(qtbot, document)
    assert not dialog.start_from.isEnabled() and dialog.start_from.count() == 1
    assert dialog.base_panel.title() == "From the start, as prepared"
