"""The recovery journal: every change, undo and redo as a line, replayed onto the saved file; compacted on save."""

from __future__ import annotations

import json
import random

from crisis_desktop.controller.catalogue_commands import AddCatalogueItem, RemoveCatalogueItem
from crisis_desktop.controller.character_commands import AddCharacter, RemoveCharacter, SetCharacterField
from crisis_desktop.controller.commands import Command, SetCampaignField
from crisis_desktop.controller.encounter_commands import AddEncounter
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import AddBattleMap, SetToken
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign, Character, EquipmentItem, ItemKind
from crisis_desktop.domain.battle_map import BattleMap
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import campaign_bytes


def _open(store, app_paths, campaign: Campaign, name: str = "c"):
    path = app_paths.campaigns / f"{name}.json"
    store.save(campaign, path)
    campaign = store.load(path)
    session = CampaignSession(campaign)
    journal = session.journal_to(store.recovery.journal(path), path)
    return path, campaign, session, journal, History(campaign)


def _same(a: Campaign, b: Campaign) -> bool:
    return a.model_dump(exclude={"modified"}) == b.model_dump(exclude={"modified"})


def _random_command(campaign: Campaign, rng: random.Random) -> Command:
    """A command of every kind the journal writes differently: fields, items added, removed, moved, nested."""
    ruleset = get_ruleset(campaign.ruleset)
    kind = rng.randrange(7)
    if kind == 0 or not campaign.characters:
        at = rng.randrange(len(campaign.characters) + 1)
        return AddCharacter(campaign, Character(name=f"New {rng.random():.4f}"), at)
    if kind == 1:
        return RemoveCharacter(campaign, rng.choice(campaign.characters).id)
    if kind == 2:
        return SetCharacterField(campaign, rng.choice(campaign.characters).id, "notes", f"note {rng.random()}")
    if kind == 3:
        return SetCampaignField(campaign, "notes", f"campaign note {rng.random()}")
    if kind == 4:
        return AddEncounter(Encounter(name=f"Fight {rng.random():.3f}"))
    if kind == 5:
        item = EquipmentItem(name=f"Rope {rng.random():.3f}", kind=ItemKind.GEAR)
        if campaign.equipment and rng.random() < 0.4:
            return RemoveCatalogueItem(campaign, rng.choice(campaign.equipment).id)
        return AddCatalogueItem(campaign, ruleset, item)
    return AddBattleMap(BattleMap(name=f"Map {rng.random():.3f}"))


def test_random_changes_undos_and_redos_replay_to_the_state_reached(store, app_paths, make_campaign):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Many", characters=8))
    rng = random.Random(5)
    for step in range(120):
        roll = rng.random()
        if roll < 0.2 and history.can_undo:
            changes = history.undo()
        elif roll < 0.3 and history.can_redo:
            changes = history.redo()
        else:
            changes = history.push(_random_command(campaign, rng))
        session.after_change(changes)
        session.record(changes)
        if step % 15 == 0:
            [offer] = store.recovery.list_recoveries()
            assert _same(offer.campaign, campaign), f"step {step}"
        if step % 5 == 0:
            # What a save writes, from the fragments the changes left: exactly the campaign's file.
            assert journal.fragments.pieces().joined() == campaign_bytes(campaign), f"step {step}"
    [offer] = store.recovery.list_recoveries()
    assert _same(offer.campaign, campaign)
    assert store.load(path).notes == ""  # the file itself is as saved


def test_a_line_cut_short_by_a_kill_is_ignored_and_a_damaged_one_before_it_is_not(store, app_paths, make_campaign):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Torn"))
    for text in ("one", "two"):
        changes = history.push(SetCampaignField(campaign, "name", text))
        session.record(changes)
    file = journal.journal.path
    whole = file.read_bytes()
    file.write_bytes(whole + b'{"n":99,"fields":{"name":"thr')  # killed while writing the third change
    [offer] = store.recovery.list_recoveries()
    assert offer.campaign.name == "two"

    lines = whole.splitlines(keepends=True)
    file.write_bytes(lines[0] + b'{"n":1,"fie\n' + lines[2])
    assert store.recovery.list_recoveries() == []
    [message] = store.recovery.set_aside_damaged()
    assert "line 2 is damaged" in message
    [aside] = app_paths.recovery.glob(f"{file.name}.damaged-*")
    assert aside.read_bytes() == lines[0] + b'{"n":1,"fie\n' + lines[2]


