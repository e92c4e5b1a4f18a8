"""One export of a campaign's characters to PDF, HTML or Markdown files: used by the CLI and the GUI."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from crisis_desktop.domain import Campaign, Character
from crisis_desktop.export.output import ExportError, check_free, slug, target_paths, write_files
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
                  progress: Callable[[int, int, Sheet], None] | None = None) -> list[Path]:
    """Writes the sheets and returns the files written.

    PDF: one file with one page per character. HTML and Markdown: one file per character, named after it.
    Nothing is written if any target exists already and `force` is not set (ExportError says which).
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
        data = render_pdf_bytes(sheets, paper, template_dir, report)
        write_files({target: data}, force)
        return [target]
    if fmt == "html":
        from crisis_desktop.export.html import render_html as render
    else:
        from crisis_desktop.export.markdown import render_markdown as render
    paths = target_paths(folder, [s.name for s in sheets], SUFFIXES[fmt])
    contents = {}
    for i, (path, sheet) in enumerate(zip(paths, sheets, strict=True)):
        report(i, sheet)
        contents[path] = render(sheet, template_dir).encode("utf-8")
    write_files(contents, force)
    return paths
