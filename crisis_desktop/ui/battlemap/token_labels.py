"""Short labels for the tokens of one fight, no two alike: initials, longer where two names share them, numbered
where the names themselves are alike ("Raider" twice: R1, R2)."""

from __future__ import annotations

from collections.abc import Mapping


def _words(name: str) -> list[str]:
    return [w for w in name.replace('"', " ").split() if w[:1].isalnum()]


def initials(name: str) -> str:
    """The first letters of the first two words, in capitals: "Vera Kask" -> "VK"; "?" for a name of no words."""
    return "".join(w[0] for w in _words(name)[:2]).upper() or "?"


def _longer(name: str, letters: int) -> str:
    """The first word's first `letters` letters, then the next word's initial: "Tamsin Ash" -> "TaA"."""
    words = _words(name)
    if not words:
        return "?"
    return words[0][:letters].capitalize() + "".join(w[0].upper() for w in words[1:2])


def distinct_labels(names: Mapping[str, str]) -> dict[str, str]:
    """A label per key (a combatant's id) of `names`, no two alike, each as short as it can be and at most four
    characters where the names allow it. The keys' order decides the numbers of alike names."""
    labels = {key: initials(name) for key, name in names.items()}
    for letters in (2, 3):
        clashing = _clashes(labels)
        if not clashing:
            return labels
        for key in clashing:
            longer = _longer(names[key], letters)
            if sum(1 for k in clashing if _longer(names[k], letters) == longer) == 1:
                labels[key] = longer
    for key in _clashes(labels):
        labels[key] = ""                     # numbered below, in the keys' order
    for key in names:
        if labels[key]:
            continue
        stem, n = initials(names[key])[:3], 1
        while f"{stem}{n}" in labels.values():
            n += 1
        labels[key] = f"{stem}{n}"
    return labels


def _clashes(labels: Mapping[str, str]) -> list[str]:
    """The keys whose label another key has too."""
    counts: dict[str, int] = {}
    for label in labels.values():
        counts[label.casefold()] = counts.get(label.casefold(), 0) + 1
    return [key for key, label in labels.items() if counts[label.casefold()] > 1]
