"""A campaign file holding values the rules refuse opens with the problems listed, and such a weapon is not used."""

from __future__ import annotations

import json

from crisis_desktop.storage.demo import seed_demo


def test_a_hand_edited_damage_is_listed_when_the_campaign_opens(make_window, paths, answers):
    path = seed_demo(paths) or paths.campaigns / "demo.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    vera = next(c for c in data["characters"] if c["name"] == "Vera Kask")
    pistol = next(i for i in vera["equipment"] if i["name"] == "Pistol")
    pistol["stats"]["damage"] = "999999999d999999999"
    path.write_text(json.dumps(data), encoding="utf-8")
    window = make_window()
    told = [text for kind, text in answers.asked if kind == "info" and text.startswith("Values the rules refuse")]
    assert len(told) == 1 and "• Vera Kask: " in told[0] and "at most 100 dice" in told[0]
    assert window.document is not None and not window.document.dirty     # shown, not changed


def test_a_clean_campaign_opens_without_a_word(make_window, answers):
    make_window()
    assert not [text for kind, text in answers.asked if kind == "info"]
