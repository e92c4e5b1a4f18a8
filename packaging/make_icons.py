"""Render the application icon (an SVG) to PNGs, a Windows .ico and a macOS .icns.

    python packaging/make_icons.py [--svg FILE] [--out DIR]      (default out: build/icons)

Writes, in DIR:
    hicolor/<size>x<size>/apps/<APP_ID>.png   each size in SIZES, and hicolor/scalable/apps/<APP_ID>.svg:
                                             an icon theme tree for Linux (copy it into .../share/icons/)
    crisis-desktop.ico                       16..256 px, each a PNG (the EXE icon on Windows)
    crisis-desktop.icns                      16..1024 px (512@2x), each a PNG (the .app icon on macOS)

Qt's own .ico/.icns image plugins are not on every platform, and both formats are plain containers of
PNG images, so this script writes them itself. The files are build output: they are not committed.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_SVG = ROOT / "resources" / "icons" / "crisis-desktop.svg"
DEFAULT_OUT = ROOT / "build" / "icons"
NAME = "crisis-desktop"
APP_ID = "org.crisisdesktop.CrisisDesktop"  # = crisis_desktop.app.APP_ID: the desktop entry's Icon= name

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # 256 is the largest an .ico entry can say
# .icns element types holding PNG data, and the pixel size of each (the @2x ones are Retina variants).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512), (b"ic10", 1024),
)


def render_pngs(svg: bytes, sizes: set[int]) -> dict[int, bytes]:
    """The SVG drawn at each size (square, transparent background), as PNG file bytes."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no display needed
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 (painting needs it)
    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise SystemExit("make_icons: the SVG could not be read")
    pngs = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise SystemExit(f"make_icons: could not encode the {size} px PNG")
        buffer.close()
        pngs[size] = bytes(data.data())
    return pngs


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico file: a 6-byte header, one 16-byte directory entry per image, then the PNGs."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, image count
    offset = len(header) + 16 * len(sizes)
    entries, images = [], []
    for size in sizes:
        png = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256
        # width, height, palette colours, reserved, colour planes, bits per pixel, data size, data offset
        entries.append(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset))
        images.append(png)
        offset += len(png)
    return header + b"".join(entries) + b"".join(images)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .icns file: 'icns' and the total length, then elements of (type, length incl. 8-byte head, PNG)."""
    elements = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(elements)) + elements


def make_icons(svg_path: Path, out: Path) -> dict[str, Path]:
    """Write the PNGs, the .ico and the .icns under `out`; returns the written files by kind."""
    needed = set(SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = render_pngs(svg_path.read_bytes(), needed)
    written: dict[str, Path] = {}
    for size in SIZES:
        target = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pngs[size])
        written[f"png{size}"] = target
    written["svg"] = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    written["svg"].parent.mkdir(parents=True, exist_ok=True)
    written["svg"].write_bytes(svg_path.read_bytes())
    written["ico"] = out / f"{NAME}.ico"
    written["ico"].write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    written["icns"] = out / f"{NAME}.icns"
    written["icns"].write_bytes(icns_bytes(pngs))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the app icon SVG to PNGs, an .ico and an .icns.")
    parser.add_argument("--svg", type=Path, default=DEFAULT_SVG, help=f"source SVG (default: {DEFAULT_SVG})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    written = make_icons(args.svg, args.out)
    print(f"icons: {len(written)} files in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
