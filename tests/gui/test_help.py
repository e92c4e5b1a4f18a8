"""The Help menu: the user guide window (F1), the log folder, About Qt and About Crisis Desktop."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QImage, QTextCursor, QTextDocument
from PySide6.QtWidgets import QMessageBox

from crisis_desktop import __version__, legal
from crisis_desktop.ui.desktop import Desktop
from crisis_desktop.ui.help.about_dialog import AboutDialog
from crisis_desktop.ui.help.user_guide_window import GuideBrowser, UserGuideWindow
from crisis_desktop.user_guide import page_names


def click_link(qtbot, browser: GuideBrowser, href: str) -> None:
    """Click the first link to `href` on the page shown, where it is on screen."""
    block = browser.document().begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(browser.document())
                cursor.setPosition(fragment.position() + 1)
                browser.setTextCursor(cursor)
                browser.ensureCursorVisible()
                point = browser.cursorRect(cursor).center() - QPoint(3, 0)
                qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
                return
            iterator += 1
        block = block.next()
    raise AssertionError(f"no link to {href} on {browser.source().toString()}")


@pytest.fixture
def guide(window, qtbot) -> UserGuideWindow:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help.user_guide is not None
    qtbot.waitExposed(window.help.user_guide)
    return window.help.user_guide


def test_f1_opens_the_guide_on_its_index_with_every_page_listed(guide):
    assert guide.isVisible()
    assert guide.current_page == "index.md"
    assert guide.browser.document().toPlainText().startswith("Crisis Desktop user guide")
    titles = [guide.pages.item(row).text() for row in range(guide.pages.count())]
    assert titles[0] == "Crisis Desktop user guide"
    assert "Running a fight: the Fight place" in titles and "The battle map" in titles
    assert "Equipment, Quick NPCs and the bestiary" in titles
    assert "The moments ruleset" in titles and "The skirmish ruleset" in titles
    assert len(titles) == len(page_names())                              # every page of the guide, once
    assert guide.pages.currentRow() == 0
    assert guide.windowTitle() == "Crisis Desktop user guide — Crisis Desktop User Guide"


def test_links_images_back_and_forward(guide, qtbot):
    browser = guide.browser
    assert not guide.back.isEnabled()
    click_link(qtbot, browser, "encounters.md")
    assert guide.current_page == "encounters.md"
    assert browser.document().toPlainText().startswith("Running a fight: the Fight place")
    assert guide.pages.currentItem().text() == "Running a fight: the Fight place"
    image = browser.document().resource(QTextDocument.ResourceType.ImageResource,
                                        QUrl("guide:/screenshots/board.png"))
    assert isinstance(image, QImage) and not image.isNull()
    assert image.width() <= browser.viewport().width()  # scaled down to fit, not cut off

    assert guide.back.isEnabled()
    guide.back.click()
    assert guide.current_page == "index.md"
    assert guide.pages.currentRow() == 0
    assert guide.forward.isEnabled()
    guide.forward.click()
    assert guide.current_page == "encounters.md"


def test_the_page_list_and_contents_button_navigate(guide):
    row = next(r for r in range(guide.pages.count()) if guide.pages.item(r).data(Qt.ItemDataRole.UserRole)
               == "storage.md")
    guide.pages.setCurrentRow(row)
    assert guide.current_page == "storage.md"
    assert "Logs" in guide.browser.document().toPlainText()
    guide.home.click()
    assert guide.current_page == "index.md"


def test_web_links_go_to_the_browser_and_missing_pages_say_so(guide, monkeypatch):
    opened = []
    monkeypatch.setattr(Desktop, "open_url", classmethod(lambda _cls, _parent, url: opened.append(url.toString())))
    guide.browser.anchorClicked.emit(QUrl("https://example.org/rules"))
    assert opened == ["https://example.org/rules"]
    assert guide.current_page == "index.md"
    guide.browser.anchorClicked.emit(QUrl("guide:/no-such-page.md"))
    assert guide.browser.document().toPlainText().startswith("Page not found")
    assert "no-such-page.md" in guide.browser.document().toPlainText()


def test_f1_again_reuses_the_window_and_shows_the_index(window, guide, qtbot):
    guide.pages.setCurrentRow(3)
    window.menus.act_guide.trigger()
    assert window.help.user_guide is guide
    assert guide.current_page == "index.md"


def test_open_log_folder_and_about_qt(window, monkeypatch, paths):
    folders, about_qt = [], []
    monkeypatch.setattr(Desktop, "open_folder", classmethod(lambda _cls, _parent, folder: folders.append(folder)))
    monkeypatch.setattr(QMessageBox, "aboutQt", lambda parent, title: about_qt.append(title))
    window.menus.act_log_folder.trigger()
    window.menus.act_about_qt.trigger()
    assert folders == [paths.logs] == [paths.data_dir / "logs"]
    assert about_qt == ["About Qt"]
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert [a.text() for a in help_menu.actions() if not a.isSeparator()] == \
        ["&User Guide", "Open &Log Folder", "About &Qt", "&About Crisis Desktop"]
    assert window.menus.act_guide.shortcut().toString() == "F1"


def test_about_shows_version_folders_licence_and_notices(window, qtbot, paths, monkeypatch):
    asked = []
    monkeypatch.setattr(AboutDialog, "ask", classmethod(lambda _cls, data, logs, parent=None: asked.append(
        (data, logs))))
    window.menus.act_about.trigger()
    assert asked == [(paths.data_dir, paths.logs)]

    monkeypatch.setattr(legal, "third_party_notices", lambda: "# Notices\n\nQt for Python: LGPLv3")
    dialog = AboutDialog(paths.data_dir, paths.logs)
    qtbot.addWidget(dialog)
    text = " ".join(label.text() for label in dialog.findChildren(type(dialog.folders)))
    assert f"Crisis Desktop {__version__}" in text
    assert str(paths.data_dir) in dialog.folders.text() and str(paths.logs) in dialog.folders.text()
    licence = dialog.licence.toPlainText()
    assert licence.startswith("MIT License") and "Permission is hereby granted" in licence
    assert dialog.notices.toPlainText().startswith("Notices")


def test_about_says_when_the_notices_are_missing(qtbot, paths, monkeypatch):
    monkeypatch.setattr(legal, "third_party_notices", lambda: None)
    dialog = AboutDialog(paths.data_dir, paths.logs)
    qtbot.addWidget(dialog)
    assert dialog.notices.toPlainText() == legal.missing_notices_text()
    assert "THIRD-PARTY-NOTICES.md is missing" in dialog.notices.toPlainText()
