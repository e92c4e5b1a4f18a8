"""The licence and third-party notices shown in Help › About, read from the installed package."""

from __future__ import annotations

from importlib import metadata

from crisis_desktop import legal


def test_the_licence_comes_from_the_distribution_metadata():
    text = legal.licence_text()
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text


def test_without_metadata_the_licence_note_says_what_is_missing(monkeypatch):
    def not_installed(_name):
        raise metadata.PackageNotFoundError(_name)

    monkeypatch.setattr(legal.metadata, "distribution", not_installed)
    text = legal.licence_text()
    assert "released under the MIT licence" in text
    assert "licenses/LICENSE" in text and "not found" in text


def test_the_notices_are_read_from_the_resources_or_reported_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(legal, "resource", lambda *parts: tmp_path.joinpath(*parts))
    assert legal.third_party_notices() is None
    assert legal.missing_notices_text() == ("Third-party notices not found: crisis_desktop/resources/legal/"
                                           "THIRD-PARTY-NOTICES.md is missing from this installation.")
    (tmp_path / "legal").mkdir()
    (tmp_path / "legal" / "THIRD-PARTY-NOTICES.md").write_text("# Notices\n\nPySide6: LGPLv3\n", encoding="utf-8")
    assert legal.third_party_notices() == "# Notices\n\nPySide6: LGPLv3\n"
