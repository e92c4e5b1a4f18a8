"""The battle map's tools: paint strokes (brush, rectangle, line, erase), token moves, measure, line of sight.

Each tool reads the view's cell signals and draws its overlay while the mouse is down; on release it pushes
one command (a paint stroke, a move) or leaves its measurement on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QObject, Qt, Signal
from PySide6.QtGui import QColor, QPen

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.fog_commands import RevealCells
from crisis_desktop.controller.map_commands import PaintCells, SetToken
from crisis_desktop.domain.battle_map import Cell
from crisis_desktop.rules.base import AttackResult, Scatters
from crisis_desktop.rules.kernel.geometry import CoverResult, area_template, trace
from crisis_desktop.rules.kernel.map_reading import map_span, read_map, span_lines
from crisis_desktop.ui.battlemap.moves import cover_for_rules, decide_move, move_command
from crisis_desktop.ui.battlemap.scene import MapScene

if TYPE_CHECKING:
    from crisis_desktop.controller.encounter import EncounterController
    from crisis_desktop.domain.character import EquipmentItem

Coord = tuple[int, int]

STROKE = QColor(40, 120, 255, 90)
PATH_OK = QColor(40, 170, 90, 110)
PATH_BAD = QColor(200, 40, 40, 110)
TRACED = QColor(60, 120, 230, 60)
SOURCE = QColor(255, 60, 0, 150)
AREA = QColor(230, 60, 0)


class Tool(StrEnum):
    SELECT = "select"       # select tokens; drag one to move it
    BRUSH = "brush"
    RECTANGLE = "rectangle"
    LINE = "line"
    ERASE = "erase"
    MEASURE = "measure"
    PLACE = "place"         # put the chosen combatant on the clicked cell
    SIGHT = "sight"         # click the attacker's token, then the target's
    REVEAL = "fog_reveal"   # fog of war: show a rectangle of cells to the players
    HIDE = "fog_hide"       # fog of war: cover a rectangle of cells again


class MapTools(QObject):
    """Turns the view's cell signals into overlays and commands for the current tool.

    Signals:
        info(str): what the tool shows now (a move's cost, a measure, the cover), for the place's status line.
        refused(str): a move the rules refuse, with the reason.
    """

    info = Signal(str)
    refused = Signal(str)

    def __init__(self, scene: MapScene, push: Callable[[Command], None],
                 controller: Callable[[], EncounterController | None], brush: Callable[[], Cell],
                 weapon: Callable[[], EquipmentItem | None], to_place: Callable[[], str | None]) -> None:
        super().__init__(scene)
        self.scene = scene
        self._push, self._controller, self._brush = push, controller, brush
        self._weapon, self._to_place = weapon, to_place
        self.tool = Tool.SELECT
        self._anchor: Coord | None = None
        self._stroke: set[Coord] = set()
        self._last: Coord | None = None
        self._dragging: str | None = None       # combatant id of the token being dragged
        self._free = False
        self.attacker: str | None = None        # the sight tool's first click
        self.cover: CoverResult | None = None   # the pair shown by the sight overlay
        scene.stepChanged.connect(self._step_changed)

    def set_tool(self, tool: Tool) -> None:
        self.cancel()
        self.tool = tool
        self.attacker = None

    def _step_changed(self) -> None:
        """The fight moved on: the scene cleared the last step's overlays; a half-made sight pair goes too."""
        self.attacker, self.cover = None, None

    def cancel(self) -> None:
        self._anchor, self._last, self._dragging = None, None, None
        self._stroke = set()
        self.scene.preview.clear()
        self.scene.move.clear()

    # -- view signals -------------------------------------------------------------------------
    def pressed(self, cell: Coord | None, modifiers: Qt.KeyboardModifier) -> None:
        if cell is None or self.scene.battle_map is None:
            return
        self._anchor = self._last = cell
        tool = self.tool
        if tool in (Tool.BRUSH, Tool.ERASE):
            self._stroke = {cell}
            self._show_stroke()
        elif tool in (Tool.RECTANGLE, Tool.LINE, Tool.REVEAL, Tool.HIDE):
            self._stroke = self._shape(cell, cell)
            self._show_stroke()
        elif tool is Tool.SELECT:
            token = self.scene.token_at(cell)
            self.scene.select_token(token)
            self.scene.tokenSelected.emit(token)
            self._dragging = token
            self._free = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
        elif tool is Tool.MEASURE:
            self.measure(cell, cell)
        elif tool is Tool.PLACE:
            self.place(self._to_place(), cell)
        elif tool is Tool.SIGHT:
            self._sight_click(cell)

    def dragged(self, cell: Coord | None) -> None:
        if self._anchor is None or cell is None:
            return
        tool = self.tool
        if tool in (Tool.BRUSH, Tool.ERASE):
            # Fast drags skip cells: fill the gap along the line from the last cell.
            self._stroke |= self._shape(self._last or cell, cell)
            self._show_stroke()
        elif tool in (Tool.RECTANGLE, Tool.LINE, Tool.REVEAL, Tool.HIDE):
            self._stroke = self._shape(self._anchor, cell)
            self._show_stroke()
        elif tool is Tool.SELECT and self._dragging is not None:
            self._show_move(self._dragging, cell)
        elif tool is Tool.MEASURE:
            self.measure(self._anchor, cell)
        self._last = cell

    def released(self, cell: Coord | None) -> None:
        anchor, self._anchor = self._anchor, None
        if anchor is None:
            return
        if self.tool in (Tool.BRUSH, Tool.ERASE, Tool.RECTANGLE, Tool.LINE):
            self._commit_stroke()
        elif self.tool in (Tool.REVEAL, Tool.HIDE):
            self._commit_fog()
        elif self.tool is Tool.SELECT and self._dragging is not None:
            combatant_id, self._dragging = self._dragging, None
            self.scene.move.clear()
            if cell is not None and cell != anchor:
                self.move_token(combatant_id, cell, free=self._free)

    # -- painting -----------------------------------------------------------------------------
    def _shape(self, a: Coord, b: Coord) -> set[Coord]:
        grid = self.scene.grid
        if self.tool in (Tool.RECTANGLE, Tool.REVEAL, Tool.HIDE):
            return {(x, y) for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                    for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)}
        line = trace(grid, a, b)
        # One cell of each squeeze too: a painted diagonal wall must have no gaps a line of sight slips through.
        return set(line.cells) | {p for p, _ in line.squeezes}

    def _show_stroke(self) -> None:
        self.scene.preview.clear()
        self.scene.preview.add_cells(sorted(self._stroke), STROKE, QColor(40, 120, 255))

    def _commit_stroke(self) -> None:
        stroke, self._stroke = self._stroke, set()
        self.scene.preview.clear()
        battle_map = self.scene.battle_map
        if battle_map is None or not stroke:
            return
        template = Cell(x=0, y=0) if self.tool is Tool.ERASE else self._brush()
        what = "Erase" if self.tool is Tool.ERASE else f"Paint {self.tool.value}"
        try:
            command = PaintCells(battle_map, {xy: template.model_copy(update={"x": xy[0], "y": xy[1]})
                                              for xy in stroke},
                                 f"{what}: {len(stroke)} cell{'s' if len(stroke) != 1 else ''}")
        except ValueError as exc:       # a map holds a bounded number of kinds of paint
            self.refused.emit(str(exc))
            return
        if not command.empty:
            self._push(command)

    def _commit_fog(self) -> None:
        """Reveal or hide the dragged rectangle for the players: one undo step (nothing if nothing changes)."""
        stroke, self._stroke = self._stroke, set()
        self.scene.preview.clear()
        battle_map, campaign = self.scene.battle_map, self.scene.campaign
        if battle_map is None or campaign is None or not stroke:
            return
        command = RevealCells(campaign, battle_map.id, stroke, reveal=self.tool is Tool.REVEAL)
        if not command.empty:
            self._push(command)
            if not battle_map.fog:
                self.info.emit(f"{command.text}; the fog of war is off, so the players see the whole map")

    # -- tokens -------------------------------------------------------------------------------
    def _show_move(self, combatant_id: str, goal: Coord) -> None:
        start = self.scene.token_cell(combatant_id)
        overlay = self.scene.move
        overlay.clear()
        if start is None or goal == start:
            return
        decision = decide_move(self._controller(), self.scene.terrain, combatant_id, start, goal,
                               self.scene.occupied(besides=combatant_id), free=self._free)
        colour = PATH_OK if decision.allowed else PATH_BAD
        cells = decision.path.cells[1:] if decision.path else (goal,)
        overlay.add_cells(cells, colour)
        overlay.set_label(decision.text, self.scene.centre(goal), colour.darker(200))
        self.info.emit(decision.text)

    def move_token(self, combatant_id: str, goal: Coord, *, free: bool = False) -> bool:
        """Move a token by the rules (AP spent with the move, one undo step); False with the reason if refused."""
        battle_map = self.scene.battle_map
        start = self.scene.token_cell(combatant_id)
        if battle_map is None or start is None:
            return False
        ctl = self._controller()
        decision = decide_move(ctl, self.scene.terrain, combatant_id, start, goal,
                               self.scene.occupied(besides=combatant_id), free=free)
        try:
            command = move_command(ctl, battle_map.id, combatant_id, goal, decision)
        except ValueError as exc:
            self.refused.emit(str(exc))
            return False
        self._push(command)
        self.info.emit(decision.text)
        return True

    def nudge(self, dx: int, dy: int) -> None:
        """Arrow keys: the GM shifts the selected token one cell (no AP; drag to move by the rules)."""
        combatant_id = self.scene.selected_token()
        start = self.scene.token_cell(combatant_id) if combatant_id else None
        if combatant_id is None or start is None:
            return
        goal = (start[0] + dx, start[1] + dy)
        if self.scene.grid.contains(goal) and goal not in self.scene.occupied(besides=combatant_id):
            self.move_token(combatant_id, goal, free=True)

    def place(self, combatant_id: str | None, cell: Coord) -> None:
        """Put a combatant's token on a cell (from the Place tool or a drop from the list)."""
        battle_map = self.scene.battle_map
        if combatant_id is None or battle_map is None:
            self.refused.emit("Choose a combatant to place first")
            return
        holder = self.scene.token_at(cell)
        if holder == combatant_id:
            return
        if holder is not None:
            self.refused.emit(f"{cell} is taken")
            return
        ctl = self._controller()
        name = ctl.view.name(combatant_id) if ctl is not None else "token"
        self._push(SetToken(battle_map.id, combatant_id, cell, f"Place {name} at {cell}"))
        self.scene.select_token(combatant_id)
        self.scene.tokenSelected.emit(combatant_id)

    # -- measuring ----------------------------------------------------------------------------
    def measure(self, a: Coord, b: Coord) -> str:
        """Distance between two cells as the rules read it (the attack view's reading when the map has a fight, else
        the same rules' reading of the bare cells), with the chosen weapon there and its blast; shown and returned."""
        scene = self.scene
        overlay = scene.measure
        overlay.clear()
        scene.area.clear()
        weapon = self._weapon()
        ctl = self._controller()
        lines = self._reading_lines(a, b, weapon)
        if weapon is not None:
            attacks = ctl.ruleset.attacks if ctl else None
            radius = attacks.blast_radius(weapon) if attacks is not None else None
            if radius:
                self.show_area(b, radius)
                lines.append(f"blast radius {radius}")
        overlay.add_cells({a, b}, QColor(255, 255, 255, 0), QColor(20, 20, 20))
        overlay.add_line(scene.centre(a), scene.centre(b), QPen(QColor(20, 20, 20), scene.size * 0.06,
                                                                Qt.PenStyle.DashLine))
        text = "\n".join(lines)
        overlay.set_label(text, scene.centre(b))
        self.info.emit(" · ".join(lines))
        return text

    def _reading_lines(self, a: Coord, b: Coord, weapon: EquipmentItem | None) -> list[str]:
        """The map's reading between two cells, in lines: the fight's (controller) when the map has one, else the
        campaign's rules over the bare cells; never a reading of the map's own."""
        ctl = self._controller()
        found = ctl.preview.measure_cells(a, b, weapon) if ctl is not None else None
        if found is not None:
            return list(found.lines)
        scene = self.scene
        rules = scene.ruleset
        options = scene.campaign.rule_options if scene.campaign is not None else {}
        span = map_span(rules, scene.terrain, a, b, options=options)
        return span_lines(span, read_map(rules, span, weapon, options))

    def show_area(self, centre: Coord, radius: int) -> dict[Coord, int]:
        """The blast template: darker nearer the centre (one die less per tile out)."""
        template = area_template(self.scene.grid, centre, radius)
        overlay = self.scene.area
        overlay.clear()
        for xy, distance in template.items():
            colour = QColor(AREA)
            colour.setAlpha(int(150 - 90 * distance / max(1, radius)))
            overlay.add_cells([xy], colour)
        return template

    # -- line of sight and cover --------------------------------------------------------------
    def _sight_click(self, cell: Coord) -> None:
        token = self.scene.token_at(cell)
        if token is None:
            self.refused.emit("Click a token: first the attacker, then the target")
            return
        if self.attacker is None or self.attacker == token:
            self.attacker = token
            self.scene.sight.clear()
            self.info.emit("Now click the target's token")
            return
        attacker, self.attacker = self.attacker, None
        self.show_cover(attacker, token)

    def show_cover(self, attacker_id: str, target_id: str) -> CoverResult | None:
        """Draw the traced line from the attacker to the target and the cell giving the cover."""
        scene = self.scene
        a, t = scene.token_cell(attacker_id), scene.token_cell(target_id)
        overlay = scene.sight
        overlay.clear()
        self.cover = None
        if a is None or t is None or a == t:
            return None
        ctl = self._controller()
        found = ctl.preview.measure(attacker_id, target_id) if ctl is not None and self._in_fight(ctl, attacker_id,
                                                                                                  target_id) \
            else None
        reading = found.reading if found is not None else \
            cover_for_rules(scene.ruleset, None, scene.terrain, a, t)
        result = self.cover = reading.result
        overlay.add_cells(result.traced[1:-1], TRACED)
        for pair in result.squeezes:
            overlay.add_cells(pair, QColor(60, 120, 230, 30))
        overlay.add_cells(result.source, SOURCE, QColor(160, 20, 0))
        colour = QColor(30, 150, 60) if result.line_of_sight else QColor(200, 30, 30)
        # From disc edge to disc edge, so the line does not hide the tokens' letters.
        line = QLineF(scene.centre(a), scene.centre(t))
        edge = scene.size * 0.42 / max(line.length(), 1e-9)
        overlay.add_line(line.pointAt(edge), line.pointAt(1 - edge), QPen(colour, scene.size * 0.08), arrow=True)
        names = f"{ctl.view.name(attacker_id)} → {ctl.view.name(target_id)}: " if ctl is not None else ""
        head, *band = found.lines if found is not None else self._reading_lines(a, t, None)
        head = f"{names}{head}"
        overlay.set_label("\n".join([head, *band, *reading.reason.split("; ")]), scene.centre(t), colour.darker(150))
        self.info.emit(", ".join([head, *band, reading.reason]))
        return result

    @staticmethod
    def _in_fight(ctl: EncounterController, *combatant_ids: str) -> bool:
        known = {c.id for c in ctl.view.encounter.combatants}
        return all(c in known for c in combatant_ids)

    # -- where a missed area attack landed -----------------------------------------------------------
    def show_landing(self, result: AttackResult, attacker_id: str, target_id: str) -> Coord | None:
        """After a missed area attack of rules where it goes astray (Scatters), an arrow from the target to where
        the rules say it landed; None when nothing went astray."""
        scene, ctl = self.scene, self._controller()
        attacks = ctl.ruleset.attacks if ctl is not None else None
        a, t = scene.token_cell(attacker_id), scene.token_cell(target_id)
        if a is None or t is None or not isinstance(attacks, Scatters):
            return None
        landing = attacks.landing(result, scene.grid, t, a)
        if landing is None:
            return None
        overlay = scene.area
        overlay.clear()
        overlay.add_cells([landing.landing], QColor(AREA.red(), AREA.green(), AREA.blue(), 140), AREA.darker(150))
        overlay.add_line(scene.centre(t), scene.centre(landing.landing), QPen(AREA.darker(130), scene.size * 0.1),
                         arrow=True)
        overlay.set_label(f"Scatter: {landing.description}", scene.centre(landing.landing), AREA.darker(160))
        self.info.emit(f"Scatter: {landing.description}")
        return landing.landing
