"""The player display window and View › Player display: live updates, blanking, themes, options remembered."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.controller.fog_commands import SetFog
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.models.board_model import CombatantIdRole
from crisis_desktop.ui.player_display.display import THEMES, PlayerDisplay
from crisis_desktop.ui.player_display.health_modes import HealthMode

SNIPER = "cmb-ambush-corp-sniper"


def texts(display: PlayerDisplay) -> str:
    """Every label of the display and every row's text, as the players could read them."""
    proxy = display.proxy
    rows = [str(proxy.index(r, c).data(role)) for r in range(proxy.rowCount()) for c in range(proxy.columnCount())
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)]
    return "\n".join([*(label.text() for label in display.findChildren(QLabel)), *rows])


def test_round_turns_and_map_follow_the_fight_live(qtbot, document, board):
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.show_encounter(document.session)
    assert display.title.text() == "Raider Ambush" and display.round_label.text() == "Get ready"
    assert display.scene.map_id == "map-ridge-road" and SNIPER not in display.scene.tokens
    document.changed.connect(display.apply_changes)
    ctl = board.controller
    document.push(ctl.start(RandomDice(3)))
    assert display.round_label.text() in ("Round 1", "Surprise round")
    document.push(ctl.overrides.set_resource("cmb-ambush-vera", "ap", 0))
    moved_from = display.scene.token_cell("cmb-ambush-raider-jory")
    document.push(SetToken("map-ridge-road", "cmb-ambush-raider-jory", (moved_from[0] + 1, moved_from[1])))
    assert display.scene.token_cell("cmb-ambush-raider-jory") == (moved_from[0] + 1, moved_from[1])


def test_no_gm_notes_hidden_names_or_odds_reach_the_display(qtbot, document, board):
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    ctl = board.controller
    rask = ctl.view.character_of("cmb-ambush-raider-rask")
    document.push(SetCharacterField(document.campaign, rask.id, "gm_notes", "SECRET: flees at round 3"))
    document.push(ctl.start(RandomDice(11)))
    attacker = ctl.view.current_id()
    target = next(c.id for c in ctl.view.encounter.combatants
                  if c.side != ctl.view.combatant(attacker).side and not c.hidden)
    weapon = ctl.preview.weapons(attacker)[0]
    document.push(ctl.attack(ctl.preview.attack_request(attacker, weapon.id, target, distance=3), RandomDice(2)))
    shown = texts(display)
    assert "SECRET" not in shown and ctl.view.name(SNIPER) not in shown
    assert "%" not in shown and "odds" not in shown.lower()
    # NPCs in the fog, shown as unknown: nothing of them but their place in the turn order.
    display.proxy.set_fogged_as_unknown(True)
    document.push(SetFog(document.campaign, "map-ridge-road", True))
    shown = texts(display)
    fogged = document.session.hidden_by_fog("enc-ambush") - {SNIPER}
    assert fogged and "Unknown" in shown
    for cid in fogged:
        character = ctl.view.character_of(cid)
        assert character.name not in shown and "SECRET" not in shown
    # No number reaches the players about NPCs: names and health are words.
    proxy = display.proxy
    for row in range(proxy.rowCount()):
        if ctl.view.character_of(proxy.index(row, 0).data(CombatantIdRole)).kind is CharacterKind.NPC:
            words = [str(proxy.index(row, column).data() or "") for column in (0, 1)]
            assert not any(ch.isdigit() for ch in "".join(words)), words


def test_blank_and_themes(qtbot, document, board):
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.resize(800, 500)
    display.show_encounter(document.session)
    display.show()
    qtbot.waitExposed(display)
    display.set_blank(True)
    assert display.blank and not display.turns.isVisible() and not display.map_view.isVisible()
    image = display.grab().toImage()
    colours = {image.pixelColor(x, y).name() for x in range(0, 800, 97) for y in range(0, 500, 61)}
    assert colours == {THEMES["dark"]["window"]}, "blank is one flat colour"
    display.set_blank(False)
    assert display.turns.isVisible() and display.map_view.isVisible()
    display.set_theme("light")
    display.set_blank(True)
    assert display.grab().toImage().pixelColor(400, 250).name() == THEMES["light"]["window"]


def test_view_menu_opens_blanks_and_remembers_options(qtbot, window, paths):
    assert window.player_host is None, "nothing of the display is built at start-up"
    window.player_menu.act_player.trigger()
    host = window.player_host
    assert host is not None and host.shown and window.player_menu.act_player.isChecked()
    # One screen only and none remembered: a normal window on the main screen, not over the GM's window.
    assert host.fallback and not host.display.isFullScreen()
    window.player_menu.act_blank.trigger()
    assert host.display.blank
    window.player_menu.act_blank.trigger()
    assert not host.display.blank
    window.player_menu.health_actions["party", HealthMode.COLOURED].trigger()
    window.player_menu.health_actions["enemies", HealthMode.HIDDEN].trigger()
    window.player_menu.act_dark.trigger()
    assert host.display.proxy.health_modes == {"party": HealthMode.COLOURED, "enemies": HealthMode.HIDDEN,
                                               "neutral": HealthMode.COLOURED}
    assert host.display.scene.health_modes == host.display.proxy.health_modes and host.display.theme == "light"
    assert window.player_menu.health_actions["party", HealthMode.COLOURED].isChecked()
    assert not window.player_menu.health_actions["party", HealthMode.NUMBERS].isChecked()
    assert not host.display.proxy.fogged_as_unknown
    window.player_menu.act_fog_unknown.trigger()
    assert host.display.proxy.fogged_as_unknown
    saved = json.loads(paths.settings_file.read_text(encoding="utf-8"))["ui"]["player_display"]
    assert saved == {"health": {"party": "coloured words", "enemies": "hidden", "neutral": "coloured words"},
                     "theme": "light", "fogged_as_unknown": True}
    window.player_menu.act_player.trigger()
    assert not host.shown and not window.player_menu.act_player.isChecked()


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio of two colours."""
    def luminance(colour: QColor) -> float:
        channels = [c / 255 for c in (colour.red(), colour.green(), colour.blue())]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_word_of_the_turn_order_reads_on_its_row_in_both_themes(qtbot, board):
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    for theme in ("dark", "light"):
        display.set_theme(theme)
        delegate = display.turns.delegate
        inks = [delegate.ink, delegate.muted, *delegate.word_colours.values()]
        for fill in (delegate.row_fill, delegate.current_fill):
            # The rows' text is large (22 pt bold): WCAG AA asks 3:1 of large text.
            low = min(contrast(ink, fill) for ink in inks)
            assert low >= 3.0, f"{theme} theme: a word reads at {low:.2f}:1 on {fill.name()}"
