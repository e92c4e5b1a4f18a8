"""Token labels that tell the fighters of an encounter apart: initials, lengthened where two share them."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def _words(name: str) -> list[str]:
    return [w for w in name.replace('"', " ").replace("-", " ").split() if w[:1].isalnum()]


def initials(name: str) -> str:
    """The first letters of a name's first two words ("Mother Kell": "MK"); "?" for a name without one."""
    return "".join(w[0] for w in _words(name)[:2]).upper() or "?"


def _first_and_last(name: str) -> str:
    words = _words(name)
    return (words[0][0] + words[-1][0]).upper() if len(words) > 1 else initials(name)


def _two_letters(name: str) -> str:
    words = _words(name)
    if not words:
        return "?"
    head = words[0][:2].capitalize()
    return head + words[-1][0].upper() if len(words) > 1 else head


# Ways to lengthen labels that clash, tried in this order; numbers (B1, B2) when none tells them apart.
_LONGER: tuple[Callable[[str], str], ...] = (_first_and_last, _two_letters)


def distinct_initials(names: Sequence[str]) -> list[str]:
    """A label per name, in order, no two alike: the initials, and for names that share theirs the first and last
    words' initials ("Brigand with a club" BC, "Brigand with a spear" BS), else the first word's first two letters
    ("Bandit" Ba, "Bowman" Bo), else the initials numbered ("Thug" T1, "Thug" T2)."""
    labels = [initials(n) for n in names]
    groups: dict[str, list[int]] = {}
    for index, label in enumerate(labels):
        groups.setdefault(label, []).append(index)
    for label, members in groups.items():
        if len(members) < 2:
            continue
        others = {lab for i, lab in enumerate(labels) if i not in members}
        for longer in _LONGER:
            tried = [longer(names[i]) for i in members]
            if len(set(tried)) == len(tried) and not others & set(tried):
                break
        else:
            tried = [f"{label}{n}" for n in range(1, len(members) + 1)]
        for i, new in zip(members, tried, strict=True):
            labels[i] = new
    return labels
