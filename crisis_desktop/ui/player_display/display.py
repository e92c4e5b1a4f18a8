"""The player display window: round, turn order and the battle map in large type, for the players' screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPaintEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import (
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.fight import FightView
from crisis_desktop.ui.battlemap.token_labels import distinct_labels
from crisis_desktop.ui.models.board_model import BoardModel
from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.player_display.health_modes import HealthMode
from crisis_desktop.ui.player_display.map_scene import PlayerMapScene
from crisis_desktop.ui.player_display.models import PlayerBoardProxy
from crisis_desktop.ui.player_display.slot_strip import SlotStrip
from crisis_desktop.ui.player_display.turn_list import LIGHT_WORD_COLOURS, SIDE_COLOURS, WORD_COLOURS, TurnList

if TYPE_CHECKING:
    from crisis_desktop.controller.session import CampaignSession
    from crisis_desktop.domain import Campaign, Encounter

class Theme(TypedDict):
    window: str
    ink: str
    muted: str
    row: QColor
    current: QColor


THEMES: dict[str, Theme] = {
    "dark": {"window": "#17171b", "ink": "#ececec", "muted": "#9a9aa4", "row": QColor(40, 40, 48),
             "current": QColor(72, 57, 12)},
    "light": {"window": "#f4f2ec", "ink": "#1d1d1f", "muted": "#5c5c66", "row": QColor(226, 224, 216),
              "current": QColor(255, 220, 120)},
}
FALLBACK_SIZE = (1024, 640)
# Type sizes at a 1920x1080 screen; smaller screens scale them down (to MIN_SCALE of them at most).
TITLE_POINTS, TEXT_POINTS, ROW_POINTS, MIN_SCALE = 30, 20, 22, 0.55


class ElidedLabel(QLabel):
    """A one-line label that never asks for more width than it gets: a long text is painted ending in "…" (the
    encounter's title beside the round), while text() stays the whole text. Plain text only."""

    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def shown_text(self) -> str:
        """The text as painted: elided to the label's width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802  Override QLabel::paintEvent
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment()), self.shown_text())


class MapOnly(QGraphicsView):
    """The players' map view: what they may see of the map fitted (PlayerMapScene.view_rect), no scroll bars, no
    mouse."""

    def __init__(self, scene: PlayerMapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setInteractive(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        scene.sceneRectChanged.connect(lambda _r: self.fit())

    def fit(self) -> None:
        scene = self.scene()
        area = scene.view_rect() if isinstance(scene, PlayerMapScene) else self.sceneRect()
        self.fitInView(area, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Override QGraphicsView::resizeEvent
        super().resizeEvent(event)
        self.fit()


class PlayerDisplay(QWidget):
    """A borderless top-level window showing the fight to the players.

    The turn order is a PlayerBoardProxy over the board's own model and the map a PlayerMapScene over
    the same campaign, so both follow every command at once; nothing here is copied from the GM's views.
    What else it needs (the encounter on show, its rules, who is in the fog) comes from the session.
    """

    def __init__(self, board_model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.FramelessWindowHint)
        self.setObjectName("player-display")
        self.setWindowTitle("Crisis Desktop — player display")
        self.session: CampaignSession | None = None
        self.encounter_id: str | None = None
        self.fight: FightView | None = None
        self.theme = "dark"
        self.proxy = PlayerBoardProxy(parent=self)
        self.proxy.setSourceModel(board_model)
        self.scene = PlayerMapScene(self)
        # The encounter's name and the round in large type on the players' screen: never read as markup.
        self.title = ElidedLabel()
        self.title.setObjectName("player-title")
        self.round_label = plain_label()
        self.round_label.setObjectName("player-round")
        self.round_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        # Under rules of side slots: the round's slots and the side acting now.
        self.slots = SlotStrip(SIDE_COLOURS)
        self.turns = TurnList()
        self.turns.setModel(self.proxy)
        for signal in (self.proxy.rowsInserted, self.proxy.rowsRemoved, self.proxy.modelReset,
                       self.proxy.layoutChanged):
            signal.connect(self._fit_rows)
        self.map_view = MapOnly(self.scene)
        self.no_map = QLabel("No battle map for this fight")
        self.no_map.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.map_stack = QStackedWidget()
        self.map_stack.addWidget(self.map_view)
        self.map_stack.addWidget(self.no_map)
        self.blank_page = QWidget()
        self.blank_page.setObjectName("player-blank")
        self._layout()
        self.scale = 1.0
        self.set_theme("dark")

    def _layout(self) -> None:
        content = QWidget()
        header = QHBoxLayout()
        header.addWidget(self.title, 1)
        header.addWidget(self.round_label)
        body = QHBoxLayout()
        body.setSpacing(18)
        body.addWidget(self.turns, 3)
        body.addWidget(self.map_stack, 5)
        column = QVBoxLayout(content)
        column.setContentsMargins(18, 12, 18, 18)
        column.addLayout(header)
        column.addWidget(self.slots)
        column.addLayout(body, 1)
        self.pages = QStackedWidget()
        self.pages.addWidget(content)
        self.pages.addWidget(self.blank_page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)

    # -- what is shown ------------------------------------------------------------------------
    @property
    def campaign(self) -> Campaign | None:
        return self.session.campaign if self.session is not None else None

    def show_encounter(self, session: CampaignSession | None) -> None:
        """Follow the encounter the session has on show (the board's proxy follows the board by itself)."""
        self.session = session
        campaign, ruleset = (session.campaign, session.ruleset) if session is not None else (None, None)
        self.encounter_id = session.encounter_id if session is not None else None
        self.fight = FightView(campaign, self.encounter_id, ruleset) \
            if campaign is not None and self.encounter_id is not None and ruleset is not None else None
        encounter = self._encounter()
        map_id = encounter.battle_map_id if encounter is not None else None
        self.scene.show_map(campaign if map_id else None, map_id, self.encounter_id, ruleset)
        self.map_stack.setCurrentIndex(0 if map_id else 1)
        self.map_view.fit()
        self._update_fog()
        self._update_header()

    def apply_changes(self, changes: ChangeSet) -> None:
        """The document's changed signal: the map from the change set, who is in the fog, the round line."""
        encounter = self._encounter()
        if encounter is not None and encounter.battle_map_id != self.scene.map_id:
            self.show_encounter(self.session)
            return
        self.scene.apply_changes(changes)
        if changes.cells or changes.battle_maps or changes.combatants:
            self.map_view.fit()         # a reveal, the fog switched, a token moved: what the players see changed
        # Fog, tokens, sides and kinds: only changes of cells, maps, combatants or characters move anyone in or
        # out of the fog.
        if changes.cells or changes.battle_maps or changes.combatants or changes.encounters or changes.characters \
                or changes.campaign_fields:
            self._update_fog()
        self._update_header()

    def _update_fog(self) -> None:
        """Who the fog hides now, and with it the token labels: made of what the players see only, so that no
        label tells of a fighter they do not see (R1 and R3 would tell of a hidden R2)."""
        session = self.session
        fogged = session.hidden_by_fog(self.encounter_id) \
            if session is not None and self.encounter_id is not None else frozenset()
        self.proxy.set_fogged(fogged)
        encounter = self._encounter()
        names: dict[str, str] = {}
        if encounter is not None and self.campaign is not None:
            for c in encounter.combatants:
                if not c.hidden and c.id not in fogged and self.campaign.has_character(c.character_id):
                    names[c.id] = self.campaign.character(c.character_id).name
        labels = distinct_labels(names)
        self.proxy.set_labels(labels)
        self.scene.set_labels(labels)

    def _encounter(self) -> Encounter | None:
        if self.campaign is None or self.encounter_id is None:
            return None
        try:
            return self.campaign.encounter(self.encounter_id)
        except KeyError:
            return None

    def _update_header(self) -> None:
        encounter = self._encounter()
        self.title.setText(encounter.name if encounter is not None else "")
        if encounter is None or self.fight is None:
            text = ""
        elif encounter.ended:
            text = "Fight over"
        elif not encounter.started:
            text = "Get ready"
        else:
            text = self.fight.round_label()
        running = encounter is not None and self.fight is not None and encounter.running
        if running and encounter is not None and self.fight is not None:
            # What the players do not see of the fight is neither told nor hinted by the slots.
            unseen = {c.id for c in encounter.combatants if c.hidden}
            if not self.proxy.fogged_as_unknown:
                unseen |= self.proxy.fogged
            self.slots.set_rows(self.fight.order_rows(), unseen, {c.id: c.side.value for c in encounter.combatants})
            now = next((slot for slot in self.slots.slots if slot.state == "now"), None)
            if self.slots.slots:        # the round and the slot the players see acting, as the slots tell it
                text = f"Round {encounter.round}" + (f" · {now.label}" if now is not None else "")
        else:
            self.slots.set_rows([])
        self.round_label.setText(text)

    # -- look ---------------------------------------------------------------------------------
    def set_theme(self, theme: str) -> None:
        """"dark" or "light": window, text and row colours (the fog stays dark in both)."""
        self.theme = theme if theme in THEMES else "dark"
        colours = THEMES[self.theme]
        title, text = round(TITLE_POINTS * self.scale), round(TEXT_POINTS * self.scale)
        self.setStyleSheet(
            f"#player-display, #player-blank {{ background: {colours['window']}; }}"
            f"QLabel {{ color: {colours['ink']}; }}"
            f"#player-title {{ font-size: {title}pt; font-weight: bold; }}"
            f"#player-round {{ font-size: {title}pt; font-weight: bold; }}"
            f"QListView, QGraphicsView, QStackedWidget {{ background: {colours['window']}; border: none; }}"
            f"QLabel {{ font-size: {text}pt; }}")
        delegate = self.turns.delegate
        delegate.ink = QColor(colours["ink"])
        delegate.muted = QColor(colours["muted"])
        delegate.word_colours = WORD_COLOURS if self.theme == "dark" else LIGHT_WORD_COLOURS
        delegate.row_fill = colours["row"]
        delegate.current_fill = colours["current"]
        self.slots.ink = QColor(colours["ink"])
        self.slots.muted = QColor(colours["muted"])
        self.slots.update()
        self.scene.setBackgroundBrush(QColor(colours["window"]))
        self.turns.viewport().update()

    def set_health_modes(self, modes: dict[str, HealthMode]) -> None:
        """How each side's health shows, in the turn order and under the tokens alike."""
        for side, mode in modes.items():
            self.proxy.set_health_mode(side, mode)
        self.scene.set_health_modes(modes)

    # -- size -----------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  Override QWidget::resizeEvent
        """Type scaled to the screen (a 1024x640 projector gets smaller letters than a 1920x1080 TV), so the title
        and the round share the top line and every row of the turn order fits."""
        scale = max(MIN_SCALE, min(1.0, event.size().width() / 1920, event.size().height() / 1080))
        if abs(scale - self.scale) > 0.01:
            self.scale = scale
            self.set_theme(self.theme)
            self.slots.setFixedHeight(max(30, round(50 * scale)))
        super().resizeEvent(event)
        self._fit_rows()

    def _fit_rows(self, *_args: object) -> None:
        """The largest row type (at most ROW_POINTS) with which every row of the turn order is in view."""
        delegate = self.turns.delegate
        rows = self.proxy.rowCount()
        height = self.turns.viewport().height() if self.turns.isVisible() else self.height() - 160
        points = ROW_POINTS
        while points > 9 and rows * delegate.row_height(points) > height:
            points -= 1
        if points != delegate.point_size:
            delegate.point_size = points
            self.turns.reset()      # uniform rows: the view asks their height again

    def set_blank(self, blank: bool) -> None:
        """Blank the screen (the GM is preparing something) or show the fight again."""
        self.pages.setCurrentIndex(1 if blank else 0)

    @property
    def blank(self) -> bool:
        return self.pages.currentIndex() == 1

    # -- where it is shown --------------------------------------------------------------------
    def show_on(self, screen: QScreen | None) -> None:
        """Full screen on `screen`; with None, a normal window on the main screen (the fallback)."""
        handle = self.windowHandle()
        if screen is None:
            primary = QGuiApplication.primaryScreen()
            if self.isFullScreen():
                self.showNormal()
            if handle is not None and primary is not None:
                handle.setScreen(primary)
            if primary is not None:
                area = primary.availableGeometry()
                width, height = min(FALLBACK_SIZE[0], area.width()), min(FALLBACK_SIZE[1], area.height())
                self.setGeometry(QRect(area.center().x() - width // 2, area.center().y() - height // 2,
                                       width, height))
            self.showNormal()
            return
        if handle is not None:
            handle.setScreen(screen)
        # Placing the window on the screen first makes every platform open it full screen there.
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        if self.windowHandle() is not None and self.windowHandle().screen() is not screen:
            self.windowHandle().setScreen(screen)
            self.setGeometry(screen.geometry())
