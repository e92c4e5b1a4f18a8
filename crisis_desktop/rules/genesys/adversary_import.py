"""Reading the public Genesys adversary JSON format (a list of adversaries with name, type, characteristics, derived
soak/wounds/strain/defence, skills, talents, abilities, weapons, gear, tags, description) into NPCs. Everything
mapped goes to its field (adversary_mapping.py says where); what cannot be is kept in the GM notes and listed in
the adversary's notes, never dropped."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.domain.common import NOTES_MAX, new_id
from crisis_desktop.domain.limits import KEY_MAX
from crisis_desktop.rules.base import Options
from crisis_desktop.rules.base.importing import ImportBatch, ImportedEntry, Importer
from crisis_desktop.rules.genesys import adversary_mapping as where
from crisis_desktop.rules.genesys import sheet, stats, tables

FORMAT = "Genesys adversaries (JSON)"
SHAPE = ("a JSON list of adversaries, each an object with a name and some of type, characteristics, derived, "
         "skills, talents, abilities, weapons, gear, tags and description")
ADVERSARY_KEYS = frozenset({"type", "characteristics", "derived", "skills", "talents", "abilities", "weapons"})
NAME_MAX = 200


class _Entry:
    """What one adversary is becoming: its stats, items, texts and the notes on what did not map."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.stats: dict[str, StatValue] = {}
        self.items: list[EquipmentItem] = []
        self.notes: list[str] = []      # the report's lines (what was guessed or not mapped)
        self.kept: list[str] = []       # what was not mapped, for the GM notes
        self.texts: list[str] = []      # description, abilities and talents' texts, for the notes

    def keep(self, what: str, value: object) -> None:
        self.notes.append(f"{what}: not mapped, kept in the GM notes")
        self.kept.append(f"{what}: {_shown(value)}")


def _shown(value: object) -> str:
    if isinstance(value, str):
        return value
    import json
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        return int(value)
    return None


def _put(entry: _Entry, key: str, value: object, low: int, high: int, what: str) -> int | None:
    """Store a whole number within [low, high] (a value outside is brought in, said so); keep anything else."""
    number = _number(value)
    if number is None:
        entry.keep(what, value)
        return None
    if not low <= number <= high:
        clamped = max(low, min(high, number))
        entry.notes.append(f"{what} {number} is outside {low} to {high}: {clamped} taken")
        if clamped != number:
            entry.kept.append(f"{what} as the data gives it: {number}")
        number = clamped
    entry.stats[key] = number
    return number


# -- the parts of an adversary --------------------------------------------------------------------------------
def _kind(entry: _Entry, value: object) -> str:
    text = value.strip().casefold() if isinstance(value, str) else ""
    if text in stats.ADVERSARIES:
        return text
    for kind in (stats.NEMESIS, stats.MINION, stats.RIVAL):
        if kind in text:
            entry.notes.append(f"type {value!r} taken as {kind}")
            return kind
    entry.notes.append(f"type {_shown(value) if value is not None else 'missing'}: taken as rival")
    return stats.RIVAL


def _characteristics(entry: _Entry, value: object) -> None:
    names = {c.name.casefold(): c.key for c in tables.characteristics()} | \
        {c.short.casefold(): c.key for c in tables.characteristics()}
    given = value if isinstance(value, Mapping) else {}
    if not isinstance(value, Mapping):
        entry.keep("characteristics", value) if value is not None else None
    seen = set()
    for name, number in given.items():
        key = names.get(str(name).strip().casefold())
        if key is None:
            entry.keep(f"characteristic {name}", number)
            continue
        if _put(entry, key, number, 1, 6, stats.label(key)) is not None:
            seen.add(key)
    missing = [c.name for c in tables.characteristics() if c.key not in seen]
    for c in tables.characteristics():
        entry.stats.setdefault(c.key, stats.DEFAULT_CHARACTERISTIC)
    if missing:
        entry.notes.append(f"no {', '.join(missing)} given: {stats.DEFAULT_CHARACTERISTIC} taken")


