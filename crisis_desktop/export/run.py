"""One export of a campaign's characters to PDF, HTML or Markdown files: used by the CLI and the GUI."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from crisis_desktop.domain import Campaign, Character
from crisis_desktop.export.output import ExportError, check_free, fitted, slug, target_paths, write_files
from crisis_desktop.export.sheet import Sheet, build_sheet
from crisis_desktop.rules.registry import get_ruleset

FORMATS = ("pdf", "html", "md")
SUFFIXES = {"pdf": ".pdf", "html": ".html", "md": ".md"}


def pick_characters(campaign: Campaign, names: Sequence[str]) -> list[Character]:
    """The characters named (case-insensitive, in the order given), or all when no name is given."""
    if not names:
        return list(campaign.characters)
    picked: list[Character] = []
    for name in names:
        found = [c for c in campaign.characters if c.name.casefold() == name.casefold()]
        if not found:
            raise ExportError(f"No character named {name!r} in {campaign.name}")
        picked.extend(c for c in found if c not in picked)
    return picked


def pdf_path(folder: Path, campaign: Campaign) -> Path:
    """The one PDF of an export: "<campaign>-sheets.pdf" in the chosen folder."""
    return target_paths(folder, [slug(campaign.name, "campaign") + "-sheets"], ".pdf")[0]


def export_sheets(campaign: Campaign, characters: Sequence[Character], fmt: str, folder: Path, *,
                  paper: str = "a4", force: bool = False, template_dir: Path | None = None,
                  npc_blocks: bool = False,
                  progress: Callable[[int, int, Sheet], None] | None = None) -> list[Path]:
    """Writes the sheets and returns the files written.

    PDF: one file, each character from a new page (a long sheet continues on the next). HTML and Markdown: one
    file per character, named after it; a Markdown sheet links its portrait as an image file beside it. With
    `npc_blocks` the NPCs are printed together as compact stat blocks (after the PCs in the PDF; in one
    "<campaign>-npcs" file for HTML and Markdown).
    Nothing is written if any target exists already and `force` is not set (ExportError says which).
    `progress(done, total, sheet)` is called as each sheet is rendered; it may raise to stop the export, and
    nothing is written then.
    """
    if fmt not in FORMATS:
        raise ExportError(f"Unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if not characters:
        raise ExportError(f"No characters to export in {campaign.name}")
    ruleset = get_ruleset(campaign.ruleset)
    sheets = [build_sheet(c, ruleset, campaign.rule_options) for c in characters]
    total = len(sheets)

    def report(i: int, sheet: Sheet) -> None:
        if progress:
            progress(i + 1, total, sheet)

    folder = Path(folder)
    if fmt == "pdf":
        from crisis_desktop.export.pdf import render_pdf_bytes

        target = pdf_path(folder, campaign)
        check_free([target], force)   # before rendering: a refusal should not cost the whole render
        data = render_pdf_bytes(sheets, paper, template_dir, report, npc_blocks=npc_blocks)
        write_files({target: data}, force)
        return [target]
    block_at = [i for i, s in enumerate(sheets) if s.is_npc] if npc_blocks else []
    blocks = [sheets[i] for i in block_at]
    blocked = set(block_at)
    single_at = [i for i in range(total) if i not in blocked]
    singles = [sheets[i] for i in single_at]
    names = [s.name for s in singles] + ([slug(campaign.name, "campaign") + "-npcs"] if blocks else [])
    paths = target_paths(folder, names, SUFFIXES[fmt])
    contents: dict[Path, bytes] = {}
    for path, at, sheet in zip(paths, single_at, singles, strict=False):
        report(at, sheet)
        if fmt == "md":
            sheet, image = _portrait_file(sheet, path)
            if image is not None:
                contents[image[0]] = image[1]
            sheet, drawings = _die_files(sheet, path)
            contents.update(drawings)
        contents[path] = _render(fmt, sheet, template_dir).encode("utf-8")
    if blocks:
        for at in block_at:
            report(at, sheets[at])
        title = f"{campaign.name}: NPCs"
        if fmt == "md":
            from crisis_desktop.export.markdown import render_npc_blocks_markdown

            text = render_npc_blocks_markdown(blocks, title, template_dir)
        else:
            from crisis_desktop.export.html import render_npc_blocks_html

            text = render_npc_blocks_html(blocks, title, template_dir)
        contents[paths[-1]] = text.encode("utf-8")
    write_files(contents, force)
    return list(contents)


def _render(fmt: str, sheet: Sheet, template_dir: Path | None) -> str:
    if fmt == "html":
        from crisis_desktop.export.html import render_html

        return render_html(sheet, template_dir)
    from crisis_desktop.export.markdown import render_markdown

    return render_markdown(sheet, template_dir)


_IMAGE_TYPES = {"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp",
                "image/svg+xml": ".svg", "image/bmp": ".bmp"}


def _die_files(sheet: Sheet, page: Path) -> tuple[Sheet, dict[Path, bytes]]:
    """For a Markdown sheet: the drawing of each die of symbols its pools use, as an SVG file beside the page
    ("kara-ability.svg"), and the sheet linking those files."""
    files = {page.with_name(fitted(page.stem, f"-{d.key}.svg") + f"-{d.key}.svg"): d for d in sheet.dice}
    return (replace(sheet, die_files=tuple((d.key, path.name) for path, d in files.items())),
            {path: d.svg.encode("utf-8") for path, d in files.items()})


def _portrait_file(sheet: Sheet, page: Path) -> tuple[Sheet, tuple[Path, bytes] | None]:
    """For a Markdown sheet: its portrait (a data URI) as an image file beside the page ("vera-portrait.png"),
    and the sheet linking that file; a portrait that does not decode is left out."""
    if not sheet.portrait:
        return sheet, None
    head, _, payload = sheet.portrait.partition(",")
    mime = head.removeprefix("data:").split(";")[0].lower()
    suffix = _IMAGE_TYPES.get(mime)
    if suffix is None or ";base64" not in head:
        return replace(sheet, portrait=None), None
    try:
        data = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        return replace(sheet, portrait=None), None
    image = page.with_name(fitted(page.stem, f"-portrait{suffix}") + f"-portrait{suffix}")
    return replace(sheet, portrait_file=image.name), (image, data)
