"""Names, notes and reasons holding HTML are shown as plain text in every place: no label, message box, input
dialog or tooltip reads them as rich text (a picture loaded into "X's turn", a 200 px heading on the players'
screen)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QGraphicsView, QInputDialog, QLabel, QMessageBox, QWidget

from crisis_desktop.controller.character_commands import SetCharacterField, SetItemValue
from crisis_desktop.controller.encounter_commands import SetEncounterField
from crisis_desktop.controller.map_commands import SetMapField
from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.plain_text import TOOLTIP_MAX, input_dialog, message_box, tooltip

MARK = "<u>"
ESCAPED = "&lt;u&gt;"   # the mark in a tooltip that shows it as written


def hostile(name: str, picture: str) -> str:
    return f'<img src="{picture}"><h1 style="font-size:200px">{MARK}{name}</u></h1>'


def read_as_markup(text: str | None) -> bool:
    """Whether Qt would render `text` (a tooltip) with a tag of the campaign's taking effect."""
    return bool(text) and MARK in text and GuiQt.mightBeRichText(text)


def model_tooltips(model: QAbstractItemModel) -> list[str]:
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount()
    return [model.index(r, c).data(Qt.ItemDataRole.ToolTipRole) or "" for r in range(model.rowCount())
            for c in range(columns)]


def test_names_holding_html_show_as_plain_text_in_every_place(window, qtbot, tmp_path, answers):
    picture = tmp_path / "face.png"
    picture.write_bytes(b"")
    document = window.document
    campaign = document.campaign
    for character in campaign.characters:
        document.push(SetCharacterField(campaign, character.id, "name", hostile(character.name, str(picture))))
        document.push(SetCharacterField(campaign, character.id, "notes", f"{MARK}note</u>"))
        for item in character.equipment:
            document.push(SetItemValue(campaign, document.session.ruleset, character.id, item.id, "notes",
                                       f"{MARK}sharp</u>"))
    document.push(SetEncounterField("enc-ambush", "name", hostile("Ambush", str(picture))))
    document.push(SetMapField(campaign, "map-ridge-road", "name", hostile("Road", str(picture))))

    # Every place: the sheet, the board in a running fight, the map, the players' screen, the attack dialog.
    window.tabs.setCurrentIndex(1)
    window.characters.select([campaign.characters[0].id])
    window.tabs.setCurrentIndex(2)
    board = window.encounter_board
    board.show_encounter("enc-ambush")
    board.act_start.trigger()
    ctl = board.controller
    while ctl.view.character_of(ctl.view.current_id()).kind is not CharacterKind.PC:
        board.act_next.trigger()
    assert board.actor_panel.actor_label.text() == f"{ctl.view.name(ctl.view.current_id())}'s turn"
    window.tabs.setCurrentIndex(3)
    window.map_place.show_map("map-ridge-road")
    window.player_menu.act_player.trigger()
    display = window.player_host.display
    assert display.title.text() == campaign.encounter("enc-ambush").name
    target = next(c.id for c in ctl.view.encounter.combatants
                  if c.side != ctl.view.combatant(ctl.view.current_id()).side)
    dialog = AttackDialog(ctl, ctl.view.current_id(), target, board)
    qtbot.addWidget(dialog)
    dialog.show()
    ctl_event = ctl.attack(ctl.preview.attack_request(ctl.view.current_id(),
                                                      ctl.preview.weapons(ctl.view.current_id())[0].id, target,
                                              distance=3), RandomDice(4))
    document.push(ctl_event)

    places = (window, display, dialog)
    shown = [widget for place in places for widget in (place, *place.findChildren(QWidget))]
    labels = [w for w in shown if isinstance(w, QLabel) and MARK in w.text()]
    assert {w.objectName() for w in labels} >= {"actor-label", "player-title", "attack-odds"}
    rich = [(w.objectName() or type(w.parent()).__name__, w.text()) for w in labels
            if w.textFormat() != Qt.TextFormat.PlainText]
    assert rich == []
    assert [w.toolTip() for w in shown if read_as_markup(w.toolTip())] == []
    assert [a.toolTip() for w in shown for a in w.actions() if read_as_markup(a.toolTip())] == []
    models = [board.model, board.log_model, window.characters.model, display.proxy,
              *window.characters.sheet.equipment.models.values()]
    assert [t for m in models for t in model_tooltips(m) if read_as_markup(t)] == []
    assert any(ESCAPED in t for t in model_tooltips(board.log_model))   # the log names them, escaped
    views = [w for w in shown if isinstance(w, QGraphicsView)]
    items = [item for view in views for item in view.scene().items()]
    assert any(ESCAPED in item.toolTip() for item in items)             # the tokens name them, escaped
    assert [item.toolTip() for item in items if read_as_markup(item.toolTip())] == []


def test_message_boxes_and_input_dialogs_show_their_text_as_plain_text(qtbot):
    box = message_box(None, QMessageBox.Icon.Question, "End", f"End {MARK}Ambush</u> now?")
    qtbot.addWidget(box)
    assert box.textFormat() == Qt.TextFormat.PlainText
    dialog = input_dialog(None, "Act now", f"{MARK}Vex</u>:")
    qtbot.addWidget(dialog)
    dialog.setComboBoxItems(["a", "b"])
    assert isinstance(dialog, QInputDialog)
    assert [label.textFormat() for label in dialog.findChildren(QLabel)] == [Qt.TextFormat.PlainText]


def test_tooltips_keep_plain_text_as_it_is_and_cut_long_notes():
    assert tooltip("Vera Kask") == "Vera Kask"
    escaped = tooltip(f"{MARK}Vex</u>\nsecond line")
    assert "&lt;u&gt;Vex&lt;/u&gt;" in escaped and "<br" in escaped and not read_as_markup(escaped)
    long_note = tooltip("x" * 1_000_000)
    assert len(long_note) < TOOLTIP_MAX + 40 and long_note.endswith("(999,400 more characters)")