def _derived(entry: _Entry, kind: str, value: object) -> None:
    given = dict(value) if isinstance(value, Mapping) else {}
    if not isinstance(value, Mapping):
        entry.keep("derived", value) if value is not None else None
    brawn = stats.int_value(entry.stats.get("brawn"), stats.DEFAULT_CHARACTERISTIC)
    soak = given.pop("soak", None)
    if soak is not None:
        number = _number(soak)
        if number is None:
            entry.keep("soak", soak)
        elif number < brawn:
            entry.notes.append(f"soak {number} is below Brawn {brawn}: soak is Brawn here")
            entry.kept.append(f"soak as the data gives it: {number}")
        else:
            _put(entry, "extra_soak", number - brawn, 0, 10, "soak besides Brawn")
    wounds = given.pop("wounds", None)
    if wounds is None or _put(entry, "wound_threshold", wounds, 1, 100, "wound threshold") is None:
        entry.stats["wound_threshold"] = 10 if kind != stats.MINION else 5
        entry.notes.append(f"no wound threshold given: {entry.stats['wound_threshold']} taken")
    strain = given.pop("strain", None)
    if strain is not None:
        if kind == stats.NEMESIS:
            _put(entry, "strain_threshold", strain, 1, 100, "strain threshold")
        else:
            entry.notes.append(f"a {kind} has no strain threshold (strain is taken as wounds): strain {strain} "
                               "kept in the GM notes")
            entry.kept.append(f"strain threshold: {_shown(strain)}")
    elif kind == stats.NEMESIS:
        entry.stats["strain_threshold"] = 10
        entry.notes.append("no strain threshold given: 10 taken")
    defence = given.pop("defence", given.pop("defense", None))
    if defence is not None:
        pair = list(defence) if isinstance(defence, list | tuple) else [defence, defence]
        if len(pair) != 2:
            entry.keep("defence", defence)
        else:
            _put(entry, "extra_melee_defence", pair[0], 0, 4, "melee defence")
            _put(entry, "extra_ranged_defence", pair[1], 0, 4, "ranged defence")
    for name, rest in given.items():
        entry.keep(f"derived {name}", rest)


def _skills(entry: _Entry, kind: str, value: object, listed: Collection[str] | None) -> None:
    if isinstance(value, list | tuple):        # a minion group's skills: ranked by the group's size
        ranks: dict[Any, object] = {name: 1 for name in value}
        if kind != stats.MINION:
            entry.notes.append("skills given as a list (minion group skills) for a "
                               f"{kind}: rank 1 taken for each")
    elif isinstance(value, Mapping):
        ranks = dict(value)
    else:
        if value is not None:
            entry.keep("skills", value)
        return
    for name, rank in ranks.items():
        if not isinstance(name, str):
            entry.keep("skill", name)
            continue
        key, note = where.skill_key(name, listed)
        if key is None:
            entry.keep(f"skill {name}", rank)
            continue
        if note:
            entry.notes.append(note)
        before = entry.stats.get(key)
        number = _put(entry, key, rank, 0, 5, f"skill {name}")
        if before is not None and number is not None and before != number:
            entry.stats[key] = max(stats.int_value(before), number)
            entry.notes.append(f"skill {name} {number} shares {stats.label(key)} with another skill: "
                               f"{entry.stats[key]} taken")


def _named(entry: _Entry, value: object, what: str) -> list[tuple[str, int | None, str]]:
    """Talents or abilities as (name, rank, description)."""
    if value is None:
        return []
    rows = value if isinstance(value, list | tuple) else [value]
    out = []
    for row in rows:
        if isinstance(row, str) and row.strip():
            m = re.fullmatch(r"\s*(.*?)\s*\(?\s*(\d+)?\s*\)?\s*", row)
            name, rank = (m.group(1), int(m.group(2))) if m and m.group(2) and m.group(1) else (row.strip(), None)
            out.append((name, rank, ""))
        elif isinstance(row, Mapping) and isinstance(row.get("name"), str) and row["name"].strip():
            rank = _number(row.get("rank"))
            text = row.get("description", "")
            out.append((row["name"].strip(), rank, text if isinstance(text, str) else _shown(text)))
            rest = {k: v for k, v in row.items() if k not in ("name", "rank", "description")}
            if rest:
                entry.keep(f"{what} {row['name']}", rest)
        else:
            entry.keep(what, row)
    return out


# -- weapons and gear -----------------------------------------------------------------------------------------
Catalogue = Mapping[str, EquipmentItem]


def _plain_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def by_name(catalogue: Sequence[EquipmentItem]) -> Catalogue:
    """The catalogue's items by name (case and spaces aside; the first of a name)."""
    found: dict[str, EquipmentItem] = {}
    for item in catalogue:
        found.setdefault(_plain_name(item.name), item)
    return found


def _catalogue_item(catalogue: Catalogue, name: str) -> EquipmentItem | None:
    return catalogue.get(_plain_name(name))


def _carried(item: EquipmentItem) -> EquipmentItem:
    return item.model_copy(deep=True, update={"id": new_id(), "catalogue_id": item.id,
                                               "equipped": True})


WEAPON_TEXT = re.compile(r"^\s*([^(]+?)\s*\((.*)\)\s*$")


