"""Renders the user guide's pictures of exported sheets (crisis_desktop/docs/screenshots): the first PDF page of a
demo PC with a drawn portrait, a page of NPC stat blocks, and a genesys PC with its dice pools drawn; and for the
README (docs/screenshots) the sheet a player plays from in crisis, crisis-classic, moments and skirmish. Needs
pdftoppm (poppler-utils).

Run: python tools/sheet_screenshots.py
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crisis_desktop.domain import Campaign, Character, CharacterKind  # noqa: E402
from crisis_desktop.export.pdf import ensure_gui_application, render_pdf_bytes  # noqa: E402
from crisis_desktop.export.sheet import build_sheet  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402

OUT = ROOT / "crisis_desktop" / "docs" / "screenshots"
README_OUT = ROOT / "docs" / "screenshots"
DPI = 80


def portrait() -> str:
    """A plain drawn head-and-shoulders picture as a PNG data URI (the demo has no portraits)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(200, 240, QImage.Format.Format_ARGB32)
    image.fill(QColor("#d9dee4"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#5b6b7a"))
    painter.drawEllipse(QRectF(20, 150, 160, 160))
    painter.setBrush(QColor("#8a9aa8"))
    painter.drawEllipse(QRectF(55, 40, 90, 110))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return "data:image/png;base64," + base64.b64encode(bytes(data.data())).decode()


def first_page_png(pdf: bytes, name: str, page: int = 1, out: Path = OUT) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile",
                        str(source), str(Path(tmp) / "page")], check=True)
        shutil.copyfile(Path(tmp) / "page.png", out / name)
    print(f"wrote {(out / name).relative_to(ROOT)}")


def classic_fighter() -> Character:
    """A crisis-classic PC with a pistol and a knife from the catalogue (there is no crisis-classic demo)."""
    rules = get_ruleset("crisis-classic")
    stats = dict(rules.sheet.new_stats(CharacterKind.PC))
    stats.update(speed=12, might=11, light_weapons=2, melee=1)
    weapons = {item.name: item for item in rules.catalogue("weapons")}  # type: ignore[attr-defined]
    return Character(name="Mara Quill", player="Sam", stats=stats,
                     equipment=[weapons["Pistol"].model_copy(deep=True), weapons["Knife"].model_copy(deep=True)])


def system_sheets() -> None:
    """Per system, the first page of a demo PC's sheet: what each weapon rolls against what, the defences and the
    tracks to mark."""
    for demo, name in (("campaign", "Ines Moreau"), ("moments", "Vera Stone"), ("skirmish", "Mira Fenn")):
        campaign = Campaign.model_validate_json(resource("demo", f"{demo}.json").read_text(encoding="utf-8"))
        character = next(c for c in campaign.characters if c.name == name)
        sheet = build_sheet(character, get_ruleset(campaign.ruleset), campaign.rule_options)
        first_page_png(render_pdf_bytes([sheet]), f"sheet-{campaign.ruleset}.png", out=README_OUT)
    sheet = build_sheet(classic_fighter(), get_ruleset("crisis-classic"))
    first_page_png(render_pdf_bytes([sheet]), "sheet-crisis-classic.png", out=README_OUT)


def main() -> None:
    ensure_gui_application()
    campaign = Campaign.model_validate_json(resource("demo", "campaign.json").read_text(encoding="utf-8"))
    rules = get_ruleset(campaign.ruleset)
    orlov = next(c for c in campaign.characters if c.name.startswith("Dmitri"))
    orlov = orlov.model_copy(update={"portrait": portrait()})
    first_page_png(render_pdf_bytes([build_sheet(orlov, rules, campaign.rule_options)]), "sheet-pdf-1.png")
    npcs = [build_sheet(c, rules, campaign.rule_options) for c in campaign.characters if c.kind == "npc"]
    first_page_png(render_pdf_bytes(npcs, npc_blocks=True), "sheet-npc-blocks.png")
    genesys = Campaign.model_validate_json(resource("demo", "genesys.json").read_text(encoding="utf-8"))
    kara = next(c for c in genesys.characters if c.name.startswith("Kara"))
    first_page_png(render_pdf_bytes([build_sheet(kara, get_ruleset(genesys.ruleset), genesys.rule_options)]),
                   "sheet-pdf-genesys.png")
    system_sheets()


if __name__ == "__main__":
    main()