def test_a_save_restarts_the_journal_with_only_the_changes_made_during_it(store, app_paths, make_campaign):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Saving"))
    session.record(history.push(SetCampaignField(campaign, "name", "Before the save")))
    journal.mark()
    saved_copy = campaign.model_copy(deep=True)
    session.record(history.push(SetCampaignField(campaign, "notes", "typed while it saved")))
    store.save(saved_copy, path)  # what a save in the background writes: the state when it began
    journal.saved()

    lines = journal.journal.path.read_bytes().splitlines()
    assert len(lines) == 2 and b"typed while it saved" in lines[1]
    header = json.loads(lines[0])
    assert header["journal_of"] == str(path.resolve()) and header["base"] is not None
    [offer] = store.recovery.list_recoveries()
    assert offer.campaign.name == "Before the save" and offer.campaign.notes == "typed while it saved"
    # Only the copy of the file now saved is kept beside the journal.
    assert len(list(app_paths.recovery.glob("*.base-*"))) == 1


def test_a_save_with_nothing_typed_during_it_leaves_no_journal(store, app_paths, make_campaign):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Clean"))
    session.record(history.push(SetCampaignField(campaign, "notes", "x")))
    journal.mark()
    store.save(campaign, path)
    journal.saved()
    assert list(app_paths.recovery.iterdir()) == []
    assert store.recovery.list_recoveries() == []


def test_changes_come_back_even_when_the_campaign_file_is_gone(store, app_paths, make_campaign):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Vanishing", characters=3))
    session.record(history.push(SetCampaignField(campaign, "notes", "only in the journal")))
    path.unlink()
    [offer] = store.recovery.list_recoveries()
    assert offer.original_missing and _same(offer.campaign, campaign)


def test_a_journal_overtaken_by_a_save_is_not_offered(store, app_paths, make_campaign):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Overtaken"))
    session.record(history.push(SetCampaignField(campaign, "notes", "saved soon")))
    store.save(campaign, path)  # killed right after the save, before the journal started again
    assert store.recovery.list_recoveries() == []
    assert list(app_paths.recovery.iterdir()) == []


def test_finding_a_campaigns_journal_reads_no_journal(store, app_paths, make_campaign, monkeypatch):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Named"))
    session.record(history.push(SetCampaignField(campaign, "notes", "x")))
    import crisis_desktop.storage.recovery as recovery_module

    def no_reading(*_args, **_kwargs):
        raise AssertionError("a journal was read")

    monkeypatch.setattr(recovery_module, "read_journal", no_reading)
    store.recovery.discard(path)
    assert list(app_paths.recovery.iterdir()) == []


def test_a_fight_journals_only_what_each_step_changed_and_replays_exactly(store, app_paths):
    import json as json_module

    from crisis_desktop.resources_access import resource
    from crisis_desktop.rules.kernel.dice import RandomDice

    demo = Campaign.model_validate_json(resource("demo", "campaign.json").read_bytes())
    path, campaign, session, journal, history = _open(store, app_paths, demo, "demo")
    fight = session.controller("enc-ambush")
    assert fight is not None

    def step(changes) -> dict:  # type: ignore[no-untyped-def]
        session.after_change(changes)
        session.record(changes)
        return json_module.loads(journal.journal.path.read_bytes().splitlines()[-1])

    step(history.push(fight.start(RandomDice(4))))
    for _ in range(6):
        line = step(history.push(fight.step("next_turn")))
        # The encounter without its log and combatants, only the log entries the turn added, and only the
        # combatants whose data changed (those whose turn ended or began, not all eight).
        assert "log" not in line["put"]["encounters"][0] and "combatants" not in line["put"]["encounters"][0]
        assert len(line.get("combatants", {}).get("enc-ambush", [None, []])[1]) < 8
        kept, added = line["logs"]["enc-ambush"]
        assert kept > 0 and added
    for make in (lambda: history.push(SetToken("map-ridge-road", "cmb-ambush-vera", (3, 4))), history.undo):
        line = step(make())
        # The map's tokens, not its cells; the encounter without its log, which did not change.
        assert "battle_maps" not in line["put"] and list(line["tokens"]) == ["map-ridge-road"]
        assert "logs" not in line
    # A step that moved no token writes none (a big map's every token, at each turn, would cost).
    line = step(history.push(fight.step("next_turn")))
    assert "tokens" not in line
    line = step(history.undo())  # the last turn taken back: its log entries go
    assert line["logs"]["enc-ambush"][1] == []
    [offer] = store.recovery.list_recoveries()
    assert _same(offer.campaign, campaign)


