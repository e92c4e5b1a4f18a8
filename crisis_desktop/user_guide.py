"""The user guide shipped inside the package (crisis_desktop/docs): its pages, titles and relative links."""

from __future__ import annotations

import posixpath
import re
from importlib.resources import files
from importlib.resources.abc import Traversable

INDEX_PAGE = "index.md"

# [text](target "title") and ![alt](target); <img src="target">. Targets with a scheme (https:, mailto:)
# and bare anchors (#part) are not files of the guide.
_MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HTML_IMAGE = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"", re.IGNORECASE)
_FENCED_CODE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def guide_root() -> Traversable:
    return files("crisis_desktop").joinpath("docs")


def page_names() -> list[str]:
    """Every page: the index first, then the pages in the order the index links them, then any others."""
    root = guide_root()
    pages = sorted(item.name for item in root.iterdir() if item.name.endswith(".md"))
    if INDEX_PAGE not in pages:
        return pages
    linked = [target for target in relative_targets(root.joinpath(INDEX_PAGE).read_text(encoding="utf-8"))
              if target in pages and target != INDEX_PAGE]
    ordered = [INDEX_PAGE, *dict.fromkeys(linked)]
    return ordered + [page for page in pages if page not in ordered]


def page_title(markdown: str, fallback: str) -> str:
    """The page's first level-one heading, else the fallback (its file name)."""
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


def relative_targets(markdown: str) -> list[str]:
    """The relative link and image targets of a page, without #fragments, in order (code is skipped)."""
    text = _INLINE_CODE.sub("", _FENCED_CODE.sub("", markdown))
    targets = []
    for match in [*_MARKDOWN_LINK.finditer(text), *_HTML_IMAGE.finditer(text)]:
        target = match.group(1).split("#", 1)[0]
        if target and not _SCHEME.match(target) and not target.startswith("/"):
            targets.append(target)
    return targets


def resolve(page: str, target: str) -> str | None:
    """The guide-relative path a link on `page` points to; None if it leaves the guide's folder."""
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(page), target))
    if joined.startswith("../") or joined == ".." or posixpath.isabs(joined):
        return None
    return joined


def find(path: str) -> Traversable | None:
    """A file of the guide by its guide-relative path (e.g. 'screenshots/board.png'); None if missing."""
    item = guide_root()
    for part in path.split("/"):
        item = item.joinpath(part)
    return item if item.is_file() else None
