"""Genesys talents in the sheet editor: the thresholds they change in the key values, and a name the catalogue does
not know kept on the sheet with a note (not a refusal)."""

from __future__ import annotations

from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.rules.registry import get_ruleset


def test_talents_change_the_key_values_and_unknown_ones_are_noted(make_document, make_view):
    rules = get_ruleset("genesys")
    hero = Character(id="pc-hero", name="Hero", kind=CharacterKind.PC,
                     stats={**rules.sheet.new_stats(CharacterKind.PC), "talents": "Toughened 2, Force Rating 2"})
    document = make_document(Campaign(name="Talents", ruleset="genesys", characters=[hero]))
    view = make_view(document, rules=get_ruleset)
    view.select(["pc-hero"])
    wounds = view.sheet.derived_labels["wound_threshold"]
    assert wounds.text() == "<b>Wound threshold</b> 16"                  # 10 + Brawn 2 + Toughened 2 (+4)
    assert "Toughened 2 +4" in wounds.toolTip()
    notes = view.sheet.sheet_notes
    assert notes.isVisible()
    assert notes.text() == ("Note: Talent 'Force Rating' is not in the Genesys talent catalogue: kept on the sheet, "
                            "without effect")
    assert view.sheet.edit_stat("talents", "Toughened 1, Grit 2")
    assert view.sheet.derived_labels["wound_threshold"].text() == "<b>Wound threshold</b> 14"
    assert view.sheet.derived_labels["strain_threshold"].text() == "<b>Strain threshold</b> 14"
    assert not notes.isVisible()
    document.undo_stack.undo()
    assert view.sheet.derived_labels["wound_threshold"].text() == "<b>Wound threshold</b> 16"
    assert notes.isVisible()


def test_a_brawn_weapon_shows_brawn_plus_its_damage_in_the_key_values_and_the_weapons_table(make_document, make_view):
    from PySide6.QtCore import Qt

    from crisis_desktop.domain import ItemKind

    rules = get_ruleset("genesys")
    sword = next(i for i in rules.equipment_catalogue() if i.name == "Sword").model_copy(deep=True)
    hero = Character(id="pc-hero", name="Hero", kind=CharacterKind.PC, stats=rules.sheet.new_stats(CharacterKind.PC),
                     equipment=[sword])
    document = make_document(Campaign(name="Blades", ruleset="genesys", characters=[hero]))
    view = make_view(document, rules=get_ruleset)
    view.select(["pc-hero"])
    assert "Sword: " in view.sheet.attacks.text() and "Damage Brawn + 2" in view.sheet.attacks.text()
    model = view.sheet.equipment.models[ItemKind.WEAPON]
    column = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == "Damage")
    cell = model.index(0, column)
    assert cell.data() == "Brawn + 2"
    assert cell.data(Qt.ItemDataRole.EditRole) == 2                   # edited as the number it is
