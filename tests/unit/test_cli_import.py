"""`crisis-desktop import --campaign NAME FILE... [--dry-run]`: adversary data sets into a campaign, with the
report; nothing written on --dry-run, a file of another format refused with the reason."""

from __future__ import annotations

from crisis_desktop.app import main
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.locks import CampaignLock
from tests.unit.rules.genesys.adversary_data import generated, shapes, write


def _campaign(paths):  # type: ignore[no-untyped-def]
    store = CampaignStore(paths)
    _, path = store.create("Hollow Moor", "genesys", get_ruleset("genesys").equipment_catalogue())
    return store, path


def test_import_adds_the_adversaries_and_reports(paths, capsys, tmp_path):
    store, path = _campaign(paths)
    before = len(store.load(path).characters)
    first = write(tmp_path / "setting.json", shapes())
    second = write(tmp_path / "more.json", generated(6))
    assert main(["--data-dir", str(paths.data_dir), "import", "--campaign", "Hollow Moor", str(first),
                 str(second)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "11 imported (4 minions, 4 rivals, 3 nemeses), 11 with notes, 2 refused"
    assert "Bandit Gang:" in out and "  - skill Streetwise: not mapped, kept in the GM notes" in out
    assert "refused entry 7: it has no name" in out
    assert out[-1].startswith("wrote 11 characters to Hollow Moor")
    campaign = store.load(path)
    names = [c.name for c in campaign.characters[before:]]
    assert names[:5] == ["Bandit Gang", "Mercenary Captain", "The Lich Queen", "Street Tough", "Ghost"]
    assert names[5:] == [f"Adversary {i}" for i in range(6)]
    lich = campaign.characters[before + 2]
    assert lich.stats["strain_threshold"] == 25 and "- skill Arcana: 4" in lich.gm_notes


def test_dry_run_writes_nothing(paths, capsys, tmp_path):
    store, path = _campaign(paths)
    raw = path.read_bytes()
    data = write(tmp_path / "setting.json", shapes())
    assert main(["--data-dir", str(paths.data_dir), "import", "--campaign", "Hollow Moor", str(data),
                 "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "5 imported (2 minions, 2 rivals, 1 nemesis), 5 with notes, 2 refused"
    assert out[-1] == "dry run: nothing written to Hollow Moor"
    assert path.read_bytes() == raw


def test_a_file_of_another_format_is_refused_with_a_clear_message(paths, capsys, tmp_path):
    store, path = _campaign(paths)
    raw = path.read_bytes()
    sheet = write(tmp_path / "sheet.json", {"name": "Vera", "stats": {"brawn": 2}})
    notes = tmp_path / "notes.txt"
    notes.write_text("Orc, Goblin")
    assert main(["--data-dir", str(paths.data_dir), "import", "--campaign", "Hollow Moor", str(sheet),
                 str(notes)]) == 2
    captured = capsys.readouterr()
    assert f"crisis-desktop: {sheet} was not imported: not Genesys adversaries (JSON): it holds one JSON object, " \
           "not a list of adversaries" in captured.err
    assert f"crisis-desktop: {notes} was not imported: it is not JSON" in captured.err
    assert captured.out.splitlines()[0] == "0 imported, 0 with notes, 0 refused"
    assert path.read_bytes() == raw


def test_a_campaign_open_in_a_window_is_not_written(paths, capsys, tmp_path):
    store, path = _campaign(paths)
    raw = path.read_bytes()
    data = write(tmp_path / "setting.json", generated(3))
    other = CampaignLock(path)
    other.acquire()
    try:
        import os
        lock_file = other.path
        text = lock_file.read_text().replace(f'"pid": {os.getpid()}', '"pid": 1')
        lock_file.write_text(text)
        assert main(["--data-dir", str(paths.data_dir), "import", "--campaign", "Hollow Moor", str(data)]) == 2
    finally:
        other.path.unlink(missing_ok=True)
    assert "nothing written: This campaign is already open in another Crisis Desktop" in capsys.readouterr().err
    assert path.read_bytes() == raw


def test_rules_that_import_nothing_say_so(paths, capsys, tmp_path):
    CampaignStore(paths).create("Plain", "crisis")
    data = write(tmp_path / "setting.json", shapes())
    assert main(["--data-dir", str(paths.data_dir), "import", "--campaign", "Plain", str(data)]) == 2
    assert "the Crisis rules import no other program's files" in capsys.readouterr().err
