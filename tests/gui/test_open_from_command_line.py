"""`crisis-desktop path/to/campaign.json` starts the real window with that file open."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from crisis_desktop.app import APP_ID, main
from crisis_desktop.resources_access import resource
from crisis_desktop.ui.campaign_files import CampaignFiles
from crisis_desktop.ui.main_window import MainWindow


def test_the_window_opens_the_file_named_on_the_command_line(qapp, paths, answers, tmp_path, monkeypatch):
    target = tmp_path / "table" / "Tuesday game.json"
    target.parent.mkdir()
    target.write_bytes(resource("demo", "campaign.json").read_bytes())
    # run_gui leaves its event loop once the window is up and the campaign open (the start-up benchmark's
    # hook); quitting closes the window and its campaign, so what it showed is recorded right after start.
    monkeypatch.setenv("CRISIS_DESKTOP_EXIT_WHEN_SHOWN", "campaign")
    seen: list[tuple[str | None, object, str, int, str]] = []
    real_start = CampaignFiles.start

    windows: list[MainWindow] = []

    def start(files: CampaignFiles, campaign: str | None) -> None:
        window = files.parent()
        assert isinstance(window, MainWindow)
        windows.append(window)
        real_start(files, campaign)
        document = window.document
        assert document is not None, "no campaign open after start"
        seen.append((campaign, document.path, document.campaign.name, window.characters.model.rowCount(),
                     window.windowTitle()))

    monkeypatch.setattr(CampaignFiles, "start", start)

    try:
        assert main(["--data-dir", str(paths.data_dir), str(target)]) == 0
    finally:
        for window in windows:
            window.deleteLater()

    assert seen == [(str(target.resolve()), target.resolve(), "Demo: The Ridge Road", 10,
                     "Demo: The Ridge Road[*] — Crisis Desktop")]
    assert answers.asked == []
    assert QApplication.desktopFileName() == APP_ID
