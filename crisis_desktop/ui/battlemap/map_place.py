"""The Battle map place: maps of the campaign, terrain painting, tokens moved by the rules, measure and cover."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QDrag, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.fog_commands import SetFog
from crisis_desktop.controller.map_commands import AddBattleMap, LinkEncounterMap, RemoveBattleMap, SetMapField
from crisis_desktop.controller.session import ENCOUNTER
from crisis_desktop.domain.battle_map import Cell, Cover
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.ui.battlemap.fog import FogItem
from crisis_desktop.ui.battlemap.map_dialogs import BackgroundDialog, NewMapDialog
from crisis_desktop.ui.battlemap.scene import MapScene
from crisis_desktop.ui.battlemap.tools import MapTools, Tool
from crisis_desktop.ui.battlemap.view import COMBATANT_MIME, MapView
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.plain_text import plain_label

if TYPE_CHECKING:
    from crisis_desktop.domain.character import EquipmentItem
    from crisis_desktop.ui.document import CampaignDocument
    from crisis_desktop.ui.views.attack_panel import AttackPanel

TOOLS = ((Tool.SELECT, "Select/move", "V", "Select tokens; drag one to move it by the rules (Shift: GM reposition)"),
         (Tool.BRUSH, "Brush", "B", "Paint terrain cell by cell"),
         (Tool.RECTANGLE, "Rectangle", "R", "Paint a rectangle of cells"),
         (Tool.LINE, "Line", "L", "Paint a line of cells (a wall)"),
         (Tool.ERASE, "Erase", "E", "Back to open ground"),
         (Tool.MEASURE, "Measure", "M", "Distance, and the chosen weapon's range and blast"),
         (Tool.PLACE, "Place", "P", "Put the chosen combatant on the clicked cell"),
         (Tool.SIGHT, "Sight", "S", "Line of sight and cover: click the attacker, then the target"),
         (Tool.REVEAL, "Reveal", "O", "Fog of war: drag a rectangle the players may see"),
         (Tool.HIDE, "Hide", "H", "Fog of war: drag a rectangle to cover it again"))
COMBATANT_LIST_HEIGHT = 52   # the combatants' list under the map, by default: two lines of names


class CombatantList(QListWidget):
    """The encounter's combatants; drag one onto the map to place its token."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragEnabled(True)

    def startDrag(self, actions: Qt.DropAction) -> None:  # Override QAbstractItemView::startDrag
        item = self.currentItem()
        if item is None:
            return
        mime = QMimeData()
        mime.setData(COMBATANT_MIME, str(item.data(Qt.ItemDataRole.UserRole)).encode())
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.CopyAction)


