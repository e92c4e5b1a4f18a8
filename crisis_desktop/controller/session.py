"""The open campaign as the places of the window share it (no Qt): its rules, one controller per encounter,
the encounter on show and the combatant selected, and the journal of its changes."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fog import hidden_by_fog
from crisis_desktop.controller.journaling import ChangeJournal
from crisis_desktop.domain import Campaign, StatValue
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.journal import Journal

ENCOUNTER, SELECTION = "encounter", "selection"
Listener = Callable[[str], None]


class CampaignSession:
    """Owns what the board, the map and the player display share while a campaign is open.

    The ruleset (None when the campaign's rules cannot be loaded: `rules_problem` says why) with the options
    and their defaults; one EncounterController per encounter, so each keeps its rewind points; the encounter
    the GM is looking at and the combatant selected in it. Listeners are called with ENCOUNTER or SELECTION when
    either changes, whichever place changed it.
    """

    def __init__(self, campaign: Campaign, ruleset_for: Callable[[str], Ruleset] = get_ruleset) -> None:
        self.campaign = campaign
        self._ruleset_for = ruleset_for
        self.ruleset: Ruleset | None = None
        self.rules_problem = ""
        self._controllers: dict[str, EncounterController] = {}
        self.encounter_id: str | None = None
        self.selected_id: str | None = None
        self._listeners: list[Listener] = []
        self.journal: ChangeJournal | None = None
        self._load_rules()

    def _load_rules(self) -> None:
        self._controllers.clear()
        try:
            self.ruleset, self.rules_problem = self._ruleset_for(self.campaign.ruleset), ""
        except (KeyError, ImportError) as exc:
            self.ruleset, self.rules_problem = None, str(exc)

    def sheet_problems(self) -> list[str]:
        """Every value the rules refuse in the campaign's sheets (a file edited by hand: a DMG of 999999999d9, a
        durability above its maximum), as "Name: the reason"; such a character is shown, never priced blindly."""
        if self.ruleset is None:
            return []
        return [f"{c.name}: {reason}" for c in self.campaign.characters
                for reason in self.ruleset.sheet.validate_character(c)]

    @property
    def options(self) -> dict[str, StatValue]:
        return self.ruleset.options_with_defaults(self.campaign.rule_options) if self.ruleset else {}

    # -- fights ---------------------------------------------------------------------------------------
    def controller(self, encounter_id: str | None) -> EncounterController | None:
        """The controller of that encounter (the same one every time); None without rules or encounter."""
        if encounter_id is None or self.ruleset is None:
            return None
        controller = self._controllers.get(encounter_id)
        if controller is None:
            try:
                controller = EncounterController(self.campaign, encounter_id, self.ruleset)
            except KeyError:
                return None
            self._controllers[encounter_id] = controller
            if controller.repaired and self.journal is not None:
                # A file whose fight named combatants it no longer has was repaired (no undo step: the file was
                # wrong): journaled like a change, so a recovery and the next save hold the repaired fight.
                with contextlib.suppress(OSError):  # the journal says it is broken; the next autosave rewrites it
                    self.journal.record(ChangeSet(encounters=frozenset({encounter_id}), order=True))
        return controller

    @property
    def fight(self) -> EncounterController | None:
        """The controller of the encounter on show."""
        return self.controller(self.encounter_id)

    def hidden_by_fog(self, encounter_id: str | None = None) -> frozenset[str]:
        """The combatants of that encounter (by default the one on show) that the fog of its map hides from the
        players."""
        return hidden_by_fog(self.campaign, encounter_id if encounter_id is not None else self.encounter_id)

    # -- what the GM looks at ---------------------------------------------------------------------------
    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` on every change of the encounter or the selection; returns the way to stop."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def show_encounter(self, encounter_id: str | None) -> None:
        if encounter_id != self.encounter_id:
            self.encounter_id, self.selected_id = encounter_id, None
            self._tell(ENCOUNTER)

    def select(self, combatant_id: str | None) -> None:
        if combatant_id != self.selected_id:
            self.selected_id = combatant_id
            self._tell(SELECTION)

    def _tell(self, what: str) -> None:
        for listener in list(self._listeners):
            listener(what)

    # -- changes --------------------------------------------------------------------------------------
    def replace_campaign(self, campaign: Campaign) -> None:
        """Another version of the campaign replaced the data wholesale (a restored backup)."""
        self.campaign = campaign
        if self.journal is not None:
            self.journal = ChangeJournal(campaign, self.journal.journal, self.journal.saved_file)
        self._load_rules()

    def journal_to(self, journal: Journal, saved_file: Path) -> ChangeJournal:
        """From now on every change is journaled (see ChangeJournal) in `journal`, relative to the campaign
        file `saved_file` as it is now."""
        self.journal = ChangeJournal(self.campaign, journal, saved_file)
        return self.journal

    def after_change(self, changes: ChangeSet) -> None:
        """Keep up with an applied, undone or redone change (call record() then, to journal it)."""
        if "*" in changes.campaign_fields or "ruleset" in changes.campaign_fields:
            self._load_rules()
        for gone in [key for key in self._controllers if not self.campaign.has_encounter(key)]:
            del self._controllers[gone]
        if self.encounter_id is not None and not self.campaign.has_encounter(self.encounter_id):
            self.show_encounter(None)

    def record(self, changes: ChangeSet) -> None:
        """Journal an applied, undone or redone change, if a journal is kept; OSError if it could not be."""
        if self.journal is not None:
            self.journal.record(changes)