def _weapon_from_text(text: str, listed: Collection[str] | None) -> dict[str, object] | None:
    """"Sword (Melee (Light); Damage 5; Critical 2; Range [Engaged]; Defensive 1)" as a weapon object; None when
    the text is only a name."""
    m = WEAPON_TEXT.match(text)
    if m is None or ";" not in m.group(2):
        return None
    weapon: dict[str, object] = {"name": m.group(1)}
    qualities: list[str] = []
    for part in (p.strip() for p in m.group(2).split(";") if p.strip()):
        low = part.casefold()
        number = re.search(r"[+-]?\d+", part)
        if low.startswith("damage"):
            weapon["damage"] = part.split(None, 1)[1] if " " in part else None
        elif low.startswith(("critical", "crit")):
            weapon["critical"] = number.group(0) if number else part
        elif low.startswith("range"):
            weapon["range"] = part[5:].strip()
        elif "skill" not in weapon and where.weapon_skill(part, listed) is not None:
            weapon["skill"] = part
        else:
            qualities += [q for q in part.split(",") if q.strip()]
    weapon["qualities"] = qualities
    return weapon


def _damage(entry: _Entry, name: str, weapon: Mapping[str, Any], skill: str) -> tuple[int, bool]:
    value = weapon.get("damage")
    flag = any(weapon.get(k) is True for k in ("brawn", "addBrawn", "add_brawn", "brawn_damage", "plus_brawn"))
    if isinstance(value, str):
        text = value.strip().casefold().replace(" ", "")
        brawn = text.startswith("+") or text.startswith(("brawn", "br+"))
        digits = re.search(r"\d+", text)
        if digits is not None and (brawn or _number(text) is not None):
            return int(digits.group(0)), brawn or flag
        if text in ("brawn", "br"):
            return 0, True
    number = _number(value)
    if number is not None:
        return number, flag
    brawn = skill in ("brawl", "melee")
    if value is None:
        entry.notes.append(f"{name}: no damage given: {'Brawn + 0' if brawn else '0'} taken")
    else:
        entry.notes.append(f"{name}: damage {_shown(value)!r} not read: {'Brawn + 0' if brawn else '0'} taken")
        entry.kept.append(f"{name} damage: {_shown(value)}")
    return 0, brawn


def _weapon(entry: _Entry, weapon: Mapping[str, Any], base: EquipmentItem | None,
            listed: Collection[str] | None) -> EquipmentItem:
    name = str(weapon.get("name", "")).strip()[:NAME_MAX] or "Weapon"
    known = dict(base.stats) if base is not None else {}
    skill_text = weapon.get("skill")
    skill = where.weapon_skill(skill_text, listed) if isinstance(skill_text, str) else None
    band_text = weapon.get("range")
    band = where.range_band(band_text) if isinstance(band_text, str) else None
    if band is not None and isinstance(band_text, str) and \
            not re.fullmatch(rf"\W*(ranged?\s+)?\W*{band}\W*", band_text.strip().casefold()):
        entry.notes.append(f"{name}: range {band_text!r} read as {band.capitalize()}")
    if skill is None:
        skill = str(known.get("skill") or ("melee" if band in (None, "engaged") else "ranged_heavy"))
        if skill_text is not None:
            entry.notes.append(f"{name}: skill {_shown(skill_text)!r} is not a combat skill here: "
                               f"{stats.label(skill)} taken")
            entry.kept.append(f"{name} skill: {_shown(skill_text)}")
    if band is None:
        band = str(known.get("range_band") or ("engaged" if skill in ("brawl", "melee") else "medium"))
        if band_text is not None:
            entry.notes.append(f"{name}: range {_shown(band_text)!r} not read: {band.capitalize()} taken")
            entry.kept.append(f"{name} range: {_shown(band_text)}")
    if "damage" in weapon or base is None:
        damage, brawn = _damage(entry, name, weapon, skill)
    else:
        damage, brawn = stats.int_value(known.get("damage")), bool(known.get("brawn_damage"))
    if damage > 50:
        entry.notes.append(f"{name}: damage {damage} is above 50: 50 taken")
        damage = 50
    crit_value = weapon.get("critical", weapon.get("crit"))
    crit = _number(crit_value)
    if crit is None or not 1 <= crit <= 7:
        fallback = stats.int_value(known.get("crit"), 7 if crit_value in ("-", "—", "–") else 5)
        if crit_value is None and base is None:
            entry.notes.append(f"{name}: no critical rating given: {fallback} taken")
        elif crit_value is not None:
            entry.notes.append(f"{name}: critical {_shown(crit_value)!r} not read: {fallback} taken")
            entry.kept.append(f"{name} critical: {_shown(crit_value)}")
        crit = fallback
    qualities = _qualities(entry, name, weapon.get("qualities"), known.get("qualities"))
    rest = {k: v for k, v in weapon.items() if k not in ("name", "skill", "damage", "critical", "crit", "range",
                                                          "qualities", "brawn", "addBrawn", "add_brawn",
                                                          "brawn_damage", "plus_brawn")}
    if rest:
        entry.keep(f"{name} (weapon)", rest)
    item_stats: dict[str, StatValue] = {**known, "skill": skill, "damage": damage, "brawn_damage": brawn,
                                        "crit": crit, "range_band": band, "qualities": qualities}
    item_stats.setdefault("improvised", False)
    item_stats.setdefault("ammo", None)
    return EquipmentItem(name=name, kind=ItemKind.WEAPON, stats=item_stats,
                         catalogue_id=base.id if base is not None else None, notes=base.notes if base else "")


