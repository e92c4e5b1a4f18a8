"""Short labels for the tokens of one fight, no two alike: initials; where two share them, the first and last words'
initials ("Brigand with a club" BC, "Brigand with a spear" BS), else more of the first word ("Tamsin Ash" TaA,
"Tobias Ashford" ToA); numbered where the names themselves are alike ("Raider" twice: R1, R2)."""

from __future__ import annotations

from collections.abc import Callable, Mapping


def _words(name: str) -> list[str]:
    return [w for w in name.replace('"', " ").replace("-", " ").split() if w[:1].isalnum()]


def initials(name: str) -> str:
    """The first letters of the first two words, in capitals: "Vera Kask" -> "VK"; "?" for a name of no words."""
    return "".join(w[0] for w in _words(name)[:2]).upper() or "?"


def _first_and_last(name: str) -> str:
    words = _words(name)
    return (words[0][0] + words[-1][0]).upper() if len(words) > 1 else initials(name)


def _longer(letters: int) -> Callable[[str], str]:
    def label(name: str) -> str:
        """The first word's first `letters` letters, then the next word's initial: "Tamsin Ash" -> "TaA"."""
        words = _words(name)
        if not words:
            return "?"
        return words[0][:letters].capitalize() + "".join(w[0].upper() for w in words[1:2])
    return label


# Ways to tell apart names whose labels clash, tried in this order; numbers when none does.
_LONGER = (_first_and_last, _longer(2), _longer(3))


def distinct_labels(names: Mapping[str, str]) -> dict[str, str]:
    """A label per key (a combatant's id) of `names`, no two alike (whatever their case), each as short as it can be.
    The keys' order decides the numbers of alike names."""
    labels = {key: initials(name) for key, name in names.items()}
    groups: dict[str, list[str]] = {}
    for key, label in labels.items():
        groups.setdefault(label.casefold(), []).append(key)
    for members in groups.values():
        if len(members) < 2:
            continue
        others = {label.casefold() for key, label in labels.items() if key not in members}
        for longer in _LONGER:
            tried = [longer(names[key]) for key in members]
            folded = {t.casefold() for t in tried}
            if len(folded) == len(tried) and not others & folded:
                break
        else:
            stem, tried, n = initials(names[members[0]])[:3], [], 0
            while len(tried) < len(members):
                n += 1
                if f"{stem}{n}".casefold() not in others:
                    tried.append(f"{stem}{n}")
        for key, new in zip(members, tried, strict=True):
            labels[key] = new
    return labels
