"""The shared import path: a file's bytes to characters through the formats the campaign's rules read
(`Ruleset.importers()`), and adding them all as one undo step. Knows no format and no system."""

from __future__ import annotations

import json
from collections.abc import Sequence

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign, Character, EquipmentItem
from crisis_desktop.rules.base import ImportBatch, Options, Ruleset


def parse_json(raw: bytes | str) -> object:
    """The file's JSON; ValueError saying why it is not JSON."""
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"it is not JSON ({exc})") from None
    except RecursionError:
        raise ValueError("it is nested too deeply to be read") from None


def reads_format(ruleset: Ruleset, data: object) -> bool:
    """Whether one of the rules' import formats takes this data."""
    return any(importer.not_mine(data) is None for importer in ruleset.importers())


def read_characters(raw: bytes | str, ruleset: Ruleset, catalogue: Sequence[EquipmentItem],
                    options: Options | None = None) -> ImportBatch:
    """The characters a file holds in a format the rules read, laid out as the campaign's rule `options` say (its
    skill list), each checked against the rules; ValueError saying why the file is refused as a whole (not JSON, no
    format of these rules, with the reason each gave)."""
    data = parse_json(raw)
    importers = ruleset.importers()
    if not importers:
        raise ValueError(f"the {ruleset.name} rules import no other program's files (only characters exported "
                         "from this app)")
    reasons = []
    for importer in importers:
        reason = importer.not_mine(data)
        if reason is None:
            return _checked(importer.read(data, catalogue, ruleset.options_with_defaults(options or {})), ruleset)
        reasons.append(f"not {importer.name}: {reason}")
    raise ValueError("; ".join(reasons))


def _checked(batch: ImportBatch, ruleset: Ruleset) -> ImportBatch:
    """Refuse an entry whose character the rules would not accept (the importer's own mistakes, said plainly)."""
    from dataclasses import replace

    entries = []
    for entry in batch.entries:
        if entry.character is not None:
            problems = ruleset.sheet.validate_character(entry.character)
            if problems:
                entry = replace(entry, character=None, refused="; ".join(problems))
        entries.append(entry)
    return ImportBatch(batch.format, tuple(entries), batch.kinds)


class AddCharacters(Command):
    """Append several characters at once (an import): one undo step. It takes the characters it is given (fresh
    ones, which nothing else holds) into the campaign as they are, without copying hundreds; undo takes the very
    objects back out (every later command undone by then has put them back as they were added) for redo."""

    def __init__(self, characters: Sequence[Character], text: str) -> None:
        self.characters = list(characters)
        self.ids = frozenset(c.id for c in self.characters)
        if len(self.ids) != len(self.characters):
            raise ValueError("Two imported characters have the same id")
        self.text = text

    def apply(self, campaign: Campaign) -> ChangeSet:
        if any(c.id in self.ids for c in campaign.characters):
            raise ValueError("The campaign already has a character with an imported character's id")
        campaign.characters.extend(self.characters)
        return ChangeSet(characters_added=self.ids)

    def revert(self, campaign: Campaign) -> ChangeSet:
        taken = {c.id: c for c in campaign.characters if c.id in self.ids}
        self.characters = [taken.get(c.id, c) for c in self.characters]
        campaign.characters[:] = [c for c in campaign.characters if c.id not in self.ids]
        return ChangeSet(characters_removed=self.ids)
