"""Entry script of the PyInstaller bundle: the same main() as the installed `crisis-desktop` command.

One executable serves the window and the headless commands (`--version`, `info`, `export`).

On Windows the executable is built as a GUI program (no console window flashes up when the GM starts it
from the Start menu or a double-click). A GUI program gets no console of its own, so when it is started
from a terminal with arguments, it attaches to that terminal's console before anything is printed, and
`crisis-desktop.exe info` prints there. Output that is redirected (`> file`, a pipe) is left as it is.
"""

from __future__ import annotations

import sys


def attach_parent_console() -> None:
    """Windows GUI build: send print() and errors to the console of the terminal that started us, if any."""
    if sys.stdout is not None and sys.stderr is not None:
        return  # a console build, or both streams redirected: nothing to do
    import ctypes

    attach_parent_process = -1
    if not ctypes.windll.kernel32.AttachConsole(attach_parent_process):
        return  # started from Explorer or a shortcut: there is no console to write to
    if sys.stdout is None:
        sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115
        # The terminal printed its prompt already (it does not wait for a GUI program): start a fresh line.
        sys.stdout.write("\n")
    if sys.stderr is None:
        sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115


if __name__ == "__main__":
    import multiprocessing

    # The simulator's worker processes start this executable again: there they run their share of the fights
    # and end, instead of opening a window (PyInstaller's bootloader needs this call first).
    multiprocessing.freeze_support()
    if sys.platform == "win32" and len(sys.argv) > 1:
        attach_parent_console()
    from crisis_desktop.app import main

    sys.exit(main())
