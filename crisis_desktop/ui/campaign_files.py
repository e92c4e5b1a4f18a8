"""The main window's campaign file commands: at start-up, crash recovery offered and the campaign to open; new, open
from the list, save (at once, or in the background with a damaged or read-only file asked about first), save as,
duplicate, rename, restore an earlier version, autosave for recovery; and what a failed save tells the GM. The
window (ui/main_window.py) owns them and gives them what they act on; it opens and closes a campaign and shows it."""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from crisis_desktop.storage.demo import DEMO_FILE_NAME
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.storage.settings import AppSettings
from crisis_desktop.ui.dialogs.ask import Ask

if TYPE_CHECKING:
    from crisis_desktop.storage.campaign_store import CampaignStore, ChangedOnDisk
    from crisis_desktop.storage.recovery import Recovery
    from crisis_desktop.ui.document import CampaignDocument

log = logging.getLogger(__name__)


class OpenCampaign(Protocol):
    """The window's opening of a campaign: False if it was not opened (refused, cancelled, unreadable)."""

    def __call__(self, path: Path, quiet: bool = False, recovered: Recovery | None = None) -> bool: ...


class CloseCampaign(Protocol):
    """The window's closing of the campaign: False if the GM cancelled. changes_kept: they are in a copy (Save
    As), nothing is asked."""

    def __call__(self, *, changes_kept: bool = False) -> bool: ...


# What the GM may do when the file changed on disk behind this window: (answer, button).
CHANGED_CHOICES = (("copy", "Save a Copy…"), ("reload", "Reload, Losing My Changes"), ("overwrite", "Overwrite"))


