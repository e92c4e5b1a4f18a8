"""Characters › Import of an adversary data set: every adversary added as one undo step, the report shown, a file
of another format refused with the reason, and an exported character still imported as before."""

from __future__ import annotations

from crisis_desktop.domain import Campaign
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.rules.genesys.adversary_data import generated, shapes, write


def _genesys(make_document, make_view):  # type: ignore[no-untyped-def]
    campaign = Campaign(name="Moor", ruleset="genesys", equipment=get_ruleset("genesys").equipment_catalogue())
    document = make_document(campaign)
    return document, make_view(document, rules=get_ruleset)


def test_a_data_set_imports_as_one_undo_step_with_the_report(make_document, make_view, char_answers, answers,
                                                              tmp_path):
    document, view = _genesys(make_document, make_view)
    data = write(tmp_path / "setting.json", shapes() + generated(300))
    char_answers.queued["open_file"].append(data)
    view.import_character()
    campaign = document.campaign
    assert len(campaign.characters) == 305 and document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Import 305 characters from setting.json"
    assert view.model.rowCount() == 305 and len(view.selected_ids()) == 305
    (kind, text), = [a for a in answers.asked if a[0] == "info"]
    lines = text.splitlines()
    assert lines[0] == "Import: setting.json (Genesys adversaries (JSON)):"
    assert lines[1] == "305 imported (102 minions, 102 rivals, 101 nemeses), 305 with notes, 2 refused"
    assert lines[2:4] == ["Bandit Gang:", "  - a minion group of 3 (change 'Minions in the group' to suit)"]
    assert lines[-1].startswith("… and ") and len(lines) == 2 + 40
    lich = next(c for c in campaign.characters if c.name == "The Lich Queen")
    assert lich.stats["adversary"] == "nemesis" and "- skill Arcana: 4" in lich.gm_notes
    document.undo_stack.undo()
    assert campaign.characters == [] and view.model.rowCount() == 0
    document.undo_stack.redo()
    assert len(campaign.characters) == 305


def test_a_file_of_another_format_is_refused_and_nothing_changes(make_document, make_view, char_answers, answers,
                                                                 tmp_path):
    document, view = _genesys(make_document, make_view)
    other = write(tmp_path / "monsters.json", [{"title": "Orc"}, {"title": "Goblin"}])
    char_answers.queued["open_file"].append(other)
    view.import_character()
    assert answers.texts("error") == ["Import character: monsters.json was not imported: not Genesys adversaries "
                                      "(JSON): only 0 of its 2 entries look like adversaries (an object with a name "
                                      "and characteristics, derived, skills, talents, abilities, weapons or a type)"]
    assert document.campaign.characters == [] and document.undo_stack.count() == 0


def test_an_exported_character_still_imports_as_one(make_document, make_view, char_answers, tmp_path):
    document, view = _genesys(make_document, make_view)
    data = write(tmp_path / "setting.json", shapes()[:1])
    char_answers.queued["open_file"].append(data)
    view.import_character()
    bandit = document.campaign.characters[0]
    view.select([bandit.id])
    target = tmp_path / "bandit.json"
    char_answers.queued["save_file"].append(target)
    view.export_character()
    char_answers.queued["open_file"].append(target)
    view.import_character()
    assert [c.name for c in document.campaign.characters] == ["Bandit Gang", "Bandit Gang"]
    assert document.campaign.characters[1].stats == bandit.stats