def _qualities(entry: _Entry, name: str, value: object, known: object) -> str:
    if value is None:
        return known if isinstance(known, str) else ""
    parts = value.split(",") if isinstance(value, str) else list(value) if isinstance(value, list | tuple) else []
    if not parts and not isinstance(value, list | tuple | str):
        entry.keep(f"{name} qualities", value)
    found: list[str] = []
    for part in parts:
        if isinstance(part, Mapping) and isinstance(part.get("name"), str):
            rank = _number(part.get("rank"))
            part = part["name"] + (f" {rank}" if rank is not None else "")
        if not isinstance(part, str) or not part.strip():
            if part not in ("", None):
                entry.keep(f"{name} quality", part)
            continue
        text, note = where.quality(part)
        if text is None:
            entry.keep(f"{name}: quality {part.strip()}", part.strip())
            continue
        if note:
            entry.notes.append(f"{name}: {note}")
        found.append(text)
    return ", ".join(found)


def _weapons(entry: _Entry, value: object, catalogue: Catalogue, listed: Collection[str] | None) -> None:
    rows = value if isinstance(value, list | tuple) else [] if value is None else [value]
    for row in rows:
        if isinstance(row, str) and row.strip():
            parsed = _weapon_from_text(row, listed)
            if parsed is not None:
                row = parsed
            else:
                base = _catalogue_item(catalogue, row)
                if base is not None and base.kind is ItemKind.WEAPON:
                    entry.items.append(_carried(base))
                else:
                    entry.notes.append(f"weapon {row.strip()!r} is named only and not in the campaign's catalogue: "
                                       "kept in the GM notes, not carried")
                    entry.kept.append(f"weapon: {row.strip()}")
                continue
        if isinstance(row, Mapping) and isinstance(row.get("name"), str) and row["name"].strip():
            base = _catalogue_item(catalogue, row["name"])
            entry.items.append(_weapon(entry, row, base if base is not None and base.kind is ItemKind.WEAPON
                                       else None, listed))
        else:
            entry.keep("weapon", row)


def _gear(entry: _Entry, value: object) -> None:
    """Gear is carried by name only: the data's soak and defence already count what it wears."""
    rows = value if isinstance(value, list | tuple) else [] if value is None else [value]
    for row in rows:
        if isinstance(row, Mapping) and isinstance(row.get("name"), str):
            text = row.get("description", "")
            entry.items.append(EquipmentItem(name=row["name"].strip()[:NAME_MAX] or "Gear", kind=ItemKind.GEAR,
                                             notes=where.symbols_text(text) if isinstance(text, str) else ""))
        elif isinstance(row, str) and row.strip():
            name = row.strip()
            entry.items.append(EquipmentItem(name=name[:NAME_MAX], kind=ItemKind.GEAR,
                                             notes=where.symbols_text(name) if len(name) > NAME_MAX else ""))
        else:
            entry.keep("gear", row)


# -- one adversary --------------------------------------------------------------------------------------------
KNOWN_KEYS = frozenset({"name", "type", "characteristics", "derived", "skills", "talents", "abilities", "weapons",
                        "gear", "tags", "description"})


def _tags_and_description(entry: _Entry, data: Mapping[str, Any]) -> list[str]:
    """The character's tags ("npc", "imported" and the data's); the description first of its notes."""
    tags = ["npc", "imported"]
    raw_tags = data.get("tags")
    for tag in raw_tags if isinstance(raw_tags, list | tuple) else [] if raw_tags is None else [raw_tags]:
        if isinstance(tag, str) and tag.strip() and len(tag.strip()) <= KEY_MAX:
            if tag.strip() not in tags:
                tags.append(tag.strip())
        else:
            entry.keep("tag", tag)
    description = data.get("description")
    if isinstance(description, str):
        if description.strip():
            entry.texts.insert(0, where.symbols_text(description.strip()))
    elif description is not None:
        entry.keep("description", description)
    return tags