def test_fragments_made_on_another_thread_while_the_campaign_changes_are_never_stale(store, app_paths, make_campaign):
    import threading

    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Busy", characters=60))
    rng = random.Random(9)
    for _round in range(5):
        journal.fragments.invalidate_all()
        warming = threading.Thread(target=journal.fragments.warm)
        warming.start()
        for _ in range(20):
            changes = history.push(SetCharacterField(campaign, rng.choice(campaign.characters).id, "notes",
                                                     f"n {rng.random()}"))
            session.record(changes)
        warming.join()
        assert journal.fragments.pieces().joined() == campaign_bytes(campaign)


def test_a_value_changed_in_place_past_the_models_checks_is_not_saved(store, app_paths, make_campaign):
    import pytest

    from crisis_desktop.storage.campaign_writer import UnsavableCampaign

    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Odd", characters=2))
    journal.fragments.pieces()
    campaign.characters[1].stats["body"] = float("inf")  # bypasses validation, as a bug might
    journal.fragments.invalidate("characters", [campaign.characters[1].id])
    with pytest.raises(UnsavableCampaign, match=r"characters\[1\]\.stats\.body: inf is not a number"):
        journal.fragments.pieces()


def test_a_change_that_cannot_be_journaled_stops_the_journal_until_the_next_save_makes_it_whole(
        store, app_paths, make_campaign, monkeypatch):
    import errno

    import pytest

    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Full disk", characters=3))
    session.record(history.push(SetCampaignField(campaign, "notes", "written")))
    real_append = journal.journal.append

    def disk_full(_line: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal.journal, "append", disk_full)
    with pytest.raises(OSError):
        session.record(history.push(SetCampaignField(campaign, "name", "Lost from the journal")))
    monkeypatch.setattr(journal.journal, "append", real_append)
    assert journal.broken
    session.record(history.push(SetCampaignField(campaign, "notes", "not appended either")))
    # The journal stops where it could still be followed: it leads to the last change written, never to a mix.
    [offer] = store.recovery.list_recoveries()
    assert offer.campaign.notes == "written" and offer.campaign.name == "Full disk"

    journal.mark()  # a save begins; a change comes while it writes
    saved = campaign.model_copy(deep=True)
    session.record(history.push(SetCampaignField(campaign, "notes", "typed during the save")))
    store.save(saved, path)
    journal.saved()
    assert not journal.broken
    [offer] = store.recovery.list_recoveries()
    assert _same(offer.campaign, campaign)
    session.record(history.push(SetCampaignField(campaign, "notes", "after the save")))
    [offer] = store.recovery.list_recoveries()
    assert offer.campaign.notes == "after the save" and offer.campaign.name == "Lost from the journal"


def test_a_line_nested_100000_deep_is_damaged_and_set_aside(store, app_paths, make_campaign):
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Deep"))
    session.record(history.push(SetCampaignField(campaign, "name", "one")))
    file = journal.journal.path
    first = file.read_bytes().splitlines(keepends=True)[0]
    file.write_bytes(first + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    assert store.recovery.list_recoveries() == []
    [message] = store.recovery.set_aside_damaged()
    assert "line 2 is damaged" in message
    assert len(list(app_paths.recovery.glob(f"{file.name}.damaged-*"))) == 1


def test_a_line_holding_a_lone_surrogate_is_not_replayed(store, app_paths, make_campaign):
    """A journal line written by hand (json.loads takes the \\ud800 escape): the replay refuses it, naming the
    field, and the campaign opens from its last save."""
    path, campaign, session, journal, history = _open(store, app_paths, make_campaign("Half"))
    session.record(history.push(SetCampaignField(campaign, "name", "one")))
    file = journal.journal.path
    file.write_bytes(file.read_bytes().replace(b'"one"', b'"\\ud800"'))
    assert store.recovery.list_recoveries() == []
    [message] = store.recovery.set_aside_damaged()
    assert "name: holds '\\ud800' at character 1" in message
    assert store.load(path).name == "Half"
