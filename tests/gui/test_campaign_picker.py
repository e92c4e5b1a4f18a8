"""The campaign picker: recent first, bad files shown with their problem, create/duplicate/rename/delete."""

from __future__ import annotations

from pathlib import Path

from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import DEMO_FILE_NAME, seed_demo
from crisis_desktop.ui.dialogs.campaign_picker import CampaignPicker


def names(picker: CampaignPicker) -> list[str]:
    return [picker.tree.topLevelItem(i).text(0) for i in range(picker.tree.topLevelItemCount())]


def select(picker: CampaignPicker, name: str) -> None:
    for i in range(picker.tree.topLevelItemCount()):
        item = picker.tree.topLevelItem(i)
        if item.text(0).removesuffix("  ★") == name:
            picker.tree.setCurrentItem(item)
            return
    raise AssertionError(f"{name} not listed: {names(picker)}")


def make_picker(qtbot, paths, recent: list[Path], open_path: Path | None = None) -> CampaignPicker:
    picker = CampaignPicker(CampaignStore(paths), recent, open_path)
    qtbot.addWidget(picker)
    return picker


def test_recent_campaigns_come_first_and_bad_files_say_why(qtbot, paths):
    seed_demo(paths)
    store = CampaignStore(paths)
    _c, zeta = store.create("Zeta", "crisis")
    store.create("Alpha", "crisis")
    (paths.campaigns / "broken.json").write_text("{ nope")
    picker = make_picker(qtbot, paths, recent=[zeta])
    listed = names(picker)
    assert listed[0] == "Zeta  ★"
    assert listed.index("Alpha") < listed.index("Demo: The Ridge Road")
    select(picker, "broken")
    assert "not valid JSON" in picker.problem.text()
    assert not picker.buttons["open"].isEnabled()
    assert picker.buttons["delete"].isEnabled()


def test_duplicate_rename_delete_and_open(qtbot, paths, answers):
    seed_demo(paths)
    demo = paths.campaigns / DEMO_FILE_NAME
    picker = make_picker(qtbot, paths, recent=[])
    select(picker, "Demo: The Ridge Road")

    answers.queued["text"].append("Ridge Copy")
    picker.buttons["duplicate"].click()
    assert "Ridge Copy" in [n.removesuffix("  ★") for n in names(picker)]

    select(picker, "Ridge Copy")
    answers.queued["text"].append("Second Ridge")
    picker.buttons["rename"].click()
    assert "Second Ridge" in names(picker) and "Ridge Copy" not in names(picker)

    select(picker, "Second Ridge")
    answers.queued["yes_no"].append(True)
    picker.buttons["delete"].click()
    assert "Second Ridge" not in names(picker)
    assert [b.deleted for b in CampaignStore(paths).list_deleted()] == [True]
    assert demo.exists()

    select(picker, "Demo: The Ridge Road")
    picker.buttons["open"].click()
    assert picker.chosen == demo and picker.result() == picker.DialogCode.Accepted


def test_the_open_campaign_cannot_be_deleted_or_renamed_here(qtbot, paths):
    seed_demo(paths)
    demo = paths.campaigns / DEMO_FILE_NAME
    picker = make_picker(qtbot, paths, recent=[demo], open_path=demo)
    select(picker, "Demo: The Ridge Road")
    assert not picker.buttons["delete"].isEnabled()
    assert not picker.buttons["rename"].isEnabled()
    assert "Close the campaign" in picker.buttons["delete"].toolTip()


def test_new_campaign_from_the_picker(qtbot, paths, answers):
    picker = make_picker(qtbot, paths, recent=[])
    answers.queued["new_campaign"].append(("Fresh Start", "crisis"))
    picker.buttons["new"].click()
    assert picker.chosen is not None
    fresh = CampaignStore(paths).load(picker.chosen)
    assert fresh.name == "Fresh Start" and fresh.characters == []
    assert {"Pistol", "Sniper Rifle", "Heavy Armour"} <= {item.name for item in fresh.equipment}


def test_both_demos_are_offered_and_the_genesys_one_opens(qtbot, paths, make_window):
    seed_demo(paths)
    picker = make_picker(qtbot, paths, recent=[])
    assert {"Demo: The Ridge Road", "Genesys demo: Trouble at Dock 9"} <= set(names(picker))
    window = make_window("Genesys demo")
    assert window.document is not None and window.document.campaign.ruleset == "genesys"
    assert window.document.session.sheet_problems() == []