class CampaignFiles(QObject):
    """The File menu's commands. The window makes them, with what they act on:

    - `window`: the widget the dialogs they ask are shown over;
    - `paths`: the app's folders; `settings`: the recent campaigns and the last one open;
    - `document()`: the open campaign (None: nothing is open);
    - `open_campaign(path, quiet, recovered)` and `close_campaign()`: the window's, which show a campaign or stop
      showing it (closing asks about unsaved changes; False if the GM cancels);
    - `settings_problem`: why the settings file was not used (damaged, set aside), said when the window starts.

    They own the campaign store (`store`), made when first needed.

    Signals:
        status(str, int): a line for the window's status bar, for so many milliseconds (0: until another; an
            empty line clears the bar).
    """

    status = Signal(str, int)

    def __init__(self, window: QWidget, paths: AppPaths, settings: AppSettings, *,
                 document: Callable[[], CampaignDocument | None], open_campaign: OpenCampaign,
                 close_campaign: CloseCampaign, settings_problem: str | None = None) -> None:
        super().__init__(window)
        self._window = window
        self._settings_problem = settings_problem
        self.paths = paths
        self.settings = settings
        self._document = document
        self._open_campaign = open_campaign
        self._close_campaign = close_campaign
        self._store: CampaignStore | None = None

    # -- start-up -----------------------------------------------------------------------------
    def start(self, campaign_arg: str | None) -> None:
        """Say what was set aside (damaged settings), offer crash recovery, then open the campaign asked for, the
        last one, or the demo."""
        if self._settings_problem:
            Ask.info(self._window, "Settings kept aside", self._settings_problem)
            self._settings_problem = None
        recovered = self._offer_recovery()
        if recovered:
            return
        if campaign_arg:
            try:
                self._open_campaign(self.store.find(campaign_arg))
            except LookupError as exc:
                Ask.error(self._window, "Open campaign", str(exc))
            return
        last = self.settings.last_campaign
        demo = self.paths.campaigns / DEMO_FILE_NAME
        for candidate in (Path(last) if last else None, demo):
            if candidate is not None and candidate.exists() and self._open_campaign(candidate, quiet=True):
                return
        self.pick_campaign()

    def _offer_recovery(self) -> bool:
        from crisis_desktop.storage.campaign_store import UnsavableCampaign, why_not_written

        damaged = self.store.recovery.set_aside_damaged()
        if damaged:
            Ask.info(self._window, "Recovery files kept aside", "\n\n".join(damaged))
        for recovery in self.store.recovery.list_recoveries():
            if recovery.running:
                continue  # the journal of a window still open (here or in another Crisis Desktop), not a crash's
            when = recovery.saved.astimezone().strftime("%Y-%m-%d %H:%M")
            if Ask.yes_no(self._window, "Recover unsaved changes",
                          f"Crisis Desktop closed without saving “{recovery.campaign_name}” "
                          f"(changes autosaved {when}, for {recovery.original_path}).\n\nRecover those changes?",
                          default_yes=True):
                if recovery.original_missing:
                    # The file itself is gone (deleted or moved): recreate it from the recovered data, in the
                    # campaigns folder whatever the recovery file names.
                    try:
                        path = self.store.recreate(recovery)
                    except (OSError, UnsavableCampaign) as exc:
                        reason = why_not_written(exc, self.paths.campaigns) if isinstance(exc, OSError) else str(exc)
                        Ask.error(self._window, "Recover unsaved changes",
                                  f"Could not write the recovered campaign: {reason}\n\nThe recovered changes "
                                  f"are kept in {recovery.file} for the next start.")
                        continue
                    if path != recovery.original_path:
                        Ask.info(self._window, "Recover unsaved changes",
                                 f"{recovery.original_path} no longer exists. The recovered campaign was saved as "
                                 f"{path.name} in the campaigns folder ({path.parent}).")
                    return self._open_campaign(path)
                if self._open_campaign(recovery.original_path, recovered=recovery):
                    return True
            else:
                self.store.recovery.discard_recovery(recovery)
        return False

    def recovery_for(self, path: Path) -> Recovery | None:
        """Unsaved changes of this campaign left by a crash, if the GM wants them back (else discarded)."""
        wanted = path.resolve()
        recovery = next((r for r in self.store.recovery.list_recoveries()
                         if r.original_path == wanted and not r.running), None)
        if recovery is None:
            return None
        when = recovery.saved.astimezone().strftime("%Y-%m-%d %H:%M")
        if Ask.yes_no(self._window, "Recover unsaved changes",
                      f"“{recovery.campaign_name}” has unsaved changes from {when} that were never saved "
                      "(Crisis Desktop closed without saving).\n\nRecover those changes?", default_yes=True):
            return recovery
        self.store.recovery.discard_recovery(recovery)
        return None

    @property
    def store(self) -> CampaignStore:
        if self._store is None:
            from crisis_desktop.storage.campaign_store import CampaignStore

            self._store = CampaignStore(self.paths)
        return self._store

    def new_campaign(self) -> None:
        from crisis_desktop.ui.dialogs.new_campaign import NewCampaignDialog, create_campaign

        answer = NewCampaignDialog.ask(self._window)
        if answer is None or not self._close_campaign():
            return
        try:
            path = create_campaign(self.store, *answer)
        except OSError as exc:  # a read-only or full data folder
            from crisis_desktop.storage.campaign_store import why_not_written

            Ask.error(self._window, "New campaign", f"Could not create the campaign: "
                                                    f"{why_not_written(exc, self.paths.campaigns)}")
            return
        self._open_campaign(path)

    def pick_campaign(self) -> None:
        from crisis_desktop.ui.dialogs.campaign_picker import CampaignPicker

        document = self._document()
        open_path = document.path if document else None
        chosen = CampaignPicker.ask(self.store, self.settings.recent_paths(), open_path, self._window)
        if chosen is not None:
            self._open_campaign(chosen)

    def save(self) -> bool:
        """Save the open campaign; on any failure say so and keep everything open and unsaved. True if the
        campaign's changes are now in a file (this one, or a copy the window now shows)."""
        from crisis_desktop.storage.campaign_store import CampaignFileError, ChangedOnDisk, ReadOnlyCampaignFile

        document = self._document()
        if document is None:
            return False
        overwrite = {"overwrite_bad": False, "overwrite_read_only": False, "overwrite_changed": False}
        try:
            while True:
                try:
                    document.save(**overwrite)
                    break
                except ChangedOnDisk as exc:
                    if overwrite["overwrite_changed"]:
                        raise
                    answer = self._ask_changed(exc)
                    if answer == "copy":
                        return self.save_as()
                    if answer == "reload":
                        self.reload()
                        return False
                    if answer != "overwrite":
                        return False
                    overwrite["overwrite_changed"] = True
                except CampaignFileError as exc:
                    if overwrite["overwrite_bad"]:
                        raise
                    if not Ask.yes_no(
                            self._window, "Replace damaged file?",
                            f"{exc}\n\nThe file on disk cannot be read. Replace it with this campaign? "
                            "(A copy of the damaged file is kept as a backup.)"):
                        return False
                    overwrite["overwrite_bad"] = True
                except ReadOnlyCampaignFile as exc:
                    if overwrite["overwrite_read_only"]:
                        raise
                    if not Ask.yes_no(
                            self._window, "Read-only file",
                            f"{exc.path} is marked read-only: its permissions say it must not be changed."
                            "\n\nReplace it with this campaign anyway? It stays marked read-only. (The version "
                            "it holds now is kept as a backup.) To leave it as it is, choose No; File › Save "
                            "As… can put your changes in another file."):
                        return False
                    overwrite["overwrite_read_only"] = True
        except Exception as exc:  # noqa: BLE001 - whatever went wrong, the GM's changes must stay open
            log.error("Could not save %s", document.path, exc_info=True)
            Ask.error(self._window, "Save failed", self._save_failure(exc))
            return False
        log.info("Saved campaign “%s” to %s", document.campaign.name, document.path)
        self.status.emit(f"Saved {document.path.name}", 4000)
        return True

    def _ask_changed(self, exc: ChangedOnDisk) -> str:
        """What to do with a file another window or program changed: 'copy', 'reload', 'overwrite' or 'cancel'."""
        path = exc.path
        try:
            when = f" (last changed {datetime.fromtimestamp(path.stat().st_mtime).strftime('%Y-%m-%d %H:%M:%S')})"
        except OSError:
            when = ""
        return Ask.choose(
            self._window, "File changed on disk",
            f"{path} was changed by another window or program{when} after this window opened or last saved it. "
            "Saving here would replace those changes with yours.\n\n"
            "• Save a Copy…: put your changes in a new file, and go on there; the file stays as the other "
            "window saved it.\n"
            "• Reload, Losing My Changes: open the file as it is now; the unsaved changes in this window are lost.\n"
            "• Overwrite: replace the file with this window's campaign; the other window's changes are lost from "
            "it (the version it holds now is kept as a backup: File › Restore Earlier Version…).",
            CHANGED_CHOICES)

    def reload(self) -> None:
        """Read the open campaign's file again as it is on disk now; the unsaved changes here are dropped."""
        from crisis_desktop.storage.campaign_store import CampaignFileError

        document = self._document()
        if document is None:
            return
        try:
            campaign, version = self.store.load_version(document.path)
        except CampaignFileError as exc:
            Ask.error(self._window, "Reload failed", f"{exc}\n\nYour changes are still open.")
            return
        self.store.recovery.discard(document.path)
        document.reload_from(campaign, version)
        log.info("Reloaded %s as another window or program saved it", document.path)
        self.status.emit(f"Reloaded {document.path.name} as it is on disk; the changes made here were dropped", 8000)

    def save_in_background(self) -> None:
        """Save the open campaign without waiting for the disk (a damaged or read-only file on disk asks first,
        as save() does); how it ended is told when it has."""
        from crisis_desktop.storage.campaign_store import UnsavableCampaign

        document = self._document()
        if document is None:
            return
        if not self.store.quick_to_replace(document.path, document.version):
            self.save()
            return
        try:
            document.save_in_background()
        except UnsavableCampaign as exc:
            self.saved_in_background(exc)
            return
        self.status.emit(f"Saving {document.path.name}…", 0)

    def saved_in_background(self, error: BaseException | None) -> None:
        document = self._document()
        if document is None:
            return
        if error is None:
            log.info("Saved campaign “%s” to %s", document.campaign.name, document.path)
            self.status.emit(f"Saved {document.path.name}", 4000)
            return
        from crisis_desktop.storage.campaign_store import ChangedOnDisk

        if isinstance(error, ChangedOnDisk):
            # Another save replaced the file between the check and this one: nothing was written; ask now.
            self.status.emit("", 0)
            self.save()
            return
        log.error("Could not save %s", document.path, exc_info=error)
        self.status.emit("", 0)
        Ask.error(self._window, "Save failed", self._save_failure(error if isinstance(error, Exception) else
                                                                  RuntimeError(str(error))))

    def _save_failure(self, exc: Exception) -> str:
        """What a failed save tells the GM: why, that nothing on disk changed, where the changes are now, and
        what to do (another folder: Save As to the same one would fail the same way)."""
        from crisis_desktop.storage.campaign_store import why_not_written

        document = self._document()
        assert document is not None
        path = document.path
        reason = why_not_written(exc, path.parent) if isinstance(exc, OSError) else str(exc)
        where = ""
        if document.dirty:
            try:
                kept = document.write_recovery()
                where = f", and a copy for recovery was written to {kept}"
            except OSError as recovery_exc:
                why = why_not_written(recovery_exc, self.paths.recovery)
                where = f", but no copy for recovery could be written either ({why})"
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM):
            advice = ("To keep them, use File › Save As… and choose a folder on another disk (or free some space, "
                      "or make the folder writable, and save again).")
        else:
            advice = "To keep them elsewhere, use File › Save As… and choose another folder."
        return (f"Could not save {path}:\n{reason}\n\nNothing on disk was changed: the file and its earlier "
                f"versions are as they were. Your changes are still open{where}.\n\n{advice}")

    def save_as(self) -> bool:
        """Save a copy under a new name, in any folder (the campaigns folder is offered first), and go on there.
        The file the window showed stays as it was last saved, and is not marked saved: its changes went into
        the copy. True if the copy was written."""
        from crisis_desktop.storage.campaign_store import CampaignFileError, UnsavableCampaign, why_not_written

        document = self._document()
        if document is None:
            return False
        document.wait_for_save()  # the file settles before a copy of the campaign goes elsewhere
        name = Ask.text(self._window, "Save as", "Name of the new campaign:", document.campaign.name)
        if name is None:
            return False
        target = Ask.save_file(self._window, "Save as", str(self.store.unique_path(name)))
        if target is None:
            return False
        try:
            path = self.store.save_as(document.campaign, name, target)
        except OSError as exc:
            Ask.error(self._window, "Save failed",
                      f"Could not save {target}:\n{why_not_written(exc, target.parent)}\n\n"
                      "Your changes are still open: choose another folder.")
            return False
        except (ValueError, CampaignFileError, UnsavableCampaign) as exc:  # ValueError: the name is refused
            Ask.error(self._window, "Save failed", str(exc))
            return False
        # The copy holds every change: the window goes over to it without asking, and the journal of the changes
        # made to the original goes (they are in the copy). The original is left as it is on disk.
        if not self._close_campaign(changes_kept=True):
            return True
        if not self._open_campaign(path):
            Ask.error(self._window, "Save as", f"Your changes were saved in {path}, but it could not be opened "
                                               "here: open it with File › Open.")
        return True

    def duplicate(self) -> None:
        if self._document() is None or not self.save_if_dirty("Duplicate"):
            return
        document = self._document()  # saving may have gone over to a copy (the file had changed on disk)
        if document is None:
            return
        name = Ask.text(self._window, "Duplicate campaign", "Name of the copy:", f"{document.campaign.name} (copy)")
        if name is None:
            return
        from crisis_desktop.storage.campaign_store import CampaignFileError

        try:
            path = self.store.duplicate(document.path, name)
        except (OSError, ValueError, CampaignFileError) as exc:  # ValueError: the name is refused
            Ask.error(self._window, "Duplicate failed", str(exc))
            return
        self.status.emit(f"Copied to {path.name}", 5000)

    def rename(self) -> None:
        from crisis_desktop.controller.commands import SetCampaignField

        document = self._document()
        if document is None:
            return
        name = Ask.text(self._window, "Rename campaign", "New name:", document.campaign.name)
        if name is None or name == document.campaign.name:
            return
        try:
            command = SetCampaignField(document.campaign, "name", name, f"Rename to “{name}”")
        except ValueError as exc:  # pydantic refuses it (too long): say why, change nothing
            Ask.error(self._window, "Rename", str(exc))
            return
        document.push(command)

    def restore_backup(self) -> None:
        from crisis_desktop.storage.campaign_store import CampaignFileError
        from crisis_desktop.ui.dialogs.backups import BackupPicker

        document = self._document()
        if document is None:
            return
        backup = BackupPicker.ask(self.store, document.path, self._window)
        if backup is None:
            return
        if document.dirty and not Ask.yes_no(
                self._window, "Restore earlier version", "Unsaved changes will be lost. Restore anyway?"):
            return
        try:
            self.store.restore_backup(document.path, backup)
            campaign, version = self.store.load_version(document.path)
        except (CampaignFileError, OSError) as exc:
            log.warning("Could not restore %s from %s: %s", document.path, backup.path, exc)
            Ask.error(self._window, "Restore failed", str(exc))
            return
        self.store.recovery.discard(document.path)
        document.reload_from(campaign, version)
        log.info("Restored %s from the backup %s", document.path, backup.path)
        self.status.emit("Restored the earlier version; the replaced one is kept as a backup", 6000)

    def save_if_dirty(self, what: str) -> bool:
        document = self._document()
        if document is None or not document.dirty:
            return True
        if Ask.yes_no(self._window, what, "The campaign has unsaved changes. Save them first?", default_yes=True):
            return self.save()
        return False

    def autosave(self) -> None:
        document = self._document()
        if document is not None:
            try:
                if document.autosave():
                    self.status.emit("Unsaved changes autosaved for recovery", 3000)
            except Exception as exc:  # noqa: BLE001 - a timer slot must not die; say what happened
                log.error("Autosave of %s failed", document.path, exc_info=True)
                self.status.emit(f"Autosave failed: {exc}", 10_000)

    def save_for_recovery(self) -> Path | None:
        """Write unsaved changes to the recovery file now (after an unexpected error); that file, or None."""
        document = self._document()
        if document is None or not document.dirty:
            return None
        return document.write_recovery()
