"""The window's parts are objects with explicit collaborators: the File menu's commands work over a plain widget,
the paths, the settings and the callables they are given, without a main window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from crisis_desktop.storage.demo import DEMO_FILE_NAME, seed_demo
from crisis_desktop.storage.settings import AppSettings
from crisis_desktop.ui.campaign_files import CampaignFiles
from crisis_desktop.ui.document import CampaignDocument


def test_the_file_commands_work_with_what_they_are_given(qtbot, paths, answers):
    seed_demo(paths)
    parent = QWidget()
    qtbot.addWidget(parent)
    opened: list[tuple[Path, bool]] = []
    documents: list[CampaignDocument] = []

    def open_campaign(path: Path, quiet: bool = False, recovered: object = None) -> bool:
        opened.append((path, quiet))
        documents.append(CampaignDocument(files.store.load(path), path, files.store))
        return True

    files = CampaignFiles(parent, paths, AppSettings(), document=lambda: documents[-1] if documents else None,
                          open_campaign=open_campaign, close_campaign=lambda: True)
    said: list[tuple[str, int]] = []
    files.status.connect(lambda text, timeout: said.append((text, timeout)))

    files.start(None)                          # no last campaign: the demo, asked to open quietly
    assert opened == [(paths.campaigns / DEMO_FILE_NAME, True)]
    document = documents[0]
    answers.queued["text"].append("Ashes of the Ridge")
    files.rename()                             # an undoable command on the document given
    assert document.campaign.name == "Ashes of the Ridge" and document.dirty
    assert document.undo_stack.undoText() == "Rename to “Ashes of the Ridge”"
    assert files.save()
    assert said == [(f"Saved {DEMO_FILE_NAME}", 4000)] and not document.dirty
    assert files.store.load(document.path).name == "Ashes of the Ridge"
    assert answers.asked == [("text", "Rename campaign: New name:")]
