"""Per side, the GM chooses how health shows on the players' screen: numbers, coloured or plain words, damage taken,
or nothing; in the players' model, the rendered turn order and under the tokens alike."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from crisis_desktop.rules.base import BarRole, ResourceSpec, StateRole
from crisis_desktop.ui.models.board_model import CombatantIdRole, ResourcesRole
from crisis_desktop.ui.player_display.display import PlayerDisplay
from crisis_desktop.ui.player_display.health import shown, strain_word
from crisis_desktop.ui.player_display.health_modes import HealthMode
from crisis_desktop.ui.player_display.models import (
    HealthColouredRole,
    HealthDetailsRole,
    HealthShownRole,
    HealthTextRole,
    HealthWordRole,
)
from crisis_desktop.ui.player_display.turn_list import WORD_COLOURS

VERA, RASK = "cmb-ambush-vera", "cmb-ambush-raider-rask"


def row_of(display: PlayerDisplay, cid: str) -> int:
    proxy = display.proxy
    return next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(CombatantIdRole) == cid)


def roles(display: PlayerDisplay, cid: str) -> dict[str, object]:
    index = display.proxy.index(row_of(display, cid), 1)
    return {"word": index.data(HealthWordRole), "shown": index.data(HealthShownRole),
            "coloured": index.data(HealthColouredRole), "details": index.data(HealthDetailsRole),
            "text": index.data(HealthTextRole), "display": index.data(), "bars": index.data(ResourcesRole)}


@pytest.fixture
def display(qtbot, document, board) -> PlayerDisplay:
    view = PlayerDisplay(board.model)
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show_encounter(document.session)
    document.changed.connect(view.apply_changes)
    # Rask takes 7 of his Health: wounded or badly wounded, 7 damage.
    rask = board.controller.view.character_of(RASK)
    document.push(board.controller.overrides.set_status(rask.id, "wounds", 7))
    return view


def test_each_mode_in_the_model(display):
    health = next(b for b in display.proxy.index(row_of(display, VERA), 1).data(ResourcesRole)
                  if b.role is BarRole.HEALTH)
    assert roles(display, VERA)["details"] == f"Health {health.current}/{health.maximum}", "party: numbers"
    rask = roles(display, RASK)
    assert rask["word"] in ("wounded", "badly wounded") and rask["coloured"] is True and rask["bars"] == ()
    word = rask["word"]
    expected = {
        HealthMode.NUMBERS: (word, True, "Health "),
        HealthMode.COLOURED: (word, True, ""),
        HealthMode.WORDS: (word, False, ""),
        HealthMode.DAMAGE: ("7 damage", True, ""),
        HealthMode.HIDDEN: ("", False, ""),
    }
    for mode, (text, coloured, details) in expected.items():
        display.set_health_modes({"enemies": mode})
        rask = roles(display, RASK)
        assert (rask["shown"], rask["coloured"]) == (text, coloured), mode
        assert str(rask["details"]).startswith(details) and (details or rask["details"] == ""), mode
        assert rask["display"] == rask["text"]
        assert (rask["bars"] != ()) is (mode is HealthMode.NUMBERS), "bars of a side shown with numbers only"
        # The party's rows keep their own mode.
        assert roles(display, VERA)["details"].startswith("Health ")
    assert roles(display, RASK) | {"bars": ()} == {"word": "", "shown": "", "coloured": False, "details": "",
                                                   "text": "", "display": "", "bars": ()}


def test_each_mode_as_rendered(qtbot, display):
    display.show()
    qtbot.waitExposed(display)
    display.set_health_modes({"enemies": HealthMode.DAMAGE})
    turns = display.turns
    rect = turns.visualRect(display.proxy.index(row_of(display, RASK), 0))
    image = turns.viewport().grab(rect).toImage()
    word = roles(display, RASK)["word"]
    colour = WORD_COLOURS[str(word)]

    def has(c: QColor) -> bool:
        return any(image.pixelColor(x, y) == c for x in range(image.width()) for y in range(image.height()))

    assert has(colour), "damage taken in the word's colour"
    display.set_health_modes({"enemies": HealthMode.WORDS})
    image = turns.viewport().grab(rect).toImage()
    assert not has(colour), "plain words: no colour"
    display.set_health_modes({"enemies": HealthMode.HIDDEN})
    image = turns.viewport().grab(rect).toImage()
    assert not any(has(c) for c in WORD_COLOURS.values())
    token = display.scene.tokens[RASK]
    assert token.look.caption == ""
    display.set_health_modes({"enemies": HealthMode.DAMAGE})
    assert display.scene.tokens[RASK].look.caption == "7 damage"
    display.set_health_modes({"enemies": HealthMode.COLOURED})
    assert display.scene.tokens[RASK].look.caption == word


def test_strain_shows_as_words_and_counts_either_way():
    health = ResourceSpec("wounds_left", "Wounds left", 10, 12, role=BarRole.HEALTH, short="Wounds")
    strain = ResourceSpec("strain_left", "Strain left", 5, 12, role=BarRole.DOWN_TOO, short="Strain")
    assert shown(HealthMode.COLOURED, StateRole.FIGHTING, [health, strain]).details == "badly strained"
    assert shown(HealthMode.NUMBERS, StateRole.FIGHTING, [health, strain]).details == "Wounds 10/12 · Strain 5/12"
    assert shown(HealthMode.HIDDEN, StateRole.FIGHTING, [health, strain]).details == ""
    assert [strain_word(ResourceSpec("s", "Strain", left, 12, role=BarRole.DOWN_TOO)) for left in (12, 9, 6, 0)] == [
        "", "strained", "badly strained", "spent"]
    # Counted up against a threshold (lower is not worse): 4 taken of 12 reads the same as 8 left.
    up = ResourceSpec("strain", "Strain", 4, 12, lower_is_worse=False, role=BarRole.DOWN_TOO)
    assert strain_word(up) == strain_word(ResourceSpec("s", "Strain", 8, 12, role=BarRole.DOWN_TOO)) == "strained"
    down = shown(HealthMode.DAMAGE, StateRole.DOWN, [ResourceSpec("h", "Health", 0, 12, role=BarRole.HEALTH)])
    assert down.text == "down · 12 damage"
