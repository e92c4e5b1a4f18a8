"""Text from the campaign (names, notes) written into Markdown so that it reads as written: every character
that could start markup or raw HTML is escaped with a backslash, as CommonMark allows for any punctuation."""

from __future__ import annotations

import re
from urllib.parse import quote

# Inline markup: emphasis, code, links and images, raw HTML and entities, tables, strikethrough, and the
# backslash itself.
_INLINE = re.compile(r"([\\`*_\[\]<>&|~])")
# What makes a line a heading, a quote, a list item or a setext underline when it starts the line.
_LINE_START = re.compile(r"^([#>+\-=]|\d{1,9}(?=[.)]))")


def inline(text: str) -> str:
    """One line of text as Markdown shows it literally (line breaks become spaces)."""
    return _INLINE.sub(r"\\\1", " ".join(text.splitlines()))


def _line(text: str) -> str:
    # Leading blanks would make an indented code block: they are dropped.
    text = _INLINE.sub(r"\\\1", text.lstrip())
    match = _LINE_START.match(text)
    if match is None:
        return text
    if match.group(1).isdigit():
        # "1." or "1)" starts an ordered list: escape the mark after the number.
        end = match.end()
        return text[:end] + "\\" + text[end:]
    return "\\" + text


def block(text: str) -> str:
    """Free text of several lines as Markdown shows it literally, line for line (each line ends in a hard
    break, so the lines stay apart)."""
    lines = [_line(line) for line in text.splitlines()]
    return "\n".join(line + "\\" if line and i < len(lines) - 1 and lines[i + 1] else line
                     for i, line in enumerate(lines))


def link_target(url: str) -> str:
    """A URL (a data URI) as a link destination that cannot end early or carry markup."""
    return quote(url, safe=":/;,=+-._~@!$'*?#")


__all__ = ["block", "inline", "link_target"]
