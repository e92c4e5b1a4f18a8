"""PDF export (one page per character, text extracted with pypdf) and the export command run as a process."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pypdf
import pytest

from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.export.pdf import render_pdf_bytes
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset

REPO = Path(__file__).resolve().parents[3]


def demo() -> Campaign:
    return Campaign.model_validate_json(resource("demo", "campaign.json").read_text(encoding="utf-8"))


def classic() -> Campaign:
    ruleset = get_ruleset("crisis-classic")
    return Campaign(name="Classic", ruleset="crisis-classic", characters=[
        Character(name="Mara Quill", stats=ruleset.sheet.new_stats(CharacterKind.PC)),
        Character(name="Brute", kind=CharacterKind.NPC, stats=ruleset.sheet.new_stats(CharacterKind.NPC)),
    ])


def page_texts(data: bytes) -> list[str]:
    # pypdf joins words with tabs or newlines depending on the layout, and the font sets "fi" as a
    # ligature; compare on NFKC text with single spaces.
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    return [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split()) for page in pages]


@pytest.mark.parametrize("campaign", [demo(), classic()], ids=["crisis", "crisis-classic"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_has_one_page_per_character_with_name_and_derived_values(qapp, campaign, paper):
    ruleset = get_ruleset(campaign.ruleset)
    sheets = [build_sheet(c, ruleset, campaign.rule_options) for c in campaign.characters]
    data = render_pdf_bytes(sheets, paper)
    texts = page_texts(data)
    assert len(texts) == len(campaign.characters)
    for sheet, text in zip(sheets, texts, strict=True):
        assert sheet.name in text
        for value in sheet.derived:
            assert f"{value.label} {value.value}" in text
            assert " ".join(value.explain.split()) in text
    box = pypdf.PdfReader(io.BytesIO(data)).pages[0].mediabox
    expected = (595, 842) if paper == "a4" else (612, 792)
    assert (round(float(box.width)), round(float(box.height))) == expected


def run_cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "crisis_desktop", "--data-dir", str(data_dir), "export", *args],
                          capture_output=True, text=True, env=env, timeout=120, cwd=REPO)


def test_cli_exports_pdf_with_progress_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "out"
    done = run_cli(tmp_path / "data", "--campaign", "Demo: The Ridge Road", "--output", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "1/10 Vera Kask" and lines[9] == "10/10 Halvorsen"
    pdf = out / "demo-the-ridge-road-sheets.pdf"
    assert len(pypdf.PdfReader(pdf).pages) == 10

    again = run_cli(tmp_path / "data", "--campaign", "Demo: The Ridge Road", "--output", str(out))
    assert again.returncode == 2 and "exist already" in again.stderr and "--force" in again.stderr
    forced = run_cli(tmp_path / "data", "--campaign", "Demo: The Ridge Road", "--output", str(out),
                     "--character", "Jory", "--force", "--paper", "letter")
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout.splitlines()[0] == "1/1 Jory"
    assert len(pypdf.PdfReader(pdf).pages) == 1


def test_cli_html_writes_one_file_per_character(tmp_path):
    out = tmp_path / "out"
    done = run_cli(tmp_path / "data", "--campaign", "Demo: The Ridge Road", "--format", "md", "--output", str(out),
                   "--character", "Vera Kask", "--character", "wolf")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["vera-kask.md", "wolf.md"]


def test_cli_fails_clearly_on_unknown_campaign_or_character(tmp_path):
    out = tmp_path / "out"
    bad = run_cli(tmp_path / "data", "--campaign", "Nowhere", "--output", str(out))
    assert bad.returncode == 2 and "No campaign named 'Nowhere'" in bad.stderr
    bad = run_cli(tmp_path / "data", "--campaign", "Demo: The Ridge Road", "--character", "Nobody",
                  "--output", str(out))
    assert bad.returncode == 2 and "No character named 'Nobody'" in bad.stderr
    assert not out.exists()
