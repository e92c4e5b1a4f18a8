"""Undoable commands: each holds ids and values (never widgets) and applies or reverts one change.

The UI wraps a Command in a QUndoCommand; headless code and tests call apply/revert directly.
"""

from __future__ import annotations

import copy
import pickle
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.domain import Campaign


def copy_value(value: Any) -> Any:
    """A deep copy of a field's value for a command to keep or put back. Values made of plain data (a flow's state:
    dicts and lists of names and numbers) go through pickle, several times quicker than copy.deepcopy, which counts
    when a 200-combatant fight copies its turn order a few times a step."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


class Command(ABC):
    """One undoable change of a campaign.

    `merge_key` identifies edits of the same field: consecutive commands with equal, non-None
    keys merge into one undo step (typing into one field is one step).
    """

    text: str = ""
    merge_key: tuple[Any, ...] | None = None

    @abstractmethod
    def apply(self, campaign: Campaign) -> ChangeSet: ...

    @abstractmethod
    def revert(self, campaign: Campaign) -> ChangeSet: ...

    def merge(self, other: Command) -> bool:
        """Absorb `other` (already applied after self); True if merged."""
        return False


class SetCampaignField(Command):
    """Set a top-level field of the campaign (name, notes). The rules and their options change through
    rules_change.change_rules, which also drops in the same step what the fights' flows read under them must."""

    _EDITABLE = frozenset({"name", "notes"})

    def __init__(self, campaign: Campaign, field: str, value: Any, text: str | None = None) -> None:
        if field in ("ruleset", "rule_options") and field not in self._EDITABLE:
            raise ValueError(f"The campaign's {field} changes through change_rules (rules_change.py)")
        if field not in self._EDITABLE:
            raise ValueError(f"The campaign field {field!r} cannot be edited")
        # Validate before anything changes: an illegal value is refused with pydantic's reason.
        Campaign.__pydantic_validator__.validate_assignment(campaign.model_copy(), field, value)
        self.field = field
        self.old = copy.deepcopy(getattr(campaign, field))
        self.new = copy.deepcopy(value)
        self.text = text or f"Change campaign {field.replace('_', ' ')}"
        self.merge_key = ("campaign", field) if field == "notes" else None

    def apply(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign, self.field, copy.deepcopy(self.new))
        return ChangeSet(campaign_fields=frozenset({self.field}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign, self.field, copy.deepcopy(self.old))
        return ChangeSet(campaign_fields=frozenset({self.field}))

    def merge(self, other: Command) -> bool:
        if isinstance(other, SetCampaignField) and other.merge_key == self.merge_key is not None:
            self.new = other.new
            return True
        return False


class Macro(Command):
    """Several commands as one undo step; reverted in reverse order."""

    def __init__(self, text: str, commands: Sequence[Command]) -> None:
        self.text = text
        self.commands = list(commands)

    def apply(self, campaign: Campaign) -> ChangeSet:
        return ChangeSet.union([command.apply(campaign) for command in self.commands])

    def revert(self, campaign: Campaign) -> ChangeSet:
        return ChangeSet.union([command.revert(campaign) for command in reversed(self.commands)])


class Steps(Command):
    """Commands made one after another as one undo step, each made against the state the earlier ones left (a
    running fight's order extended by each addition, a copy's name numbered after the copies before it).

    Nothing is made or changed when this is built: the steps are made when it is first applied, and redone
    afterwards as they were made. A step the rules refuse (its maker raises) takes back the steps already done, so
    the campaign is as it was and the reason reaches whoever pushed the command.
    """

    def __init__(self, text: str, makers: Iterable[Callable[[], Command]]) -> None:
        self.text = text
        self._makers: list[Callable[[], Command]] | None = list(makers)
        self.commands: list[Command] = []
        if not self._makers:
            raise ValueError(f"{text}: nothing to do")

    def apply(self, campaign: Campaign) -> ChangeSet:
        if self._makers is None:
            return ChangeSet.union([command.apply(campaign) for command in self.commands])
        made: list[Command] = []
        changes: list[ChangeSet] = []
        try:
            for make in self._makers:
                command = make()
                changes.append(command.apply(campaign))
                made.append(command)
        except BaseException:
            for command in reversed(made):
                command.revert(campaign)
            raise
        self.commands, self._makers = made, None
        if len(made) == 1:
            self.text = made[0].text  # one step reads as that step ("Add Vera Kask")
        return ChangeSet.union(changes)

    def revert(self, campaign: Campaign) -> ChangeSet:
        assert self._makers is None, "revert before apply"
        return ChangeSet.union([command.revert(campaign) for command in reversed(self.commands)])


class ReplaceContent(Command):
    """Replace everything in the campaign with another version of it (recovered unsaved changes).

    The campaign object is updated in place, since views hold a reference to it.
    """

    def __init__(self, campaign: Campaign, replacement: Campaign, text: str) -> None:
        self.old = campaign.model_copy(deep=True)
        self.new = replacement.model_copy(deep=True)
        self.text = text

    @staticmethod
    def _copy_into(campaign: Campaign, source: Campaign) -> None:
        for name in Campaign.model_fields:
            object.__setattr__(campaign, name, copy.deepcopy(getattr(source, name)))

    def apply(self, campaign: Campaign) -> ChangeSet:
        self._copy_into(campaign, self.new)
        return ChangeSet(campaign_fields=frozenset({"*"}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        self._copy_into(campaign, self.old)
        return ChangeSet(campaign_fields=frozenset({"*"}))
