"""Where an imported adversary's values go on this app's Genesys sheet: skill names to skill fields, talents to the
talents text, weapon skills, range bands and qualities (with the misspellings real data sets have), dice symbols in
texts. Skills land on the campaign's skill list (the `skill_list` option). One module on purpose: when the skill list
or the talents become richer, only this module is re-pointed."""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection
from functools import cache

from crisis_desktop.rules.base.added_fields import field_key
from crisis_desktop.rules.genesys import tables
from crisis_desktop.rules.genesys.sheet import COMBAT_SKILLS

# -- skills ---------------------------------------------------------------------------------------------------
# Names data sets use, with the skills they may land on in the order tried: the first on the campaign's skill list
# wins. A guess (True) is said in the adversary's notes; a skill that covers the name (one Melee for Melee (Light), one
# Knowledge for Knowledge (Lore)) is not.
SKILL_CANDIDATES: dict[str, tuple[tuple[str, bool], ...]] = {
    "melee light": (("melee_light", False), ("melee", False)),
    "melee heavy": (("melee_heavy", False), ("melee", False)),
    "melee": (("melee", False), ("melee_light", True)),
    "ranged light": (("ranged_light", False), ("ranged", False)),
    "ranged heavy": (("ranged_heavy", False), ("ranged", False)),
    "ranged": (("ranged", False), ("ranged_heavy", True)),
    "piloting planetary": (("piloting_planetary", False), ("piloting", False)),
    "piloting space": (("piloting_space", False), ("piloting", False)),
    "piloting": (("piloting", False), ("piloting_planetary", True)),
    "pilot": (("piloting", False), ("piloting_planetary", True)),
    "lore": (("knowledge_lore", False), ("knowledge", False)),
    "education": (("knowledge_education", False), ("knowledge", False)),
}


def _plain(name: str) -> str:
    return " ".join(name.replace("_", " ").replace("(", " ").replace(")", " ").split()).casefold()


@cache
def _skill_names() -> dict[str, str]:
    """Every skill of every list by its plain name and key."""
    every = tables.skills().values()
    return {_plain(s.name): s.key for s in every} | {_plain(s.key): s.key for s in every}


def _candidates(plain: str) -> tuple[tuple[str, bool], ...]:
    found = SKILL_CANDIDATES.get(plain, ())
    if plain.startswith("knowledge "):           # Knowledge (Warfare): its speciality, else the one Knowledge
        found = ((f"knowledge_{plain[10:].replace(' ', '_')}", False), ("knowledge", False))
    return found


def skill_key(name: str, listed: Collection[str] | None = None) -> tuple[str | None, str]:
    """The skill field a data set's skill name goes to on the campaign's skill list (`listed`, the keys; the classic
    list by default), and a note when that is a guess ("" when exact); None when the list has no such skill."""
    keys = listed if listed is not None else tables.listed_skills(tables.CLASSIC)
    plain = _plain(name)
    exact = _skill_names().get(plain)
    if exact is not None and exact in keys:
        return exact, ""
    for key, guess in _candidates(plain):
        if key in keys:
            return key, f"skill {name} taken as {tables.skills()[key].name}" if guess else ""
    own = field_key(name)                          # a skill of the GM's own on the campaign's list
    return (own, "") if own in keys and own not in tables.skills() else (None, "")


def weapon_skill(name: str, listed: Collection[str] | None = None) -> str | None:
    """The combat skill a weapon's skill name means: on the campaign's skill list where it has one, else the combat
    skill of any list it names exactly (a weapon may be carried from one setting to another); None for another."""
    key, _ = skill_key(name, listed)
    if key is None:
        key = _skill_names().get(_plain(name))
    return key if key in COMBAT_SKILLS else None


# -- talents --------------------------------------------------------------------------------------------------
TALENTS_FIELD = "talents"


def talents_text(talents: list[tuple[str, int | None]]) -> str:
    """The talents field's text: "Adversary 2, Toughened 1, Quick Draw" (commas in a name become semicolons)."""
    return ", ".join(name.replace(",", ";") + (f" {rank}" if rank is not None else "") for name, rank in talents)


# -- range bands ----------------------------------------------------------------------------------------------
@cache
def range_band(text: str) -> str | None:
    """The band key a data set's range means: "Medium", "Ranged Medium", "[Engaged", "Range [Short]", "long range";
    None when it names no band."""
    words = re.sub(r"[^a-z ]", " ", text.casefold()).split()
    bands = tuple(tables.combat()["bands"])
    found = [w for w in words if w in bands]
    if found:
        return str(found[-1])
    close = [m for w in words if w not in ("range", "ranged")
             for m in difflib.get_close_matches(w, bands, n=1, cutoff=0.75)]
    return str(close[0]) if close else None


# -- qualities ------------------------------------------------------------------------------------------------
QUALITY_PART = re.compile(r"^\s*([A-Za-z][A-Za-z \-]*?)\s*\(?\s*(\d+)?\s*\)?\s*$")


def _squash(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.casefold())


@cache
def _qualities() -> dict[str, tables.Quality]:
    return {_squash(q.name): q for q in tables.qualities().values()}


@cache
def quality(text: str) -> tuple[str | None, str]:
    """One quality as the qualities field writes it ("Pierce 3", "Auto-fire"), and a note when it was mended (a
    misspelling, a rank missing or given where none belongs); None and why when it is unknown."""
    m = QUALITY_PART.match(text)
    if m is None:
        return None, f"quality {text.strip()!r} is not one this app knows"
    name, number = m.group(1), m.group(2)
    known = _qualities()
    found = known.get(_squash(name))
    note = ""
    if found is None:
        close = difflib.get_close_matches(_squash(name), list(known), n=1, cutoff=0.75)
        if not close:
            return None, f"quality {text.strip()!r} is not one this app knows"
        found = known[close[0]]
        note = f"quality {text.strip()!r} read as {found.name}"
    if found.ranked and number is None:
        return f"{found.name} 1", (note + "; " if note else "") + f"{found.name} had no rank: 1 taken"
    if not found.ranked and number is not None:
        return found.name, (note + "; " if note else "") + f"{found.name} has no rank: {number} left out"
    return (f"{found.name} {number}" if number is not None else found.name), note


# -- dice symbols in texts ------------------------------------------------------------------------------------
# Data sets write symbols and dice as :name:; the app writes a symbol as its word (the board and the logs show the
# glyph beside it) and a difficulty as its name with its dice.
SYMBOLS = {
    "success": "success", "advantage": "advantage", "triumph": "triumph", "failure": "failure", "threat": "threat",
    "despair": "despair", "boost": "boost die", "setback": "setback die", "ability": "ability die",
    "proficiency": "proficiency die", "difficulty": "difficulty die", "challenge": "challenge die",
    "easy": "Easy (1 difficulty die)", "average": "Average (2 difficulty dice)", "hard": "Hard (3 difficulty dice)",
    "daunting": "Daunting (4 difficulty dice)", "formidable": "Formidable (5 difficulty dice)",
    "simple": "Simple (no difficulty dice)",
    "forcepoint": "Force point", "lightside": "light side point", "darkside": "dark side point",
}
SYMBOL_CODE = re.compile(r":([a-z]+):", re.IGNORECASE)


def symbols_text(text: str) -> str:
    """`text` with its :advantage:, :hard:... written as the app writes them ("[advantage]", "[Hard (3 difficulty
    dice)]"); an unknown :code: is left as it is."""
    def word(m: re.Match[str]) -> str:
        found = SYMBOLS.get(m.group(1).casefold())
        return f"[{found}]" if found else m.group(0)
    return SYMBOL_CODE.sub(word, text)
