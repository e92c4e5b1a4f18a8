"""The user guide inside the package: every relative link and image resolves to a file of the guide."""

from __future__ import annotations

import pytest

from crisis_desktop import user_guide
from crisis_desktop.user_guide import INDEX_PAGE, find, page_names, page_title, relative_targets, resolve

USER_PAGES = {"index.md", "characters.md", "encounters.md", "battle-map.md", "player-display.md", "rules.md",
              "rules-crisis.md", "rules-crisis-classic.md", "rules-genesys.md", "rules-moments.md", "rules-skirmish.md",
              "export.md", "storage.md", "catalogue.md", "simulate.md"}


def test_the_guide_holds_the_user_pages_with_the_index_first():
    names = page_names()
    assert names[0] == INDEX_PAGE
    assert set(names) == USER_PAGES


@pytest.mark.parametrize("page", sorted(USER_PAGES))
def test_every_relative_link_and_image_resolves_inside_the_package(page):
    text = find(page).read_text(encoding="utf-8")
    for target in relative_targets(text):
        inside = resolve(page, target)
        assert inside is not None, f"{page}: {target} points outside the guide"
        assert find(inside) is not None, f"{page}: {target} is not in crisis_desktop/docs"


def test_the_index_links_every_page():
    linked = {resolve(INDEX_PAGE, t) for t in relative_targets(find(INDEX_PAGE).read_text(encoding="utf-8"))}
    assert USER_PAGES - {INDEX_PAGE} <= linked


def test_every_screenshot_of_the_guide_is_used_by_a_page():
    shown = {resolve(page, t) for page in page_names()
             for t in relative_targets(find(page).read_text(encoding="utf-8"))}
    shots = {f"screenshots/{item.name}" for item in user_guide.guide_root().joinpath("screenshots").iterdir()}
    assert shots and shots <= shown


def test_links_are_found_outside_code_and_resolved_within_the_folder():
    text = """# Title
See [rules](rules.md#options), ![a map](screenshots/map.png "The map") and [the web](https://example.org).
<img width="40" src="pics/a.png"> and [top](#title).
`[not](a-link.md)`
```
[also not](code.md)
```
[up](../README.md)
"""
    assert relative_targets(text) == ["rules.md", "screenshots/map.png", "../README.md", "pics/a.png"]
    assert resolve("index.md", "screenshots/map.png") == "screenshots/map.png"
    assert resolve("sub/page.md", "../rules.md") == "rules.md"
    assert resolve("index.md", "../README.md") is None
    assert page_title(text, "x.md") == "Title"
    assert page_title("no heading", "x.md") == "x.md"
    assert find("no-such-page.md") is None
