"""Portraits and background images named by a path read only regular files: a FIFO never freezes the window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from crisis_desktop.ui.battlemap.scene import load_image
from crisis_desktop.ui.widgets.portrait import file_to_data_uri, portrait_pixmap
from tests.file_helpers import KMSG, make_fifo, needs_fifo, needs_kmsg, returns_promptly

pytestmark = needs_fifo


@pytest.fixture
def picture(tmp_path):
    image = QImage(8, 4, QImage.Format.Format_ARGB32)
    image.fill(QColor(Qt.GlobalColor.red))
    path = tmp_path / "red.png"
    assert image.save(str(path))
    return path


def test_a_picture_file_still_reads(qapp, picture):
    assert file_to_data_uri(picture).startswith("data:image/png;base64,")
    assert portrait_pixmap(str(picture), 16) is not None
    assert load_image(str(picture)).size().width() == 8


def test_a_fifo_as_portrait_file_is_refused_with_a_message(qapp, tmp_path):
    fifo = make_fifo(tmp_path / "face.png")
    refused = r"^face\.png was not read: this is a named pipe \(FIFO\), not a regular file$"
    with pytest.raises(ValueError, match=refused):
        returns_promptly(lambda: file_to_data_uri(fifo), fifo)


def test_a_fifo_named_by_a_portrait_or_a_background_shows_nothing_and_is_logged(qapp, tmp_path, caplog):
    fifo = make_fifo(tmp_path / "face.png")
    assert returns_promptly(lambda: portrait_pixmap(str(fifo), 32), fifo) is None
    assert returns_promptly(lambda: load_image(str(fifo)), fifo).isNull()
    assert [r.getMessage() for r in caplog.records] == [
        f"Portrait {fifo} not shown: this is a named pipe (FIFO), not a regular file",
        f"Background image {fifo} not shown: this is a named pipe (FIFO), not a regular file",
    ]


def test_a_fifo_named_by_a_portrait_or_a_background_is_said_to_the_gm(qapp, tmp_path, document, qtbot):
    from crisis_desktop.domain.battle_map import BackgroundImage
    from crisis_desktop.ui.battlemap.map_place import MapPlace
    from crisis_desktop.ui.widgets.portrait import load_portrait

    fifo = make_fifo(tmp_path / "face.png")
    pixmap, problem = returns_promptly(lambda: load_portrait(str(fifo), 32), fifo)
    assert pixmap is None and problem == "face.png: this is a named pipe (FIFO), not a regular file"
    document.campaign.battle_maps[0].background = BackgroundImage(path=str(fifo))
    place = MapPlace()
    qtbot.addWidget(place)
    said: list[str] = []
    place.message.connect(said.append)
    place.set_document(document)          # non-blocking: a FIFO is refused before it is opened for reading
    assert f"Background not shown: {fifo}: this is a named pipe (FIFO), not a regular file" in said


@needs_kmsg
def test_a_portrait_or_background_linked_to_proc_kmsg_is_refused_and_said(qapp, tmp_path):
    """/proc/kmsg says it is a regular file; reading it waited for the kernel's next message and froze the window."""
    from crisis_desktop.ui.battlemap.scene import read_background
    from crisis_desktop.ui.widgets.portrait import load_portrait

    link = tmp_path / "face.png"
    link.symlink_to(KMSG)
    refused = "this is a file of the system (under /proc), not a regular file"
    for path in (link, KMSG):
        pixmap, problem = returns_promptly(lambda p=path: load_portrait(str(p), 32))
        assert pixmap is None and problem == f"{path.name}: {refused}"
        image, problem = returns_promptly(lambda p=path: read_background(str(p)))
        assert image.isNull() and problem == f"{path}: {refused}"
    with pytest.raises(ValueError, match=r"^face\.png was not read: this is a file of the system \(under /proc\)"):
        returns_promptly(lambda: file_to_data_uri(link))