def adversary(data: object, index: int, catalogue: Catalogue, listed: Collection[str] | None = None) -> ImportedEntry:
    """One adversary of the list (its `index` names it when it has no name); `catalogue` is by_name()'s, `listed` the
    keys of the campaign's skill list (the classic list by default)."""
    if not isinstance(data, Mapping):
        return ImportedEntry(f"entry {index + 1}", None,
                             refused=f"not an adversary (an object), but {_shown(data)[:60]}")
    raw_name = data.get("name")
    if not isinstance(raw_name, str) or not raw_name.strip():
        return ImportedEntry(f"entry {index + 1}", None, refused="it has no name")
    name = " ".join(raw_name.split())
    entry = _Entry(name[:NAME_MAX])
    if len(name) > NAME_MAX:
        entry.notes.append(f"the name is longer than {NAME_MAX} characters: cut, the whole kept in the GM notes")
        entry.kept.append(f"name: {name}")
    kind = _kind(entry, data.get("type"))
    entry.stats |= {"adversary": kind, "silhouette": 1, "group_size": 3 if kind == stats.MINION else 1}
    if kind == stats.MINION:
        entry.notes.append("a minion group of 3 (change 'Minions in the group' to suit)")
    _characteristics(entry, data.get("characteristics"))
    _derived(entry, kind, data.get("derived"))
    _skills(entry, kind, data.get("skills"), listed)
    talents = _named(entry, data.get("talents"), "talent")
    entry.stats[where.TALENTS_FIELD] = where.talents_text([(n, r) for n, r, _ in talents])
    for talent_name, _rank, text in talents:
        if text:
            entry.texts.append(f"{talent_name} (talent): {where.symbols_text(text)}")
    for ability_name, rank, text in _named(entry, data.get("abilities"), "ability"):
        title = ability_name + (f" {rank}" if rank is not None else "")
        entry.texts.append(f"{title} (ability)" + (f": {where.symbols_text(text)}" if text else ""))
    _weapons(entry, data.get("weapons"), catalogue, listed)
    _gear(entry, data.get("gear"))
    tags = _tags_and_description(entry, data)
    for key in data:
        if key not in KNOWN_KEYS:
            entry.keep(f"field {key}", data[key])
    notes = "\n\n".join(entry.texts)
    gm_notes = ("Not mapped on import (from the data set):\n" + "\n".join(f"- {k}" for k in entry.kept)
                if entry.kept else "")
    if len(notes) > NOTES_MAX or len(gm_notes) > NOTES_MAX:
        return ImportedEntry(name, None, kind, refused="its texts are longer than a character's notes can hold")
    character = Character(kind=CharacterKind.NPC, name=entry.name, stats=entry.stats, equipment=entry.items,
                          notes=notes, gm_notes=where.symbols_text(gm_notes), tags=tags[:KEY_MAX])
    return ImportedEntry(entry.name, character, kind, tuple(entry.notes))


class GenesysAdversaries(Importer):
    """The public adversary JSON format Genesys GMs keep their settings' adversaries in."""

    name = FORMAT

    def not_mine(self, data: object) -> str | None:
        if isinstance(data, Mapping):
            return f"it holds one JSON object, not a list of adversaries ({SHAPE})"
        if not isinstance(data, list):
            return f"it is not a list of adversaries ({SHAPE})"
        if not data:
            return "the list is empty: it holds no adversaries"
        looks = sum(1 for row in data if isinstance(row, Mapping) and "name" in row and ADVERSARY_KEYS & set(row))
        if looks * 2 < len(data):
            return (f"only {looks} of its {len(data)} entries look like adversaries (an object with a name and "
                    "characteristics, derived, skills, talents, abilities, weapons or a type)")
        return None

    def read(self, data: object, catalogue: Sequence[EquipmentItem], options: Options | None = None) -> ImportBatch:
        """Skills land on the skill list of the campaign's `options` (the classic list without them)."""
        rows = data if isinstance(data, list) else []
        items = by_name(catalogue)
        listed = frozenset(sheet.skills_for(options or {}))
        return ImportBatch(FORMAT, tuple(adversary(row, i, items, listed) for i, row in enumerate(rows)),
                           (stats.MINION, stats.RIVAL, stats.NEMESIS))
