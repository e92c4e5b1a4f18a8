"""Text from a campaign made safe to print on a terminal or write to a log someone may `cat`."""

from __future__ import annotations

import re

# Control characters (C0, DEL, C1: an ESC sequence can retitle the window or clear the screen), the bidirectional
# marks and overrides that reorder what is shown, and half characters (lone surrogates) that would not even encode.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_BUT_NEWLINES = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with everything unsafe for a terminal written as an escape ("\\x1b", "\\u202e"), a newline too ("\\x0a"):
    one line stays one line."""
    return _UNSAFE.sub(_escape, text)


def printable_lines(text: str) -> str:
    """The same, keeping newlines (a traceback in a log is several lines)."""
    return _UNSAFE_BUT_NEWLINES.sub(_escape, text)
