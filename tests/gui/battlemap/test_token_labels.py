"""Token labels tell every fighter of an encounter apart, on the GM's map and the players'."""

from __future__ import annotations

from crisis_desktop.ui.battlemap.token_labels import distinct_initials


def test_labels_are_the_initials_where_nobody_shares_them():
    assert distinct_initials(["Vera Kask", 'Dmitri "Dim" Orlov', "Rask", "Mother Kell"]) == ["VK", "DD", "R", "MK"]


def test_shared_initials_lengthen_by_the_last_word_then_the_first_two_letters_then_a_number():
    names = ["Brigand with a club", "Brigand with a spear", "Bandit", "Bowman", "Thug", "Thug", "Tobin Ashe",
             "Toll-house archer", "Aldric Vane", "Anna Vane"]
    assert distinct_initials(names) == ["BC", "BS", "Ba", "Bo", "T1", "T2", "TA", "TH", "AlV", "AnV"]


def test_the_map_draws_the_distinct_labels(make_window, paths):
    window = make_window(str(paths.campaigns / "skirmish-demo.json"))
    window.tabs.setCurrentWidget(window._board_host)
    window.encounter_board.show_encounter("enc-bridge")
    scene = window.map_place.scene
    shown = {window.encounter_board.controller.view.name(cid): item.look.initials for cid, item in scene.tokens.items()}
    assert shown["Brigand with a club"] != shown["Brigand with a spear"]
    assert shown["Tobin Ashe"] != shown["Toll-house archer"]
    assert (shown["Brigand with a club"], shown["Brigand with a spear"]) == ("BC", "BS")
    assert len(set(shown.values())) == len(shown), shown
