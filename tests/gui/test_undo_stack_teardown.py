"""A campaign document with commands on its undo stack is freed as soon as nothing refers to it, by reference
counting alone: its commands do not hold it in a reference cycle. Left to Python's cyclic collector, such a cycle
was torn at an arbitrary point (one command's callbacks first), which deleted the document and, with it, the
undo stack while that command's wrapper was being freed; the stack then deleted the command again and the
interpreter crashed (a segmentation fault in QUndoStack::clear, seen in full GUI test runs)."""

from __future__ import annotations

import gc
import weakref

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.resources_access import resource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.document import CampaignDocument


def _open_edit_and_drop(paths) -> tuple[weakref.ref[CampaignDocument], weakref.ref[object]]:
    store = CampaignStore(paths)
    path = paths.campaigns / "demo.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(resource("demo", "campaign.json").read_bytes())
    document = CampaignDocument(store.load(path), path, store)
    character = document.campaign.characters[0]
    for field, value in (("name", "Vera K."), ("player", "Ana"), ("notes", "Owes Kell money")):
        document.push(SetCharacterField(document.campaign, character.id, field, value))
    document.undo_stack.undo()
    assert document.undo_stack.count() == 3
    document.close_journal()
    return weakref.ref(document), weakref.ref(document.undo_stack.command(0))


def test_a_document_with_undo_steps_is_freed_without_the_cyclic_collector(paths, qtbot):
    gc.collect()
    gc.disable()
    try:
        document, command = _open_edit_and_drop(paths)
        assert document() is None, "the document outlived its last reference: a cycle holds it"
        assert command() is None, "an undo step outlived its document"
    finally:
        gc.enable()
