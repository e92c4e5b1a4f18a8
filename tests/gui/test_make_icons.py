"""packaging/make_icons.py: the app icon rendered to PNGs of each size, a PNG-based .ico and an .icns."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QImageReader

from crisis_desktop.app import APP_ID
from crisis_desktop.resources_access import resource

ROOT = Path(__file__).resolve().parents[2]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def drawn(data: bytes) -> QImage:
    """The decoded image; it must have both see-through corners and opaque pixels (the icon, not a blank)."""
    image = QImage.fromData(data, "PNG")
    assert not image.isNull()
    size = image.width()
    assert image.pixelColor(0, 0).alpha() == 0  # the rounded corner stays transparent
    assert image.pixelColor(size // 2, size // 2).alpha() == 255
    return image


@pytest.fixture(scope="module")
def icons(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("icons")
    result = subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icons.py"), "--out", str(out)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"icons: 11 files in {out}"
    return out


def test_an_icon_theme_tree_named_by_the_app_id(icons, qapp):
    theme = icons / "hicolor"
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        data = (theme / f"{size}x{size}" / "apps" / f"{APP_ID}.png").read_bytes()
        assert png_size(data) == (size, size)
        assert drawn(data).size().toTuple() == (size, size)
    svg = resource("icons", "crisis-desktop.svg")
    assert (theme / "scalable" / "apps" / f"{APP_ID}.svg").read_bytes() == svg.read_bytes()
    assert len([p for p in theme.rglob("*") if p.is_file()]) == 9


def test_ico_is_a_directory_of_pngs(icons, qapp):
    data = (icons / "crisis-desktop.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 7)
    sizes, end = [], 6 + 16 * count
    for i in range(count):
        width, height, colours, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (colours, planes, bits) == (0, 1, 32)
        assert offset == end  # images follow each other, no gaps or overlaps
        image = data[offset:offset + length]
        size = width or 256
        assert (width, height) == ((0, 0) if size == 256 else (size, size))
        assert png_size(image) == (size, size)
        drawn(image)
        sizes.append(size)
        end = offset + length
    assert end == len(data)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    if b"ico" in [bytes(f.data()) for f in QImageReader.supportedImageFormats()]:
        reader = QImageReader(str(icons / "crisis-desktop.ico"))  # Qt's own reader agrees
        assert reader.imageCount() == 7


def test_icns_is_a_sequence_of_typed_pngs(icons, qapp):
    data = (icons / "crisis-desktop.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    found, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        found[kind] = png_size(data[pos + 8:pos + length])
        drawn(data[pos + 8:pos + length])
        pos += length
    assert pos == len(data)
    assert found == {b"icp4": (16, 16), b"icp5": (32, 32), b"icp6": (64, 64), b"ic07": (128, 128),
                     b"ic08": (256, 256), b"ic09": (512, 512), b"ic11": (32, 32), b"ic12": (64, 64),
                     b"ic13": (256, 256), b"ic14": (512, 512), b"ic10": (1024, 1024)}


def test_a_broken_svg_is_refused(tmp_path):
    bad = tmp_path / "bad.svg"
    bad.write_text("<svg")
    result = subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icons.py"), "--svg", str(bad),
                             "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "the SVG could not be read" in result.stderr
    assert not (tmp_path / "out").exists()
