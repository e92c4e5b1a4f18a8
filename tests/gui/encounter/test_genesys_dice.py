"""Genesys dice in the GUI: the typed dice palette drawn as dice with their symbols, the pool before the roll and
the rolled faces with the net symbols, in the check dialog and the attack panel; crisis keeps its numbers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QToolButton

from crisis_desktop.rules.genesys import narrative
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.dialogs.check_dialog import CheckDialog
from crisis_desktop.ui.dialogs.dice_form import DiceForm
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.widgets.dice_icons import page_ink
from tests.gui.genesys_fight import combatant, genesys_board, genesys_document
from tests.gui.palettes import app_palette, dark_palette, light_palette


@pytest.fixture
def genesys(qtbot, paths):
    document = genesys_document(paths)
    board = genesys_board(document)
    qtbot.addWidget(board)
    return board


def icon_image(button: QToolButton) -> QImage:
    return button.icon().pixmap(button.iconSize()).toImage()


def colours(image: QImage) -> set[str]:
    return {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())
            if image.pixelColor(x, y).alpha() == 255}


def test_every_face_button_is_its_die_drawn_and_clicking_one_types_the_face(genesys, qtbot):
    dialog = CheckDialog(genesys.controller, combatant(genesys, "Kara"), genesys)
    qtbot.addWidget(dialog)
    entry = dialog.dice_entry
    kinds = narrative.kinds()
    assert set(entry.face_buttons) == {(k.key, t) for k in kinds.values() for t in k.face_texts()}
    for (key, text), button in entry.face_buttons.items():
        kind = kinds[key]
        assert button.objectName() == f"face-{key}-{text}" and button.text() == text
        assert not button.icon().isNull()
        assert button.toolButtonStyle() is Qt.ToolButtonStyle.ToolButtonIconOnly
        assert button.toolTip().startswith(f"{kind.name}: {text}")
        image = icon_image(button)
        assert image.pixelColor(0, 0).alpha() == 0 and image.pixelColor(13, 13).alpha() == 255    # a die's shape
        assert kind.fill in colours(image)
        face = kind.faces[kind.face_number(text) - 1]
        assert (kind.ink in colours(image)) == bool(face.printed()), (key, text)    # the symbols, on faces with any
    assert entry.face_buttons[("ability", "sa")].toolTip() == "Ability die: sa (1 advantage, 1 success)"
    assert entry.face_buttons[("proficiency", "tr")].toolTip() == "Proficiency die: tr (1 success, 1 triumph)"
    assert entry.face_buttons[("setback", "blank")].toolTip() == "Setback die: blank"
    entry.face_buttons[("proficiency", "tr")].click()
    entry.face_buttons[("difficulty", "fth")].click()
    assert entry.faces.text() == "tr fth " and entry.typed_dice.isChecked()     # each a die of its own
    entry.faces.setText("sa blank")                     # typing still works beside clicking
    entry.face_buttons[("ability", "a")].click()
    assert entry.faces.text() == "sa blank a "


def test_the_check_shows_its_pool_then_the_rolled_faces_and_net_symbols(genesys, qtbot):
    ctl = genesys.controller
    dialog = CheckDialog(ctl, combatant(genesys, "Kara"), genesys)
    qtbot.addWidget(dialog)
    dialog.skill.setCurrentIndex(dialog.skill.findData("medicine"))
    box = dialog.roll_box
    # Intellect 2 by default, Medicine 1: one proficiency and one ability die; Average difficulty: two purple.
    assert not box.pool.isHidden() and not box.pool_label.isHidden()
    assert [k.key for k, face in box.pool.dice] == ["proficiency", "ability", "difficulty", "difficulty"]
    assert all(face is None for _k, face in box.pool.dice)
    assert box.pool.toolTip() == "Pool: Proficiency die, Ability die, Difficulty die ×2"
    dialog.inputs.editors["boost"].setValue(1)
    assert [k.key for k, _f in box.pool.dice] == ["proficiency", "ability", "boost", "difficulty", "difficulty"]
    assert box.rolled_dice.isHidden()
    entry = dialog.dice_entry
    for key in (("proficiency", "tr"), ("ability", "sa"), ("boost", "a"), ("difficulty", "th"),
                ("difficulty", "f")):
        entry.face_buttons[key].click()
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    strip = box.rolled_dice
    assert not strip.isHidden()
    assert [(k.key, f.text) for k, f in strip.dice] == [("proficiency", "tr"), ("ability", "sa"), ("boost", "a"),
                                                        ("difficulty", "th"), ("difficulty", "f")]
    # 2 successes less 1 failure, 2 advantages less 1 threat, the triumph: 1 success, 1 advantage, 1 triumph.
    assert strip.symbols == ["success", "advantage", "triumph"]
    assert strip.toolTip() == "Rolled tr, sa, a, th, f; net 1 advantage, 1 success, 1 triumph"
    assert not strip.pixmap().isNull() and strip.pixmap().width() > 5 * 26


def test_the_attack_panel_shows_the_attacks_pool_and_its_rolled_dice(genesys, qtbot):
    ctl = genesys.controller
    kara, enforcer = combatant(genesys, "Kara"), combatant(genesys, "Enforcer")
    genesys.document.push(ctl.step("fill_slot", kara))
    panel = AttackPanel()
    qtbot.addWidget(panel)
    applied = []
    dialog = panel.open(ctl, kara, enforcer, applied.append)
    box = dialog.roll_box
    expected = [k.key for k in ctl.preview.attacks.attack_dice(dialog.request(), ctl.view.options)]
    assert expected and expected[-1] == "difficulty"
    assert [k.key for k, _f in box.pool.dice] == expected and not box.pool.isHidden()
    dialog.target.setCurrentIndex(-1)                    # no target: no attack, no pool
    assert box.pool.isHidden()
    dialog.target.setCurrentIndex(dialog.target.findData(enforcer))
    dialog._rng.seed(4)
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    rolled = dialog.rolled_event.result.attack
    assert [k.key for k, _f in box.rolled_dice.dice] == expected
    assert [f for _k, f in box.rolled_dice.dice] == [narrative.kinds()[r.kind].faces[r.value - 1]
                                                     for r in rolled.dice]


def test_the_drawing_follows_the_theme(genesys, qtbot):
    dialog = CheckDialog(genesys.controller, combatant(genesys, "Kara"), genesys)
    qtbot.addWidget(dialog)
    button = dialog.dice_entry.face_buttons[("setback", "blank")]       # a black die: its border must show

    def lightest() -> int:
        return max(QColor(c).lightness() for c in colours(icon_image(button)))

    with app_palette(light_palette()):
        assert QColor(page_ink().name()).lightness() < 60
        assert lightest() < 60                                 # black die, dark border on a light window
    with app_palette(dark_palette()):
        assert QColor(page_ink().name()).lightness() > 200
        assert lightest() > 120                                # the border in the dark theme's light ink


def test_crisis_keeps_its_numbers(board, qtbot):
    board.act_start.trigger()
    ctl = board.controller
    vera = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Vera Kask")
    dialog = CheckDialog(ctl, vera, board)
    qtbot.addWidget(dialog)
    assert dialog.dice_entry.face_buttons == {}
    assert dialog.roll_box.pool.isHidden() and dialog.roll_box.pool_label.isHidden()
    dialog.roll_box.dice_entry.app_dice.setChecked(True)
    dialog._rng.seed(1)
    dialog.roll()
    assert dialog.rolled_event is not None
    assert dialog.roll_box.rolled_dice.isHidden() and dialog.breakdown.toPlainText()
    assert isinstance(dialog.dice_entry.dice(dialog._rng), RandomDice)


def test_typed_dice_the_board_asks_for_are_clicked_on_their_symbols(qtbot, paths):
    document = genesys_document(paths)
    board = genesys_board(document, start=False)
    qtbot.addWidget(board)
    asked = []
    kinds = narrative.kinds()

    def answer() -> None:
        form = QApplication.activeModalWidget()
        assert isinstance(form, DiceForm)
        for _ in range(40):                     # each die asked in turn, clicked on its own drawn faces
            if form.ok.isEnabled():
                break
            field = form.fields[-1]
            assert not field.face.text()
            asked.append((field.die.kind.key, list(field.buttons),
                          all(not b.icon().isNull() for b in field.buttons.values())))
            field.buttons["s" if "s" in field.buttons else next(iter(field.buttons))].click()
        form.ok.click()

    QTimer.singleShot(0, answer)
    board.enter_dice.setChecked(True)
    board.act_start.trigger()
    assert board.controller.view.encounter.started
    pools = [die.kind.key for pool in board.controller.initiative_dice() for die in pool.dice]
    assert [key for key, _faces, _drawn in asked] == pools
    assert all(faces == kinds[key].face_texts() and drawn for key, faces, drawn in asked)


def test_crisis_typed_dice_are_numbers_one_a_field(board, monkeypatch):
    asked = []
    monkeypatch.setattr(BoardAsk, "dice", classmethod(lambda _c, _p, title, prompt, value=(), **looks:
                                                      asked.append(looks)))        # then the GM cancels
    board.enter_dice.setChecked(True)
    board.act_start.trigger()
    assert not board.controller.view.encounter.started
    looks = asked[0]
    assert looks["glyphs"] == {}
    first = looks["probe"]([]).missing
    assert (first.sides, first.kind, first.label) == (10, None, "Vera Kask: turn order (Mind d10)")
