"""The battle map scene: projects one domain BattleMap (cells, background, tokens) and keeps it in step
with the campaign's change sets, updating only what changed."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QImage, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.fight import FightView
from crisis_desktop.controller.map_commands import find_map
from crisis_desktop.domain.battle_map import BattleMap, GridKind, Paint
from crisis_desktop.rules.base import Actor, in_words
from crisis_desktop.rules.kernel.geometry import Grid, Terrain
from crisis_desktop.storage.regular_files import reason_of
from crisis_desktop.ui.battlemap.items import CellLayer, Overlay, TokenItem, TokenLook
from crisis_desktop.ui.battlemap.token_labels import distinct_labels
from crisis_desktop.ui.paint_guard import report
from crisis_desktop.ui.player_display.health import health_bar, health_word

if TYPE_CHECKING:
    from crisis_desktop.domain import Campaign, Character, Combatant, Encounter
    from crisis_desktop.rules.base import Ruleset

Coord = tuple[int, int]

SQUARE_SIZE = 48.0     # pixels per square side
HEX_SIZE = 28.0        # pixels from a hex's centre to a corner


def load_image(path: str) -> QImage:
    """A background image from a file path or a data URI (empty QImage when it cannot be read)."""
    return read_background(path)[0]


def read_background(path: str) -> tuple[QImage, str]:
    """A background image from a file path or a data URI, and why it is not shown ("" when it is)."""
    if path.startswith("data:"):
        import base64

        _, _, data = path.partition(",")
        image = QImage()
        image.loadFromData(base64.b64decode(data))
        return image, "" if not image.isNull() else "the picture held in the campaign cannot be read"
    from crisis_desktop.ui.widgets.portrait import read_picture

    try:
        return read_picture(path), ""
    except OSError as exc:  # a FIFO, a device, a missing file: no background rather than a hung window
        logging.getLogger(__name__).warning("Background image %s not shown: %s", path, reason_of(exc))
        return QImage(), f"{path}: {reason_of(exc)}"
    except ValueError as exc:
        return QImage(), str(exc)


class MapScene(QGraphicsScene):
    """Items for one battle map: the cell layer, an optional background, tokens, and overlays.

    Measures, lines of sight and blasts or scatters belong to one step of the fight: they are cleared when the
    step changes (the next turn, a phase, a round).

    Signals:
        tokenSelected(object): the combatant id of the selected token, or None.
        stepChanged(): the fight moved on to another step; the overlays of the last one were cleared.
    """

    tokenSelected = Signal(object)
    stepChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign: Campaign | None = None
        self.map_id: str | None = None
        self.encounter_id: str | None = None
        self.ruleset: Ruleset | None = None
        self.grid = Grid()
        self.size = SQUARE_SIZE
        self.cells: dict[Coord, Paint] = {}     # the paint of each painted cell shown
        self.tokens: dict[str, TokenItem] = {}
        self.layer: CellLayer | None = None
        self.background: QGraphicsPixmapItem | None = None
        self.background_problem = ""      # why the map's background picture is not shown
        self._terrain: Terrain | None = None
        # (grid kind, width, height) of the map the cells were built for; None before any map.
        self._shape: tuple[GridKind | None, int, int] = (None, 0, 0)
        self._current: str | None = None
        self._step: tuple[str, tuple[str, ...]] | None = None     # (round label, who acts) of the shown fight
        self._label_key: tuple[str, tuple[tuple[str, str], ...]] | None = None    # what the labels were made of
        self._token_labels: dict[str, str] = {}
        self._relabel: set[str] = set()
        self.preview = Overlay(self.polygon, 15)         # the cells a paint stroke will change
        self.measure = Overlay(self.polygon)
        self.sight = Overlay(self.polygon)
        self.area = Overlay(self.polygon, 18)
        self.move = Overlay(self.polygon, 25)
        for overlay in self.overlays:
            self.addItem(overlay)
        self.selectionChanged.connect(self._selection_changed)

    @property
    def overlays(self) -> tuple[Overlay, ...]:
        return self.preview, self.measure, self.sight, self.area, self.move

    # -- what is shown ------------------------------------------------------------------------
    @property
    def battle_map(self) -> BattleMap | None:
        if self.campaign is None or self.map_id is None:
            return None
        try:
            return find_map(self.campaign, self.map_id)
        except KeyError:
            return None

    def show_map(self, campaign: Campaign | None, map_id: str | None, encounter_id: str | None = None,
                 ruleset: Ruleset | None = None) -> None:
        """Show another map (or none), with the tokens of `encounter_id`'s combatants."""
        self.campaign, self.map_id, self.encounter_id, self.ruleset = campaign, map_id, encounter_id, ruleset
        self._rebuild()

    def _rebuild(self) -> None:
        for item in self.tokens.values():
            self.removeItem(item)
        self.tokens = {}
        for overlay in self.overlays:
            overlay.clear()
        if self.layer is not None:
            self.removeItem(self.layer)
            self.layer = None
        battle_map = self.battle_map
        self._terrain = None
        if battle_map is None:
            self.cells = {}
            self._set_background(None)
            self.setSceneRect(QRectF(0, 0, 1, 1))
            return
        self.grid = Grid.of(battle_map)
        self.size = HEX_SIZE if self.grid.hex else SQUARE_SIZE
        self._shape = (battle_map.grid, battle_map.width, battle_map.height)
        self.cells = battle_map.terrain.painted()
        self.layer = CellLayer(self.grid, self.size, self.cells, translucent=battle_map.background is not None)
        self.addItem(self.layer)
        w, h = self.grid.scene_size(self.size)
        self.setSceneRect(QRectF(-self.size / 2, -self.size / 2, w + self.size, h + self.size))
        self._set_background(battle_map)
        self._current = self._current_id()
        self._step = self._step_of_fight()
        for token in battle_map.tokens:
            self._sync_token(token.combatant_id)

    def _set_background(self, battle_map: BattleMap | None) -> None:
        self.background_problem = ""
        if self.background is not None:
            self.removeItem(self.background)
            self.background = None
        image = battle_map.background if battle_map is not None else None
        if image is None:
            return
        picture, self.background_problem = read_background(image.path)
        if picture.isNull():
            return
        self.background = QGraphicsPixmapItem(QPixmap.fromImage(picture))
        self.background.setZValue(-10)
        self.background.setPos(image.offset_x, image.offset_y)
        self.background.setScale(image.scale)
        self.background.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.addItem(self.background)

    @property
    def terrain(self) -> Terrain:
        """The painted cells indexed for the geometry; rebuilt after the cells change."""
        if self._terrain is None:
            self._terrain = Terrain(self.grid, self.cells)
        return self._terrain

    # -- geometry of the items ----------------------------------------------------------------
    def centre(self, cell: Coord) -> QPointF:
        return QPointF(*self.grid.centre(cell, self.size))

    def polygon(self, cell: Coord) -> QPolygonF:
        return QPolygonF([QPointF(x, y) for x, y in self.grid.corners(cell, self.size)])

    def cell_at(self, point: QPointF) -> Coord | None:
        """The map cell under a scene point, None off the map."""
        cell = self.grid.cell_at(point.x(), point.y(), self.size)
        return cell if self.battle_map is not None and self.grid.contains(cell) else None

    # -- tokens -------------------------------------------------------------------------------
    def look(self, combatant_id: str) -> TokenLook | None:
        """How a combatant's token looks now; None when it is not in the shown encounter."""
        campaign = self.campaign
        if campaign is None:
            return None
        encounter = campaign.encounter_of(combatant_id)       # through the campaign's index, not a walk
        if encounter is None or (self.encounter_id is not None and encounter.id != self.encounter_id):
            return None
        combatant = encounter.find_combatant(combatant_id)
        if combatant is None:
            return None
        try:
            character = campaign.character(combatant.character_id)
        except KeyError:
            return None
        look = TokenLook(character.name, combatant.side.value, current=combatant_id in self._acting_ids(encounter.id),
                         hidden=combatant.hidden, label=self._labels(campaign, encounter).get(combatant_id, ""))
        if self.ruleset is None:
            return look
        try:
            return self._ruled_look(look, campaign, character, combatant)
        except Exception as exc:  # noqa: BLE001  a value the rules cannot read: the token says so, nothing crashes
            report(f"{type(self).__name__} token", exc)
            return replace(look, word="cannot be shown")

    def _ruled_look(self, look: TokenLook, campaign: Campaign, character: Character, combatant: Combatant) -> TokenLook:
        """`look` with what the rules make of the combatant: its state, posture, health bar and conditions."""
        # The rules say what the bar and the marks mean (roles and labels, never their keys).
        assert self.ruleset is not None
        ruleset = self.ruleset
        options = ruleset.options_with_defaults(campaign.rule_options)
        state = ruleset.sheet.state(character, options)
        posture = ruleset.posture(character)
        actor = Actor(character, combatant)
        bars = ruleset.sheet.resources(actor, options)
        bar = health_bar(bars)
        labels = {c.key: c.label for c in ruleset.sheet.conditions()}
        # The posture has its own badge: no marker for it as well.
        worn = [labels.get(c.key) or in_words(c.key) for c in character.conditions if posture is None
                or posture.casefold() not in (c.key.casefold(), labels.get(c.key, "").casefold())]
        worn += [m.label for m in ruleset.sheet.marks(actor, options)]
        # The flow's word on it (declared, planned, delaying) first, as the turn order writes it beside the name.
        details = [*self._flow_words(campaign, combatant.id), *(b.shown for b in bars if b is not bar),
                   *ruleset.sheet.badges(actor, options)]
        return replace(look, posture=posture, down=not state.fighting,
                       health=(bar.current, bar.maximum) if bar is not None else None,
                       health_label=bar.label if bar is not None else "",
                       lower_is_worse=bar.lower_is_worse if bar is not None else True,
                       conditions=tuple(dict.fromkeys(worn)), details=tuple(details),
                       state=state.shown,
                       word=health_word(state.role, bar.left if bar else None, bar.maximum if bar else None))

    def _labels(self, campaign: Campaign, encounter: Encounter) -> dict[str, str]:
        """The encounter's token labels, no two alike (token_labels); worked out again only when a name changes.
        A new label for a token not being synced now (a second "Raider" makes the first "R1") restyles it after."""
        names: dict[str, str] = {}
        for c in encounter.combatants:
            with contextlib.suppress(KeyError):
                names[c.id] = campaign.character(c.character_id).name
        key = (encounter.id, tuple(names.items()))
        if self._label_key != key:
            labels = distinct_labels(names)
            self._relabel |= {cid for cid, label in labels.items() if self._token_labels.get(cid, label) != label}
            self._label_key, self._token_labels = key, labels
        return self._token_labels

    def _restyle_relabelled(self) -> None:
        while self._relabel:
            item = self.tokens.get(self._relabel.pop())
            look = self.look(item.combatant_id) if item is not None else None
            if item is not None and look is not None:
                item.set_look(look)

    def _sync_token(self, combatant_id: str) -> None:
        """Create, move, restyle or remove one token from the domain."""
        self._sync_one(combatant_id)
        self._restyle_relabelled()

    def _sync_one(self, combatant_id: str) -> None:
        battle_map = self.battle_map
        token = next((t for t in battle_map.tokens if t.combatant_id == combatant_id), None) \
            if battle_map is not None else None
        look = self.look(combatant_id) if token is not None else None
        item = self.tokens.get(combatant_id)
        if token is None or look is None:
            if item is not None:
                self.removeItem(item)
                del self.tokens[combatant_id]
            return
        if item is None:
            item = TokenItem(combatant_id, look, self.size)
            # A newcomer may share the initials of a token on the map: theirs lengthen too.
            for other, other_item in self.tokens.items():
                if (other_look := self.look(other)) is not None and other_look.initials != other_item.look.initials:
                    other_item.set_look(other_look)
            self.tokens[combatant_id] = item
            self.addItem(item)
        else:
            item.set_look(look)
        item.setPos(self.centre((token.x, token.y)))

    def token_cell(self, combatant_id: str) -> Coord | None:
        battle_map = self.battle_map
        if battle_map is None:
            return None
        token = next((t for t in battle_map.tokens if t.combatant_id == combatant_id), None)
        return (token.x, token.y) if token is not None and combatant_id in self.tokens else None

    def token_at(self, cell: Coord) -> str | None:
        battle_map = self.battle_map
        if battle_map is None:
            return None
        return next((t.combatant_id for t in battle_map.tokens
                     if (t.x, t.y) == cell and t.combatant_id in self.tokens), None)

    def occupied(self, *, besides: str | None = None) -> set[Coord]:
        battle_map = self.battle_map
        if battle_map is None:
            return set()
        return {(t.x, t.y) for t in battle_map.tokens if t.combatant_id != besides and t.combatant_id in self.tokens}

    def selected_token(self) -> str | None:
        for item in self.selectedItems():
            if isinstance(item, TokenItem):
                return item.combatant_id
        return None

    def select_token(self, combatant_id: str | None) -> None:
        """Select one token (or none) without echoing the selection back as a new choice."""
        if combatant_id == self.selected_token():
            return
        self.blockSignals(True)
        try:
            self.clearSelection()
            item = self.tokens.get(combatant_id) if combatant_id else None
            if item is not None:
                item.setSelected(True)
        finally:
            self.blockSignals(False)

    def _selection_changed(self) -> None:
        self.tokenSelected.emit(self.selected_token())

    # -- change sets --------------------------------------------------------------------------
    def apply_changes(self, changes: ChangeSet) -> None:
        """Update from what a command changed: touched cells, moved tokens, restyled combatants."""
        if self.campaign is None:
            return
        battle_map = self.battle_map
        if "*" in changes.campaign_fields or (self.map_id in changes.battle_maps and (
                battle_map is None or self._shape != (battle_map.grid, battle_map.width, battle_map.height)
                or (battle_map.background is None) != (self.layer is not None and not self.layer.translucent))):
            self._rebuild()
            return
        if battle_map is None:
            return
        if self.map_id in changes.battle_maps:
            self.grid = Grid.of(battle_map)
            self._set_background(battle_map)
        touched = [(x, y) for map_id, x, y in changes.cells if map_id == self.map_id]
        if touched:
            for xy in touched:
                paint = battle_map.paint_at(xy)
                if paint is not None:
                    self.cells[xy] = paint
                else:
                    self.cells.pop(xy, None)
            self._terrain = None
            if self.layer is not None:
                self.layer.cells_changed(touched)
        restyle = set(changes.combatants)
        if changes.characters:
            # A condition or a wound changes how the character's tokens look.
            restyle |= {cid for cid in self.tokens if self._character_of(cid) in changes.characters}
        if self.encounter_id in changes.encounters:
            # The turn moving on moves the current actor's ring: restyle the old and the new one.
            current = self._current_id()
            if current != self._current:
                restyle |= {cid for cid in (self._current, current) if cid}
                self._current = current
        for combatant_id in restyle:
            self._sync_token(combatant_id)
        if self.encounter_id in changes.encounters:
            step = self._step_of_fight()
            if step != self._step:
                self._step = step
                self.clear_step_overlays()
                self.stepChanged.emit()

    def clear_step_overlays(self) -> None:
        """Take away what was measured or shown for the last step: measure, sight, blast or scatter, a path."""
        for overlay in (self.measure, self.sight, self.area, self.move):
            overlay.clear()

    def _step_of_fight(self) -> tuple[str, tuple[str, ...]] | None:
        """The step the shown fight stands at: its round (or phase) and who acts; None without a fight."""
        if self.campaign is None or self.encounter_id is None or self.ruleset is None:
            return None
        try:
            fight = FightView(self.campaign, self.encounter_id, self.ruleset)
            return fight.round_label(), fight.acting()
        except KeyError:
            return None

    def _flow_words(self, campaign: Campaign, combatant_id: str) -> list[str]:
        """What the round's flow says of the combatant now ("declared: Action and reaction"), for the GM."""
        if self.encounter_id is None or self.ruleset is None:
            return []
        try:
            rows = FightView(campaign, self.encounter_id, self.ruleset).order_rows()
        except KeyError:
            return []
        return [row.status for row in rows if row.combatant_id == combatant_id and row.status]

    def _acting_ids(self, encounter_id: str | None) -> tuple[str, ...]:
        """Who acts now in that encounter (their tokens carry the current ring)."""
        if self.campaign is None or encounter_id is None or self.ruleset is None:
            return ()
        try:
            return FightView(self.campaign, encounter_id, self.ruleset).acting()
        except KeyError:
            return ()

    def _current_id(self) -> str | None:
        acting = self._acting_ids(self.encounter_id)
        return acting[0] if acting else None

    def _character_of(self, combatant_id: str) -> str | None:
        if self.campaign is None:
            return None
        try:
            return self.campaign.combatant(combatant_id).character_id   # through the campaign's index, not a scan
        except KeyError:
            return None
