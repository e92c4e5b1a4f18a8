"""The main window's campaign file commands: at start-up, crash recovery offered and the campaign to open; new, open
from the list, save (at once, or in the background with a damaged or read-only file asked about first), save as,
duplicate, rename, restore an earlier version, autosave for recovery; and what a failed save tells the GM. The
window (ui/main_window.py) adds its places, menus and the opening and closing of a campaign."""

from __future__ import annotations

import errno
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

from crisis_desktop.storage.demo import DEMO_FILE_NAME
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.storage.settings import AppSettings
from crisis_desktop.ui.dialogs.ask import Ask

if TYPE_CHECKING:
    from crisis_desktop.storage.campaign_store import CampaignStore
    from crisis_desktop.storage.recovery import Recovery
    from crisis_desktop.ui.document import CampaignDocument

log = logging.getLogger(__name__)


class CampaignFileCommands(QMainWindow):
    """The File menu's commands over the open `document` (None: nothing is open), the app's `paths` and the
    `settings` (recent campaigns); the window opens and closes campaigns (`open_campaign`, `close_campaign`)."""

    document: CampaignDocument | None
    paths: AppPaths
    settings: AppSettings
    _store: CampaignStore | None = None

    def open_campaign(self, path: Path, quiet: bool = False, recovered: Recovery | None = None) -> bool:
        raise NotImplementedError

    def close_campaign(self) -> bool:
        raise NotImplementedError

    # -- start-up -----------------------------------------------------------------------------
    def start(self, campaign_arg: str | None) -> None:
        """Offer crash recovery, then open the campaign asked for, the last one, or the demo."""
        recovered = self._offer_recovery()
        if recovered:
            return
        if campaign_arg:
            try:
                self.open_campaign(self.store.find(campaign_arg))
            except LookupError as exc:
                Ask.error(self, "Open campaign", str(exc))
            return
        last = self.settings.last_campaign
        demo = self.paths.campaigns / DEMO_FILE_NAME
        for candidate in (Path(last) if last else None, demo):
            if candidate is not None and candidate.exists() and self.open_campaign(candidate, quiet=True):
                return
        self.pick_campaign()

    def _offer_recovery(self) -> bool:
        from crisis_desktop.storage.campaign_store import UnsavableCampaign, why_not_written
        from crisis_desktop.storage.locks import held_elsewhere

        damaged = self.store.recovery.set_aside_damaged()
        if damaged:
            Ask.info(self, "Recovery files kept aside", "\n\n".join(damaged))
        for recovery in self.store.recovery.list_recoveries():
            if held_elsewhere(recovery.original_path):
                continue  # another running Crisis Desktop's autosave, not a crash
            when = recovery.saved.astimezone().strftime("%Y-%m-%d %H:%M")
            if Ask.yes_no(self, "Recover unsaved changes",
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
                        Ask.error(self, "Recover unsaved changes",
                                  f"Could not write the recovered campaign: {reason}\n\nThe recovered changes "
                                  f"are kept in {recovery.file} for the next start.")
                        continue
                    if path != recovery.original_path:
                        Ask.info(self, "Recover unsaved changes",
                                 f"{recovery.original_path} no longer exists. The recovered campaign was saved as "
                                 f"{path.name} in the campaigns folder ({path.parent}).")
                    return self.open_campaign(path)
                if self.open_campaign(recovery.original_path, recovered=recovery):
                    return True
            else:
                self.store.recovery.discard(recovery.original_path)
        return False

    def _recovery_for(self, path: Path) -> Recovery | None:
        """Unsaved changes of this campaign left by a crash, if the GM wants them back (else discarded)."""
        wanted = path.resolve()
        recovery = next((r for r in self.store.recovery.list_recoveries() if r.original_path == wanted), None)
        if recovery is None:
            return None
        when = recovery.saved.astimezone().strftime("%Y-%m-%d %H:%M")
        if Ask.yes_no(self, "Recover unsaved changes",
                      f"“{recovery.campaign_name}” has unsaved changes from {when} that were never saved "
                      "(Crisis Desktop closed without saving).\n\nRecover those changes?", default_yes=True):
            return recovery
        self.store.recovery.discard(path)
        return None

    @property
    def store(self) -> CampaignStore:
        if self._store is None:
            from crisis_desktop.storage.campaign_store import CampaignStore

            self._store = CampaignStore(self.paths)
        return self._store

    def new_campaign(self) -> None:
        from crisis_desktop.ui.dialogs.new_campaign import NewCampaignDialog, create_campaign

        answer = NewCampaignDialog.ask(self)
        if answer is None or not self.close_campaign():
            return
        try:
            path = create_campaign(self.store, *answer)
        except OSError as exc:  # a read-only or full data folder
            from crisis_desktop.storage.campaign_store import why_not_written

            Ask.error(self, "New campaign", f"Could not create the campaign: "
                                            f"{why_not_written(exc, self.paths.campaigns)}")
            return
        self.open_campaign(path)

    def pick_campaign(self) -> None:
        from crisis_desktop.ui.dialogs.campaign_picker import CampaignPicker

        open_path = self.document.path if self.document else None
        chosen = CampaignPicker.ask(self.store, self.settings.recent_paths(), open_path, self)
        if chosen is not None:
            self.open_campaign(chosen)

    def save(self) -> bool:
        """Save the open campaign; on any failure say so and keep everything open and unsaved."""
        from crisis_desktop.storage.campaign_store import CampaignFileError, ReadOnlyCampaignFile

        if self.document is None:
            return False
        overwrite = {"overwrite_bad": False, "overwrite_read_only": False}
        try:
            while True:
                try:
                    self.document.save(**overwrite)
                    break
                except CampaignFileError as exc:
                    if overwrite["overwrite_bad"]:
                        raise
                    if not Ask.yes_no(
                            self, "Replace damaged file?",
                            f"{exc}\n\nThe file on disk cannot be read. Replace it with this campaign? "
                            "(A copy of the damaged file is kept as a backup.)"):
                        return False
                    overwrite["overwrite_bad"] = True
                except ReadOnlyCampaignFile as exc:
                    if overwrite["overwrite_read_only"]:
                        raise
                    if not Ask.yes_no(
                            self, "Read-only file",
                            f"{exc.path} is marked read-only: its permissions say it must not be changed."
                            "\n\nReplace it with this campaign anyway? It stays marked read-only. (The version "
                            "it holds now is kept as a backup.) To leave it as it is, choose No; File › Save "
                            "As… can put your changes in another file."):
                        return False
                    overwrite["overwrite_read_only"] = True
        except Exception as exc:  # noqa: BLE001 - whatever went wrong, the GM's changes must stay open
            log.error("Could not save %s", self.document.path, exc_info=True)
            Ask.error(self, "Save failed", self._save_failure(exc))
            return False
        log.info("Saved campaign “%s” to %s", self.document.campaign.name, self.document.path)
        self.statusBar().showMessage(f"Saved {self.document.path.name}", 4000)
        return True

    def save_in_background(self) -> None:
        """Save the open campaign without waiting for the disk (a damaged or read-only file on disk asks first,
        as save() does); how it ended is told when it has."""
        from crisis_desktop.storage.campaign_store import UnsavableCampaign

        if self.document is None:
            return
        if not self.store.quick_to_replace(self.document.path):
            self.save()
            return
        try:
            self.document.save_in_background()
        except UnsavableCampaign as exc:
            self._saved_in_background(exc)
            return
        self.statusBar().showMessage(f"Saving {self.document.path.name}…")

    def _saved_in_background(self, error: BaseException | None) -> None:
        if self.document is None:
            return
        if error is None:
            log.info("Saved campaign “%s” to %s", self.document.campaign.name, self.document.path)
            self.statusBar().showMessage(f"Saved {self.document.path.name}", 4000)
            return
        log.error("Could not save %s", self.document.path, exc_info=error)
        self.statusBar().clearMessage()
        Ask.error(self, "Save failed", self._save_failure(error if isinstance(error, Exception) else
                                                          RuntimeError(str(error))))

    def _save_failure(self, exc: Exception) -> str:
        """What a failed save tells the GM: why, that nothing on disk changed, where the changes are now, and
        what to do (another folder: Save As to the same one would fail the same way)."""
        from crisis_desktop.storage.campaign_store import why_not_written

        assert self.document is not None
        path = self.document.path
        reason = why_not_written(exc, path.parent) if isinstance(exc, OSError) else str(exc)
        where = ""
        if self.document.dirty:
            try:
                kept = self.document.write_recovery()
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

    def save_as(self) -> None:
        """Save a copy under a new name, in any folder (the campaigns folder is offered first), and open it."""
        from crisis_desktop.storage.campaign_store import CampaignFileError, why_not_written

        if self.document is None:
            return
        self.document.wait_for_save()  # the file settles before a copy of the campaign goes elsewhere
        name = Ask.text(self, "Save as", "Name of the new campaign:", self.document.campaign.name)
        if name is None:
            return
        target = Ask.save_file(self, "Save as", str(self.store.unique_path(name)))
        if target is None:
            return
        try:
            path = self.store.save_as(self.document.campaign, name, target)
        except OSError as exc:
            Ask.error(self, "Save failed", f"Could not save {target}:\n{why_not_written(exc, target.parent)}\n\n"
                      "Your changes are still open: choose another folder.")
            return
        except (ValueError, CampaignFileError) as exc:  # ValueError: the name is refused (too long)
            Ask.error(self, "Save failed", str(exc))
            return
        # The copy now holds the changes; the original stays as it was last saved.
        self.document.undo_stack.setClean()
        self.store.recovery.discard(self.document.path)
        self.document.undo_stack.clear()
        self.close_campaign()
        self.open_campaign(path)

    def duplicate(self) -> None:
        if self.document is None or not self.save_if_dirty("Duplicate"):
            return
        name = Ask.text(self, "Duplicate campaign", "Name of the copy:", f"{self.document.campaign.name} (copy)")
        if name is None:
            return
        from crisis_desktop.storage.campaign_store import CampaignFileError

        try:
            path = self.store.duplicate(self.document.path, name)
        except (OSError, ValueError, CampaignFileError) as exc:  # ValueError: the name is refused
            Ask.error(self, "Duplicate failed", str(exc))
            return
        self.statusBar().showMessage(f"Copied to {path.name}", 5000)

    def rename(self) -> None:
        from crisis_desktop.controller.commands import SetCampaignField

        if self.document is None:
            return
        name = Ask.text(self, "Rename campaign", "New name:", self.document.campaign.name)
        if name is None or name == self.document.campaign.name:
            return
        try:
            command = SetCampaignField(self.document.campaign, "name", name, f"Rename to “{name}”")
        except ValueError as exc:  # pydantic refuses it (too long): say why, change nothing
            Ask.error(self, "Rename", str(exc))
            return
        self.document.push(command)

    def restore_backup(self) -> None:
        from crisis_desktop.storage.campaign_store import CampaignFileError
        from crisis_desktop.ui.dialogs.backups import BackupPicker

        if self.document is None:
            return
        backup = BackupPicker.ask(self.store, self.document.path, self)
        if backup is None:
            return
        if self.document.dirty and not Ask.yes_no(
                self, "Restore earlier version", "Unsaved changes will be lost. Restore anyway?"):
            return
        try:
            self.store.restore_backup(self.document.path, backup)
            campaign = self.store.load(self.document.path)
        except (CampaignFileError, OSError) as exc:
            log.warning("Could not restore %s from %s: %s", self.document.path, backup.path, exc)
            Ask.error(self, "Restore failed", str(exc))
            return
        self.store.recovery.discard(self.document.path)
        self.document.reload_from(campaign)
        log.info("Restored %s from the backup %s", self.document.path, backup.path)
        self.statusBar().showMessage("Restored the earlier version; the replaced one is kept as a backup", 6000)

    def save_if_dirty(self, what: str) -> bool:
        if self.document is None or not self.document.dirty:
            return True
        if Ask.yes_no(self, what, "The campaign has unsaved changes. Save them first?", default_yes=True):
            return self.save()
        return False

    def autosave(self) -> None:
        if self.document is not None:
            try:
                if self.document.autosave():
                    self.statusBar().showMessage("Unsaved changes autosaved for recovery", 3000)
            except Exception as exc:  # noqa: BLE001 - a timer slot must not die; say what happened
                log.error("Autosave of %s failed", self.document.path, exc_info=True)
                self.statusBar().showMessage(f"Autosave failed: {exc}", 10_000)

    def save_for_recovery(self) -> Path | None:
        """Write unsaved changes to the recovery file now (after an unexpected error); that file, or None."""
        if self.document is None or not self.document.dirty:
            return None
        return self.document.write_recovery()
