"""The largest numbers a campaign file may hold show and price without an error anywhere in the window."""

from __future__ import annotations

import json

from crisis_desktop.domain.limits import MAX_NUMBER
from crisis_desktop.storage.demo import seed_demo


def test_a_character_with_the_largest_wounds_a_file_may_hold_shows_and_is_attacked(make_window, paths, answers,
                                                                                   qtbot):
    path = seed_demo(paths) or paths.campaigns / "demo.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    wolf = next(c for c in data["characters"] if c["name"] == "Wolf")
    wolf["status"]["wounds"] = MAX_NUMBER
    path.write_text(json.dumps(data), encoding="utf-8")
    window = make_window()
    window.resize(1280, 800)
    window.tabs.setCurrentWidget(window._board_host)
    board = window.encounter_board
    board.show_encounter("enc-ridge")
    board.act_start.trigger()
    window.grab()                                   # every bar and row painted
    ctl = board.controller
    attacker = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Vera Kask")
    wolf_id = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Wolf")
    preview = ctl.preview.attack_preview(ctl.preview.attack_request(attacker, ctl.preview.weapons(attacker)[0].id,
                                                                    wolf_id))
    assert preview.odds is not None and 0.0 <= preview.odds.drop_target <= 1.0
    window.tabs.setCurrentIndex(1)
    window.grab()
    assert not [text for kind, text in answers.asked if kind == "error"]
