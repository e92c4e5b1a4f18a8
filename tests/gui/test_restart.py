"""Restarting mid-fight, as the GM closing the app or as a crash: the fight's data comes back as it stood."""

from __future__ import annotations

from crisis_desktop.ui.main_window import MainWindow

AMBUSH = "enc-ambush"


def fight_state(window: MainWindow) -> tuple[bool, int, object, int]:
    """Started, round, the flow's place in the turn order, and the length of the log."""
    assert window.document is not None
    encounter = window.document.campaign.encounter(AMBUSH)
    return encounter.started, encounter.round, encounter.flow.get("index"), len(encounter.log)


def play_a_little(window: MainWindow) -> None:
    board = window.encounter_board
    assert board is not None
    board.show_encounter(AMBUSH)
    board.intents.start()
    for _ in range(3):
        board.intents.next_turn()
    assert fight_state(window)[0] and fight_state(window)[3] > 3


def test_a_crash_mid_fight_comes_back_where_it_stood(make_window, restart):
    window = make_window()
    play_a_little(window)
    before = fight_state(window)
    again = restart(window, crash=True)
    assert again is not window and fight_state(again) == before
    assert again.isWindowModified(), "recovered changes are unsaved until the GM saves"


def test_declining_the_recovery_after_a_crash_leaves_the_saved_campaign(make_window, restart):
    window = make_window()
    play_a_little(window)
    again = restart(window, crash=True, recover=False)
    assert fight_state(again) == (False, 0, None, 0) and not again.isWindowModified()


def test_a_crash_with_nothing_unsaved_asks_nothing(make_window, restart, answers):
    window = make_window()
    play_a_little(window)
    assert window.files.save()
    before = fight_state(window)
    again = restart(window, crash=True)
    assert fight_state(again) == before and not answers.texts("yes_no")


def test_closing_and_starting_again_keeps_the_fight(make_window, restart, answers):
    window = make_window()
    play_a_little(window)
    before = fight_state(window)
    again = restart(window)
    assert any("Save the changes" in text for text in answers.texts("save_discard_cancel"))
    assert fight_state(again) == before and not again.isWindowModified()


def test_a_crash_reopens_the_running_fight_selected_on_the_fight_place(make_window, restart):
    window = make_window()
    play_a_little(window)
    window.tabs.setCurrentIndex(1)                          # the GM looked at the characters last
    again = restart(window, crash=True)
    assert again.document is not None and again.document.session.encounter_id == AMBUSH
    assert again.encounter_board.picker.currentData() == AMBUSH
    assert again.tabs.currentWidget() is again._board_host   # a running fight shows the Fight place


def test_a_restart_reopens_the_place_and_encounter_the_gm_left(make_window, restart):
    window = make_window()
    window.encounter_board.show_encounter(AMBUSH)
    window.tabs.setCurrentIndex(3)                          # no fight running: the place is as it was
    window.resize(760, 560)
    again = restart(window)
    assert again.document.session.encounter_id == AMBUSH and again.tabs.currentIndex() == 3
    assert (again.width(), again.height()) == (760, 560)
