"""The Edit menu's commands over the open campaign as a whole: its rule options and its equipment catalogue."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from crisis_desktop.ui.dialogs.ask import Ask

if TYPE_CHECKING:
    from crisis_desktop.ui.dialogs.catalogue_editor import CatalogueEditor
    from crisis_desktop.ui.document import CampaignDocument


class CampaignEdits(QObject):
    """Rule Options and Equipment Catalogue over `document()` (the open campaign; None: nothing is open); `window`
    is the parent of the dialogs and of the catalogue's editor (`catalogue_editor`, one per open campaign).

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    def __init__(self, window: QWidget, document: Callable[[], CampaignDocument | None]) -> None:
        super().__init__(window)
        self._window = window
        self._document = document
        self.catalogue_editor: CatalogueEditor | None = None

    def edit_rule_options(self) -> None:
        from crisis_desktop.controller.rules_change import change_rules
        from crisis_desktop.rules.registry import get_ruleset
        from crisis_desktop.ui.dialogs.rule_options import RuleOptionsDialog

        document = self._document()
        if document is None:
            return
        campaign = document.campaign
        try:
            ruleset = get_ruleset(campaign.ruleset)
        except KeyError as exc:
            Ask.error(self._window, "Rule options", str(exc))
            return
        chosen = RuleOptionsDialog.ask(ruleset, campaign.rule_options, self._window)
        if chosen is not None and chosen != campaign.rule_options:
            document.push(change_rules(campaign, "rule_options", chosen))

    def edit_catalogue(self) -> None:
        """Edit › Equipment Catalogue: one editor window per open campaign, raised if already open."""
        from crisis_desktop.rules.registry import get_ruleset
        from crisis_desktop.ui.dialogs.catalogue_editor import CatalogueEditor

        document = self._document()
        if document is None:
            return
        if self.catalogue_editor is not None and self.catalogue_editor.document is document:
            self.catalogue_editor.raise_()
            self.catalogue_editor.activateWindow()
            return
        try:
            ruleset = get_ruleset(document.campaign.ruleset)
        except KeyError as exc:
            Ask.error(self._window, "Equipment catalogue", str(exc))
            return
        editor = CatalogueEditor(document, ruleset, self._window)
        editor.message.connect(self.message)
        editor.finished.connect(lambda _r: setattr(self, "catalogue_editor", None))
        self.catalogue_editor = editor
        editor.show()

    def close_catalogue(self) -> None:
        """The campaign closes: so does its catalogue's editor."""
        if self.catalogue_editor is not None:
            self.catalogue_editor.reject()
