"""A template folder is read only inside itself: a symlink leading out (header.html -> /etc/hostname, or sheet.html
itself) stops the export with a message and never puts that file into a sheet; links inside the folder, and a
template folder that is itself a link, still work."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import Campaign, Character
from crisis_desktop.export.output import ExportError
from crisis_desktop.export.run import export_sheets
from crisis_desktop.export.templating import render

SECRET = "the content of a file outside the template folder"


@pytest.fixture
def outside(tmp_path):
    secret = tmp_path / "private" / "hostname"
    secret.parent.mkdir()
    secret.write_text(SECRET)
    return secret


@pytest.fixture
def folder(tmp_path):
    templates = tmp_path / "templates"
    templates.mkdir()
    return templates


def _campaign() -> Campaign:
    return Campaign(ruleset="crisis", name="C", characters=[Character(name="Vera")])


def test_an_included_template_linked_out_of_the_folder_is_refused(folder, outside, tmp_path):
    (folder / "sheet.html").write_text('<p>{% include "header.html" %}</p>{{ sheet.name }}')
    (folder / "header.html").symlink_to(outside)
    with pytest.raises(ExportError) as caught:
        render("sheet.html", {"sheet": {"name": "Vera"}}, folder)
    assert str(caught.value) == (f"The template {folder / 'header.html'} was not read: it leads out of the template "
                                 f"folder {folder} (to {outside}); only files inside that folder are used")
    out = tmp_path / "out"
    with pytest.raises(ExportError, match="leads out of the template folder"):
        export_sheets(_campaign(), _campaign().characters, "html", out, template_dir=folder)
    assert not out.exists() or all(SECRET not in f.read_text() for f in out.iterdir())


def test_sheet_html_itself_linked_out_of_the_folder_is_refused(folder, outside, tmp_path):
    (folder / "sheet.md").symlink_to(outside)
    with pytest.raises(ExportError, match=r"sheet\.md was not read: it leads out of the template folder"):
        export_sheets(_campaign(), _campaign().characters, "md", tmp_path / "out", template_dir=folder)


def test_a_link_through_a_linked_folder_leading_out_is_refused(folder, outside):
    (folder / "inner").symlink_to(outside.parent)
    (folder / "header.html").symlink_to(folder / "inner" / "hostname")
    (folder / "sheet.html").write_text('{% include "header.html" %}')
    with pytest.raises(ExportError, match="leads out of the template folder"):
        render("sheet.html", {}, folder)


def test_etc_hostname_is_not_put_into_a_sheet(folder):
    from pathlib import Path

    if not Path("/etc/hostname").is_file():
        pytest.skip("this platform has no /etc/hostname")
    (folder / "sheet.html").write_text('[{% include "header.html" %}]')
    (folder / "header.html").symlink_to("/etc/hostname")
    with pytest.raises(ExportError, match="leads out of the template folder"):
        render("sheet.html", {}, folder)


def test_links_inside_the_folder_and_a_linked_folder_still_work(folder, tmp_path):
    (folder / "parts").mkdir()
    (folder / "parts" / "top.html").write_text("TOP")
    (folder / "header.html").symlink_to(folder / "parts" / "top.html")
    (folder / "sheet.html").write_text('[{% include "header.html" %}]')
    linked = tmp_path / "my templates"
    linked.symlink_to(folder)
    assert render("sheet.html", {}, folder) == "[TOP]"
    assert render("sheet.html", {}, linked) == "[TOP]"


def test_a_dangling_link_is_said_rather_than_quietly_replaced_by_the_built_in_template(folder, tmp_path):
    (folder / "sheet.html").symlink_to(folder / "gone.html")
    with pytest.raises(ExportError, match=r"sheet\.html was not read: No such file or directory"):
        render("sheet.html", {}, folder)