class MapPlace(QWidget):
    """Map picker and settings, the tool bar, the map view and the encounter's combatants.

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: CampaignDocument | None = None
        self.ruleset: Ruleset | None = None
        self._stop_listening: Callable[[], None] | None = None
        self.encounter_id: str | None = None
        # Where attacks open: the fight workspace's attack panel when the map is part of one, else a dialog.
        self.attack_panel: AttackPanel | None = None
        self.scene = MapScene(self)
        # The GM sees through the fog: it only marks what the player display covers.
        self.fog = FogItem()
        self.scene.addItem(self.fog)
        self.view = MapView(self.scene)
        self.view.setObjectName("map-view")
        self.tools = MapTools(self.scene, self._push, self.controller, self.brush_cell, self.weapon, self.to_place)
        self._build_widgets()
        self._build_actions()
        self._layout()
        self._connect()
        self.set_document(None)

    # -- construction ----------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.picker = QComboBox()
        self.picker.setObjectName("map-picker")
        self.picker.setMinimumContentsLength(16)
        self.cover = QComboBox()
        for level in Cover:
            self.cover.addItem(level.value.capitalize() + (" cover" if level is not Cover.NONE else " (no cover)"),
                               level.value)
        self.cover.setCurrentIndex(2)
        self.penetrable = QCheckBox("Bullets go through")
        self.difficult = QCheckBox("Difficult ground")
        self.zone = QLineEdit()
        self.zone.setPlaceholderText("zone label")
        self.zone.setMaximumWidth(140)
        self.weapon_box = QComboBox()
        self.weapon_box.setObjectName("map-weapon")
        self.weapon_box.setToolTip("Weapon for the Measure tool: what the rules say of it there (range, reach, blast)")
        self.combatants = CombatantList()
        self._combatant_rows: list[tuple[str, str]] = []    # what the list shows: (combatant id, text)
        self.combatants.setObjectName("map-combatants")
        self.info = plain_label()  # measures and reasons name the combatants
        self.info.setObjectName("map-info")
        self.info.setWordWrap(True)

    def _action(self, text: str, slot: Callable[[], object], shortcut: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            tip = f"{tip} ({shortcut})" if tip else shortcut
        action.setToolTip(tip)
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def export_png(self) -> None:
        """The whole map (terrain, tokens, overlays) as a PNG at twice the scene's size."""
        from PySide6.QtCore import QRectF
        from PySide6.QtGui import QImage, QPainter

        from crisis_desktop.ui.battlemap.map_dialogs import ExportPngAsk

        map_id = self.map_id()
        if map_id is None or self.document is None:
            return
        name = next(m.name for m in self.document.campaign.battle_maps if m.id == map_id)
        target = ExportPngAsk.path(self, str(Path.home() / f"{name}.png"))
        if target is None:
            return
        rect = self.scene.sceneRect()
        image = QImage(int(rect.width() * 2), int(rect.height() * 2), QImage.Format.Format_ARGB32)
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.scene.render(painter, QRectF(image.rect()), rect)
        painter.end()
        # The stubs type `format` as bytes, but PySide6 accepts only str there.
        if not image.save(str(target), "PNG"):  # type: ignore[call-overload]
            Ask.error(self, "Export PNG", f"Could not write {target}")
            return
        self.message.emit(f"Saved the map to {target}")

    def _build_actions(self) -> None:
        self.act_new = self._action("New map…", self.new_map, None, "Create a battle map")
        self.act_rename = self._action("Rename…", self.rename_map, None, "Rename this map")
        self.act_delete = self._action("Delete", self.delete_map, None, "Delete this map (undoable)")
        self.act_scale = self._action("Metres per cell…", self.edit_scale, None, "How long a cell is")
        self.act_background = self._action("Background…", self.edit_background, None,
                                           "An image under the grid, with its offset and scale")
        self.act_link = self._action("Use for encounter", self.link_encounter, None,
                                     "Fight the encounter chosen on the Encounter board on this map")
        self.act_zoom_in = self._action("Zoom in", self.view.zoom_in, "Ctrl++", "Zoom in")
        self.act_zoom_out = self._action("Zoom out", self.view.zoom_out, "Ctrl+-", "Zoom out")
        self.act_fit = self._action("Fit", self.view.fit, "Ctrl+0", "The whole map in the window")
        self.act_png = self._action("Export PNG…", self.export_png, None, "Save the whole map as a picture")
        self.act_attack = self._action("Attack…", self.attack, None,
                                       "Attack the selected token with distance and cover from the map")
        self.act_fog = self._action("Fog of war", self.toggle_fog, None,
                                    "The player display shows only the cells revealed with the Reveal tool")
        self.act_fog.setCheckable(True)
        self.tool_actions: dict[Tool, QAction] = {}
        group = QActionGroup(self)
        for tool, text, key, tip in TOOLS:
            action = self._action(text, partial(self.set_tool, tool), key, tip)
            action.setCheckable(True)
            group.addAction(action)
            self.tool_actions[tool] = action
        self.tool_actions[Tool.SELECT].setChecked(True)

    def _layout(self) -> None:
        maps = QToolBar("Maps")
        maps.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        maps.addWidget(QLabel("Map: "))
        maps.addWidget(self.picker)
        maps.addActions([self.act_new, self.act_rename, self.act_delete, self.act_scale, self.act_background,
                         self.act_link, self.act_fog])
        maps.addSeparator()
        maps.addActions([self.act_zoom_out, self.act_zoom_in, self.act_fit, self.act_png])
        tools = QToolBar("Tools")
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tools.addActions(list(self.tool_actions.values()))
        tools.addSeparator()
        for widget in (self.cover, self.penetrable, self.difficult, self.zone):
            tools.addWidget(widget)
        tools.addSeparator()
        tools.addWidget(QLabel("Weapon: "))
        tools.addWidget(self.weapon_box)
        tools.addAction(self.act_attack)
        # The map takes the room: the combatants to drag onto it are a short list under it, their names side by side
        # (the splitter folds it away), and what the tools measure a line under that, across the whole panel.
        side = QWidget()
        side_layout = QHBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(plain_label("Drag onto\nthe map:"))
        side_layout.addWidget(self.combatants, 1)
        self.combatants.setFlow(QListView.Flow.LeftToRight)
        self.combatants.setWrapping(True)
        self.combatants.setResizeMode(QListView.ResizeMode.Adjust)
        self.combatants.setSpacing(2)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([800, COMBATANT_LIST_HEIGHT])
        self.splitter.setCollapsible(0, False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        bars = QHBoxLayout()
        bars.addWidget(maps)
        bars.addStretch(1)
        layout.addLayout(bars)
        layout.addWidget(tools)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.info)

    def _connect(self) -> None:
        view, tools = self.view, self.tools
        view.pressed.connect(tools.pressed)
        view.dragged.connect(tools.dragged)
        view.released.connect(tools.released)
        view.nudged.connect(tools.nudge)
        view.cancelled.connect(tools.cancel)
        view.dropped.connect(tools.place)
        tools.info.connect(self.info.setText)
        tools.refused.connect(self._refused)
        self.picker.currentIndexChanged.connect(lambda _i: self._picked())
        self.scene.tokenSelected.connect(self._token_selected)
        self.weapon_box.currentIndexChanged.connect(lambda _i: self._weapon_changed())

    # -- the open campaign ----------------------------------------------------------------------
    def set_document(self, document: CampaignDocument | None) -> None:
        if self.document is not None and document is not self.document:
            self.document.changed.disconnect(self.on_changed)
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
        if document is not None and document is not self.document:
            document.changed.connect(self.on_changed)
        self.document = document
        self.ruleset = document.session.ruleset if document is not None else None
        if document is not None:
            # The encounter on show and the selection are shared with the board through the session.
            self._stop_listening = document.session.listen(self._session_changed)
            if self.ruleset is None:
                self.message.emit(f"Battle map without rules: {document.session.rules_problem}")
        self._fill_picker()
        self.act_new.setEnabled(document is not None)
        self.follow_fight()

    def _session_changed(self, what: str) -> None:
        if what == ENCOUNTER:
            self.follow_fight()
        else:
            self._session_selected()

    def _fight(self) -> EncounterController | None:
        """The controller of the encounter the GM has on show (chosen on the board or elsewhere)."""
        return self.document.session.fight if self.document is not None else None

    def follow_fight(self) -> None:
        """Show the map of the encounter on show, if it has one."""
        ctl = self._fight()
        if ctl is not None and ctl.view.encounter.battle_map_id:
            self.show_map(ctl.view.encounter.battle_map_id)
        else:
            self._picked()

    def _fill_picker(self, select: str | None = None) -> None:
        campaign = self.document.campaign if self.document else None
        current = select or self.picker.currentData()
        self.picker.blockSignals(True)
        self.picker.clear()
        for battle_map in campaign.battle_maps if campaign else []:
            self.picker.addItem(battle_map.name, battle_map.id)
        index = self.picker.findData(current)
        self.picker.setCurrentIndex(max(index, 0) if self.picker.count() else -1)
        self.picker.blockSignals(False)
        self._picked()

    def show_map(self, map_id: str) -> None:
        index = self.picker.findData(map_id)
        if index >= 0 and index != self.picker.currentIndex():
            self.picker.setCurrentIndex(index)
        elif index >= 0:
            self._picked()

    def map_id(self) -> str | None:
        return self.picker.currentData()

    def _encounter_for(self, map_id: str | None) -> str | None:
        """The encounter on show when it is fought on this map, otherwise the first one that is."""
        if map_id is None or self.document is None:
            return None
        ctl = self._fight()
        if ctl is not None and ctl.view.encounter.battle_map_id == map_id:
            return ctl.encounter_id
        return next((e.id for e in self.document.campaign.encounters if e.battle_map_id == map_id), None)

    def _picked(self) -> None:
        campaign = self.document.campaign if self.document else None
        map_id = self.map_id()
        self.encounter_id = self._encounter_for(map_id)
        self.tools.cancel()
        self.scene.show_map(campaign, map_id, self.encounter_id, self.ruleset)
        if self.scene.background_problem:
            self.message.emit(f"Background not shown: {self.scene.background_problem}")
        has_map = map_id is not None
        for action in (self.act_rename, self.act_delete, self.act_scale, self.act_background, self.act_link,
                       self.act_fog, *self.tool_actions.values()):
            action.setEnabled(has_map)
        self._sync_fog()
        self._fill_combatants()
        self._fill_weapons()
        self.view.fit()
        self._update_attack()

    def on_changed(self, changes: ChangeSet) -> None:
        """The document's changed signal: follow map list changes, update the scene from the ChangeSet."""
        if self.document is None:
            return
        campaign = self.document.campaign
        if "*" in changes.campaign_fields or "ruleset" in changes.campaign_fields:
            self.set_document(self.document)
            return
        if changes.battle_maps:
            # Only a change to a map may rename one or add one: the picker is compared then, not after every step.
            names = [(m.id, m.name) for m in campaign.battle_maps]
            shown = [(self.picker.itemData(i), self.picker.itemText(i)) for i in range(self.picker.count())]
            if names != shown:
                self._fill_picker()
                return
        if changes.encounters and self._encounter_for(self.map_id()) != self.encounter_id:
            self._picked()
            return
        self.scene.apply_changes(changes)
        self._sync_fog()
        if changes.encounters or changes.combatants:
            self._fill_combatants()
        self._update_attack()

    # -- tools and palette ----------------------------------------------------------------------
    def set_tool(self, tool: Tool) -> None:
        self.tool_actions[tool].setChecked(True)
        self.tools.set_tool(tool)
        self.info.setText(next(tip for t, _, _, tip in TOOLS if t is tool))

    def _sync_fog(self) -> None:
        battle_map = self.scene.battle_map
        self.fog.sync(battle_map, self.scene.grid, self.scene.size)
        self.act_fog.blockSignals(True)
        self.act_fog.setChecked(battle_map is not None and battle_map.fog)
        self.act_fog.blockSignals(False)

    def toggle_fog(self) -> None:
        """Fog of war on or off for this map (undoable); what was revealed is kept."""
        battle_map = self.scene.battle_map
        if battle_map is None or self.document is None:
            return
        self._push(SetFog(self.document.campaign, battle_map.id, not battle_map.fog))
        self._sync_fog()

    def brush_cell(self) -> Cell:
        """What the paint tools put on a cell."""
        return Cell(x=0, y=0, cover=Cover(self.cover.currentData()), penetrable=self.penetrable.isChecked(),
                    difficult=self.difficult.isChecked(), zone=self.zone.text().strip())

    def controller(self) -> EncounterController | None:
        """The encounter fought on this map (the session's controller: the same one the board uses)."""
        return self.document.session.controller(self.encounter_id) if self.document is not None else None

    def to_place(self) -> str | None:
        """The combatant the Place tool puts down: the one chosen in the list (it follows the board's
        selection), else the selected token."""
        item = self.combatants.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else self.scene.selected_token()

    def _choose_in_list(self, combatant_id: str | None) -> None:
        for row in range(self.combatants.count()):
            if self.combatants.item(row).data(Qt.ItemDataRole.UserRole) == combatant_id:
                self.combatants.setCurrentRow(row)
                return

    def _fill_combatants(self) -> None:
        """The encounter's combatants, each marked when not on the map; left as it is when nothing it shows changed
        (most steps of a fight), so the list is not rebuilt after every one."""
        current = self.to_place()
        ctl = self.controller()
        placed = set(self.scene.tokens)
        rows = [] if ctl is None else [
            (combatant_id, name if combatant_id in placed else f"{name}  (not on the map)")
            for combatant_id, name in ctl.view.names().items()]
        if rows == self._combatant_rows:
            return
        self._combatant_rows = rows
        self.combatants.clear()
        for combatant_id, text in rows:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, combatant_id)
            self.combatants.addItem(item)
            if combatant_id == current:
                self.combatants.setCurrentItem(item)

    def _weapon_owner(self) -> str | None:
        ctl = self.controller()
        if ctl is None:
            return None
        return self.tools.attacker or ctl.view.current_id() or self.scene.selected_token()

    def _fill_weapons(self) -> None:
        owner = self._weapon_owner()
        ctl = self.controller()
        current = self.weapon_box.currentData()
        self.weapon_box.blockSignals(True)
        self.weapon_box.clear()
        self.weapon_box.addItem("(no weapon)", None)
        if ctl is not None and owner is not None:
            for weapon in ctl.preview.weapons(owner):
                self.weapon_box.addItem(f"{weapon.name} ({ctl.view.name(owner)})", (owner, weapon.id))
        self.weapon_box.setCurrentIndex(max(0, self.weapon_box.findData(current)))
        self.weapon_box.blockSignals(False)

    def weapon(self) -> EquipmentItem | None:
        data, ctl = self.weapon_box.currentData(), self.controller()
        if data is None or ctl is None:
            return None
        owner, weapon_id = data
        return ctl.view.character_of(owner).item(weapon_id)

    def _weapon_changed(self) -> None:
        self.scene.area.clear()

    # -- selection shared with the board ------------------------------------------------------
    def _token_selected(self, combatant_id: str | None) -> None:
        session = self.document.session if self.document is not None else None
        if combatant_id is not None and session is not None and session.encounter_id == self.encounter_id:
            session.select(combatant_id)
        if combatant_id is not None:
            self._choose_in_list(combatant_id)
        self._update_attack()

    def _session_selected(self) -> None:
        session = self.document.session if self.document is not None else None
        if session is None or session.encounter_id != self.encounter_id:
            return
        self.scene.select_token(session.selected_id)
        self._choose_in_list(session.selected_id)
        self._update_attack()

    def show_blast(self, target_id: str, radius: int) -> None:
        """The template a blast centred on the target's token covers (nothing for radius 0)."""
        centre = self.scene.token_cell(target_id)
        if radius > 0 and centre is not None:
            self.tools.show_area(centre, radius)
        else:
            self.scene.area.clear()

    def attack_pair(self) -> tuple[str, str] | None:
        """(attacker, target): the board's current actor (or the Sight tool's attacker) and the selected token."""
        ctl = self.controller()
        target = self.scene.selected_token()
        if ctl is None or target is None:
            return None
        attacker = self.tools.attacker or ctl.view.current_id()
        if attacker is None or attacker == target or self.scene.token_cell(attacker) is None:
            return None
        return attacker, target

    def _update_attack(self) -> None:
        pair = self.attack_pair()
        ctl = self.controller()
        running = ctl is not None and ctl.view.encounter.started and not ctl.view.encounter.ended
        self.act_attack.setEnabled(pair is not None and running)
        if pair is not None:
            self.tools.show_cover(*pair)
        elif self.tools.tool is not Tool.SIGHT:
            self.scene.sight.clear()
        self._fill_weapons()

    # -- intents --------------------------------------------------------------------------------
    def _push(self, command: Command) -> None:
        if self.document is not None:
            self.document.push(command)

    def _refused(self, reason: str) -> None:
        self.info.setText(reason)
        self.message.emit(reason)

    def new_map(self) -> None:
        if self.document is None:
            return
        battle_map = NewMapDialog.ask(self)
        if battle_map is not None:
            self._push(AddBattleMap(battle_map))
            self.show_map(battle_map.id)

    def rename_map(self) -> None:
        battle_map = self.scene.battle_map
        if battle_map is None or self.document is None:
            return
        name = Ask.text(self, "Rename battle map", "New name:", battle_map.name)
        if name and name.strip() and name.strip() != battle_map.name:
            self._push(SetMapField(self.document.campaign, battle_map.id, "name", name.strip(),
                                   f"Rename map to “{name.strip()}”"))

    def delete_map(self) -> None:
        battle_map = self.scene.battle_map
        if battle_map is None or self.document is None:
            return
        if Ask.yes_no(self, "Delete battle map", f"Delete {battle_map.name}? (Undo brings it back.)"):
            self._push(RemoveBattleMap(self.document.campaign, battle_map.id))

    def edit_scale(self) -> None:
        battle_map = self.scene.battle_map
        if battle_map is None or self.document is None:
            return
        text = Ask.text(self, "Metres per cell", "Metres per cell:", f"{battle_map.metres_per_cell:g}")
        if text is None:
            return
        try:
            self._push(SetMapField(self.document.campaign, battle_map.id, "metres_per_cell", float(text)))
        except ValueError:
            Ask.error(self, "Metres per cell", f"{text!r} is not a length above 0")

    def edit_background(self) -> None:
        battle_map = self.scene.battle_map
        if battle_map is None or self.document is None:
            return
        answer = BackgroundDialog.ask(self, battle_map.background)
        if answer is not None and answer[0] != battle_map.background:
            self._push(SetMapField(self.document.campaign, battle_map.id, "background", answer[0],
                                   "Set background image" if answer[0] else "Remove background image"))

    def link_encounter(self) -> None:
        ctl = self._fight()
        map_id = self.map_id()
        if ctl is None or map_id is None or self.document is None:
            self._refused("Choose an encounter on the Encounter board first")
            return
        self._push(LinkEncounterMap(self.document.campaign, ctl.encounter_id, map_id))

    def attack(self) -> None:
        pair, ctl = self.attack_pair(), self.controller()
        if pair is None or ctl is None or self.document is None:
            return
        attacker, target = pair
        def applied(event: EncounterEvent) -> None:
            self._push(event)
            self.tools.show_landing(event.result, attacker, target)

        if self.attack_panel is not None:        # part of the fight workspace: the attack opens in its panel
            self.attack_panel.open(ctl, attacker, target, applied)
            return
        try:
            event = AttackDialog.ask(self, ctl, attacker, target, self.show_blast)
        except ValueError as exc:
            Ask.error(self, "Attack", str(exc))
            return
        if event is not None:
            applied(event)
