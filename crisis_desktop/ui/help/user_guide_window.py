"""Help › User Guide: the Markdown pages shipped in the package, shown offline with links, images and history."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, QSize, Qt, QUrl
from PySide6.QtGui import QImage, QKeySequence, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStyle,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop import user_guide
from crisis_desktop.ui.desktop import Desktop

SCHEME = "guide"
EXTERNAL_SCHEMES = {"http", "https", "mailto"}
MIN_IMAGE_WIDTH = 320
PAGE_MARGIN = 12


def page_url(page: str) -> QUrl:
    return QUrl(f"{SCHEME}:/{page}")


def guide_path(url: QUrl) -> str:
    """The guide-relative path of a guide URL ('screenshots/board.png')."""
    return url.path().lstrip("/")


class GuideBrowser(QTextBrowser):
    """A QTextBrowser that reads pages and images from the package instead of the file system.

    Pages have guide:/ URLs, so relative links and images resolve as they do on disk; web links go to
    the desktop's browser. Pictures wider than the view are scaled down to fit it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)  # links are followed in _follow, to keep web links out of the guide
        self.anchorClicked.connect(self._follow)
        self.document().setDocumentMargin(PAGE_MARGIN)

    def show_page(self, page: str) -> None:
        self.setSource(page_url(page), QTextDocument.ResourceType.MarkdownResource)

    def loadResource(self, kind: int, name: QUrl | str) -> Any:  # Override QTextBrowser::loadResource
        url = QUrl(name)
        if url.scheme() != SCHEME:
            return super().loadResource(kind, url)
        path = guide_path(url)
        item = user_guide.find(path)
        if kind == QTextDocument.ResourceType.ImageResource:
            image = QImage()
            if item is not None:
                image.loadFromData(item.read_bytes())
            return self._fitted(image) if not image.isNull() else None
        if item is None:
            return (f"# Page not found\n\nThe user guide has no page `{path}`.\n\n"
                    f"[Back to the contents](/{user_guide.INDEX_PAGE})\n")
        return item.read_text(encoding="utf-8")

    def _fitted(self, image: QImage) -> QImage:
        # The vertical scroll bar counted whether it shows yet or not: a long page gets one after layout.
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        width = max(MIN_IMAGE_WIDTH, self.contentsRect().width() - scroll_bar - 2 * PAGE_MARGIN - 8)
        if image.width() <= width:
            return image
        return image.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)

    def _follow(self, url: QUrl) -> None:
        if url.scheme() in EXTERNAL_SCHEMES:
            Desktop.open_url(self, url)
        elif url.scheme() == SCHEME:
            self.setSource(url, QTextDocument.ResourceType.MarkdownResource)


class UserGuideWindow(QWidget):
    """The guide's own window: the list of pages, the page, back, forward and contents."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Crisis Desktop User Guide")
        self.browser = GuideBrowser()
        self.pages = QListWidget()
        self.pages.setObjectName("guide-pages")
        self.pages.setWordWrap(True)  # long titles wrap instead of needing a horizontal scroll bar
        self.pages.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.pages.setSpacing(2)
        for page in user_guide.page_names():
            item = user_guide.find(page)
            text = item.read_text(encoding="utf-8") if item is not None else ""
            entry = QListWidgetItem(user_guide.page_title(text, page))
            entry.setData(Qt.ItemDataRole.UserRole, page)
            entry.setToolTip(page)
            self.pages.addItem(entry)
        self.pages.currentItemChanged.connect(self._page_chosen)
        self.browser.sourceChanged.connect(self._source_changed)

        self.back = self._button("Back", QStyle.StandardPixmap.SP_ArrowBack, QKeySequence.StandardKey.Back,
                                 self.browser.backward)
        self.forward = self._button("Forward", QStyle.StandardPixmap.SP_ArrowForward,
                                    QKeySequence.StandardKey.Forward, self.browser.forward)
        self.home = self._button("Contents", QStyle.StandardPixmap.SP_DirHomeIcon, None,
                                 lambda: self.show_page(user_guide.INDEX_PAGE))
        self.back.setEnabled(False)
        self.forward.setEnabled(False)
        self.browser.backwardAvailable.connect(self.back.setEnabled)
        self.browser.forwardAvailable.connect(self.forward.setEnabled)

        bar = QHBoxLayout()
        for button in (self.back, self.forward, self.home):
            bar.addWidget(button)
        bar.addStretch(1)
        splitter = QSplitter()
        splitter.addWidget(self.pages)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 760])
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        self.resize(1000, 720)

    def _button(self, text: str, icon: QStyle.StandardPixmap, key: QKeySequence.StandardKey | None,
                slot: Any) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setIcon(self.style().standardIcon(icon))
        button.setIconSize(QSize(16, 16))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        if key is not None:
            button.setShortcut(QKeySequence(key))
            button.setToolTip(f"{text} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})")
        button.clicked.connect(slot)
        return button

    def show_page(self, page: str = user_guide.INDEX_PAGE) -> None:
        self.browser.show_page(page)

    @property
    def current_page(self) -> str:
        return guide_path(self.browser.source())

    def _page_chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None and item.data(Qt.ItemDataRole.UserRole) != self.current_page:
            self.show_page(item.data(Qt.ItemDataRole.UserRole))

    def _source_changed(self, url: QUrl) -> None:
        """Keep the list on the page shown (after a link, back or forward)."""
        page = guide_path(url)
        title = page
        with QSignalBlocker(self.pages):
            for row in range(self.pages.count()):
                if self.pages.item(row).data(Qt.ItemDataRole.UserRole) == page:
                    self.pages.setCurrentRow(row)
                    title = self.pages.item(row).text()
                    break
            else:
                self.pages.setCurrentRow(-1)
        self.setWindowTitle(f"{title} — Crisis Desktop User Guide")
