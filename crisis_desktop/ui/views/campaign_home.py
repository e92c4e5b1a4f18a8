"""The campaign's home: what is in it and what to do next. The encounters (start or resume one in a click), the
party and how each stands, characters whose values the rules refuse, the latest changes, and for a new campaign
the first steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from crisis_desktop.ui.plain_text import plain_label, tooltip

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from crisis_desktop.controller.session import CampaignSession
    from crisis_desktop.domain import Campaign, Character, Encounter

SHOWN = 8            # rows per list; more are counted ("and 3 more")
RECENT = 6           # changes listed


def _clear(layout: QGridLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()


def encounter_status(encounter: Encounter, round_label: str = "") -> tuple[str, str]:
    """How an encounter stands, and what its button does: ("Round 2 · 8 fighters", "Resume"). `round_label` is
    the rules' name of the round under way ("Surprise round"), where the rules are loaded."""
    fighters = len(encounter.combatants)
    count = f"{fighters} fighter" + ("" if fighters == 1 else "s")
    if encounter.ended:
        return f"Over · {count}", "Open"
    if encounter.started:
        return f"{round_label or f'Round {encounter.round}'} · {count}", "Resume"
    return (f"Not started · {count}", "Start") if fighters else ("No fighters yet", "Open")


class CampaignHome(QWidget):
    """The home's sections, rebuilt from the campaign when shown (a handful of rows each).

    Signals:
        openEncounter(str): show this encounter on the Fight place.
        startEncounter(str): show it and start the fight (roll initiative).
        openCharacter(str): show this character on the Characters place.
        addPc(): add a player character.
        addNpcFromBestiary(): add an NPC from the rules' bestiary.
        newEncounter(): prepare a new encounter.
        newMap(): draw a new battle map.
    """

    openEncounter = Signal(str)
    startEncounter = Signal(str)
    openCharacter = Signal(str)
    addPc = Signal()
    addNpcFromBestiary = Signal()
    newEncounter = Signal()
    newMap = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps_box = QGroupBox("Start here")
        steps = QGridLayout(self.steps_box)
        steps.setColumnStretch(1, 1)
        self.steps_text = plain_label()
        self.steps_text.setWordWrap(True)
        steps.addWidget(self.steps_text, 0, 0, 1, 2)
        self.step_buttons: dict[str, QPushButton] = {}
        for row, (key, text, what, signal) in enumerate((
                ("pc", "Add a player character", "a hero of the party, on the Characters place", self.addPc),
                ("npc", "Add an NPC from the bestiary", "a ready-made adversary of these rules",
                 self.addNpcFromBestiary),
                ("encounter", "Prepare an encounter", "a fight, on the Fight place; add its fighters there",
                 self.newEncounter),
                ("map", "Draw a battle map", "a grid to paint terrain on and place the tokens", self.newMap)), 1):
            button = QPushButton(text)
            button.clicked.connect(signal.emit)
            steps.addWidget(button, row, 0)
            steps.addWidget(plain_label(what), row, 1)
            self.step_buttons[key] = button
        self.encounters_box, self.encounters = self._section("Encounters")
        self.party_box, self.party = self._section("The party")
        self.problems_box, self.problems = self._section("Needs attention")
        self.recent_box, self.recent = self._section("Recent changes")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for box in (self.steps_box, self.encounters_box, self.party_box, self.problems_box, self.recent_box):
            layout.addWidget(box)
        layout.addStretch(1)

    @staticmethod
    def _section(title: str) -> tuple[QGroupBox, QGridLayout]:
        box = QGroupBox(title)
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        return box, grid

    # -- filling ------------------------------------------------------------------------------
    def show_campaign(self, campaign: Campaign | None, session: CampaignSession | None,
                      undo_stack: QUndoStack | None) -> None:
        """Rebuild every section from the campaign (None: nothing open, every section hidden)."""
        for box in (self.steps_box, self.encounters_box, self.party_box, self.problems_box, self.recent_box):
            box.setVisible(campaign is not None)
        if campaign is None:
            return
        self._show_steps(campaign, session)
        self._show_encounters(campaign, session)
        self._show_party(campaign, session)
        self._show_problems(campaign, session)
        self.show_recent(undo_stack)

    def _show_steps(self, campaign: Campaign, session: CampaignSession | None) -> None:
        from crisis_desktop.domain import CharacterKind

        done = {"pc": any(c.kind is CharacterKind.PC for c in campaign.characters),
                "npc": any(c.kind is not CharacterKind.PC for c in campaign.characters),
                "encounter": bool(campaign.encounters), "map": bool(campaign.battle_maps)}
        self.steps_box.setVisible(not all(done.values()))
        ruleset = session.ruleset if session is not None else None
        has_bestiary = False
        if ruleset is not None:
            bestiary = ruleset.bestiary_file()
            has_bestiary = bestiary is not None and bestiary.is_file()
        self.steps_text.setText("A campaign holds the party, the NPCs they meet, the encounters you prepare and "
                                "the battle maps they are fought on. Each step opens where it is done.")
        for key, button in self.step_buttons.items():
            text = button.text().removeprefix("✓ ")
            button.setText(("✓ " if done[key] else "") + text)
        npc = self.step_buttons["npc"]
        npc.setEnabled(has_bestiary)
        npc.setToolTip("" if has_bestiary else "These rules have no bestiary: add NPCs on the Characters place")

    def _show_encounters(self, campaign: Campaign, session: CampaignSession | None) -> None:
        from crisis_desktop.controller.fight import FightView

        ruleset = session.ruleset if session is not None else None
        grid = self.encounters
        _clear(grid)
        if not campaign.encounters:
            grid.addWidget(QLabel("No encounter yet."), 0, 0, 1, 3)
            return
        # Fights under way first, then those to come, those over last; each group in the campaign's order.
        ordered = sorted(campaign.encounters, key=lambda e: 0 if e.running else 2 if e.ended else 1)
        for row, encounter in enumerate(ordered[:SHOWN]):
            label = ""
            if encounter.running and ruleset is not None:
                try:
                    label = FightView(campaign, encounter.id, ruleset).round_label()
                except (KeyError, ValueError):      # a fight the rules cannot read: its round number says enough
                    label = ""
            status, verb = encounter_status(encounter, label)
            name = plain_label(encounter.name)
            name.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
            grid.addWidget(name, row, 0)
            grid.addWidget(plain_label(status), row, 1)
            button = QPushButton(verb)
            button.setObjectName(f"encounter-{encounter.id}")
            button.setToolTip(tooltip(f"{verb} “{encounter.name}” on the Fight place"
                                      + (" (rolls initiative)" if verb == "Start" else "")))
            signal = self.startEncounter if verb == "Start" else self.openEncounter
            button.clicked.connect(lambda _checked=False, eid=encounter.id, s=signal: s.emit(eid))
            grid.addWidget(button, row, 2)
        self._more(grid, len(ordered) - SHOWN, "encounters on the Fight place")

    def _show_party(self, campaign: Campaign, session: CampaignSession | None) -> None:
        from crisis_desktop.domain import CharacterKind

        grid = self.party
        _clear(grid)
        pcs = [c for c in campaign.characters if c.kind is CharacterKind.PC]
        if not pcs:
            grid.addWidget(QLabel("No player character yet."), 0, 0, 1, 3)
            return
        for row, pc in enumerate(pcs[:SHOWN]):
            grid.addWidget(plain_label(pc.name), row, 0)
            grid.addWidget(plain_label(self._standing(pc, session)), row, 1)
            button = QPushButton("Sheet")
            button.setToolTip(tooltip(f"Open {pc.name}'s sheet on the Characters place"))
            button.clicked.connect(lambda _checked=False, cid=pc.id: self.openCharacter.emit(cid))
            grid.addWidget(button, row, 2)
        self._more(grid, len(pcs) - SHOWN, "player characters on the Characters place")

    @staticmethod
    def _standing(character: Character, session: CampaignSession | None) -> str:
        """"Health 21/24 · wounded · Prone": the rules' health (and strain) bars, state and conditions, in their
        words."""
        ruleset = session.ruleset if session is not None else None
        if ruleset is None or session is None:
            return ""
        from crisis_desktop.rules.base import Actor, BarRole
        from crisis_desktop.ui.player_display.health import bar_word

        try:
            options = session.options
            state = ruleset.sheet.state(character, options)
            bars = ruleset.sheet.resources(Actor(character, None), options)
            labels = {c.key: c.label for c in ruleset.sheet.conditions()}
        except (ValueError, KeyError, TypeError) as exc:     # a value the rules refuse: said under Needs attention
            return f"cannot be read: {exc}"
        health = next((b for b in bars if b.role is BarRole.HEALTH), None)
        parts = [f"{b.short or b.label} {b.current}/{b.maximum}" for b in bars
                 if b.role in (BarRole.HEALTH, BarRole.DOWN_TOO)]
        parts.append(state.shown if not state.fighting else bar_word(state.role, health))
        parts += [labels.get(c.key, c.key.replace("_", " ").capitalize()) for c in character.conditions]
        return " · ".join(parts)

    def _show_problems(self, campaign: Campaign, session: CampaignSession | None) -> None:
        grid = self.problems
        _clear(grid)
        ruleset = session.ruleset if session is not None else None
        found: list[tuple[Character, str]] = []
        if ruleset is not None:
            found = [(c, reason) for c in campaign.characters for reason in ruleset.sheet.validate_character(c)]
        elif session is not None and session.rules_problem:
            grid.addWidget(plain_label(f"The rules “{campaign.ruleset}” cannot be loaded: {session.rules_problem}"),
                           0, 0, 1, 3)
            self.problems_box.setVisible(True)
            return
        self.problems_box.setVisible(bool(found))
        for row, (character, reason) in enumerate(found[:SHOWN]):
            grid.addWidget(plain_label(character.name), row, 0)
            label = plain_label(reason)
            label.setWordWrap(True)
            grid.addWidget(label, row, 1)
            button = QPushButton("Open")
            button.setToolTip(tooltip(f"Open {character.name} on the Characters place to correct it"))
            button.clicked.connect(lambda _checked=False, cid=character.id: self.openCharacter.emit(cid))
            grid.addWidget(button, row, 2)
        self._more(grid, len(found) - SHOWN, "values the rules refuse")

    def show_recent(self, undo_stack: QUndoStack | None) -> None:
        """The latest changes, newest first (alone after a change that touches nothing else the home shows)."""
        grid = self.recent
        _clear(grid)
        done = undo_stack.index() if undo_stack is not None else 0
        if undo_stack is None or done == 0:
            grid.addWidget(QLabel("Nothing changed since the campaign was opened."), 0, 0, 1, 3)
            return
        for row, index in enumerate(range(done - 1, max(-1, done - 1 - RECENT), -1)):
            grid.addWidget(plain_label(undo_stack.text(index)), row, 0, 1, 3)
        self._more(grid, done - RECENT, "earlier changes (Edit › Undo goes back through them)")

    @staticmethod
    def _more(grid: QGridLayout, left: int, what: str) -> None:
        if left > 0:
            grid.addWidget(plain_label(f"and {left} more {what}"), grid.rowCount(), 0, 1, 3)
