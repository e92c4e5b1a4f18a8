"""The sheet editor refuses what the rules refuse, with the reason under the field, as the rules' commands do: a
third vocation typed key by key leaves the two stored as they are read ("Soldier 25, Hunter 25", no trailing comma),
and a sling's usage die is refused in the equipment table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from crisis_desktop.domain import Campaign, Character, CharacterKind, ItemKind
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.rules.moments.people import gear


def test_a_third_vocation_typed_key_by_key_is_refused_under_the_field(make_document, make_view, qtbot):
    rules = get_ruleset("moments")
    pc = Character(name="Ada", kind=CharacterKind.PC, stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    document = make_document(Campaign(name="Typing", ruleset="moments", characters=[pc]))
    view = make_view(document, rules=get_ruleset)
    view.select([pc.id])
    view.show()
    editor = view.sheet.stats.editors["vocations"]
    assert isinstance(editor, QLineEdit)
    editor.setFocus()
    qtbot.keyClicks(editor, "Soldier 25, Hunter 25, Sage 25")
    stored = document.campaign.character(pc.id).stats["vocations"]
    assert stored == "Soldier 25, Hunter 25"
    assert view.sheet.stats.reason("vocations") == "Vocations: at most two"
    assert editor.text() == "Soldier 25, Hunter 25, Sage 25"          # kept, marked, to be corrected
    view.sheet.stats.grab().save("/tmp/recover-vocations.png")
    # Taking the third one out again clears the reason; the stored text never had a trailing comma.
    for _ in range(len(", Sage 25")):
        qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    assert view.sheet.stats.reason("vocations") == ""
    assert document.campaign.character(pc.id).stats["vocations"] == "Soldier 25, Hunter 25"
    assert editor.text() == "Soldier 25, Hunter 25"


def test_a_sling_usage_die_and_a_negative_damage_are_refused_under_the_equipment(make_document, make_view, qtbot):
    rules = get_ruleset("moments")
    pc = Character(name="Ada", kind=CharacterKind.PC, stats=dict(rules.sheet.new_stats(CharacterKind.PC)),
                   equipment=gear("Sling"))
    document = make_document(Campaign(name="Sling", ruleset="moments", characters=[pc]))
    view = make_view(document, rules=get_ruleset)
    view.select([pc.id])
    view.show()
    panel = view.sheet.equipment
    model = panel.models[ItemKind.WEAPON]
    column = {model.headerData(c, Qt.Orientation.Horizontal): c for c in range(model.columnCount())}
    usage, damage = model.index(0, column["Usage die"]), model.index(0, column["Damage"])
    assert model.data(usage) == "none (never wears)"
    before = document.campaign.model_dump(mode="json")
    assert not model.setData(usage, 20)
    assert panel.reason() == "Sling: The rules give a sling no usage die: set it to none (never wears)"
    assert not model.setData(damage, "-3")
    assert panel.reason() == "Sling: Damage must be at least 0, not -3"
    assert panel.reasons[ItemKind.WEAPON].isVisible()
    assert document.campaign.model_dump(mode="json") == before and document.undo_stack.count() == 0
    panel.grab().save("/tmp/recover-sling.png")
