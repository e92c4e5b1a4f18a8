"""Build the one-folder bundle: icons, PyInstaller, licence files, then say where it is and how big.

    python -m pip install ".[bundle]"        (crisis-desktop, its dependencies and PyInstaller)
    python packaging/build_bundle.py [--dist DIR] [--work DIR]

Result (default DIR: dist/): DIR/crisis-desktop/ with the executable crisis-desktop (.exe on Windows),
LICENSE and THIRD-PARTY-NOTICES.md beside it, the libraries in _internal/; on Linux also share/ (desktop
entry, AppStream metainfo, icons) and on macOS DIR/Crisis Desktop.app. See packaging/README.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NAME = "crisis-desktop"
APP_ID = "org.crisisdesktop.CrisisDesktop"
LEGAL = ROOT / "resources" / "legal"
NOTICES = LEGAL / "THIRD-PARTY-NOTICES.md"


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and number of files under `folder` (symbolic links count as nothing)."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def add_licences(bundle: Path) -> list[str]:
    """LICENSE, the notices and licences/ beside the executable (they are inside _internal too); problems."""
    problems = []
    shutil.copy2(ROOT / "LICENSE", bundle / "LICENSE")
    shutil.copy2(NOTICES, bundle / NOTICES.name)
    licences = bundle / "licenses"
    licences.mkdir(exist_ok=True)
    for text in LEGAL.glob("*.txt"):
        shutil.copy2(text, licences / text.name)
    short = f"{sys.version_info[0]}.{sys.version_info[1]}"
    candidates = (Path(sys.base_prefix) / "LICENSE.txt",  # Windows
                  Path(sys.base_prefix) / "lib" / f"python{short}" / "LICENSE.txt",  # python.org, pyenv
                  Path("/usr/share/doc") / f"python{short}" / "copyright")  # Debian's Python
    python_licence = next((p for p in candidates if p.exists()), None)
    if python_licence is None:
        problems.append("Python's LICENSE.txt was not found: add it as licenses/Python-LICENSE.txt")
    else:
        shutil.copy2(python_licence, licences / "Python-LICENSE.txt")
    if sys.platform.startswith("linux"):
        problems += add_system_copyrights(bundle, licences / "system")
    return problems


def add_system_copyrights(bundle: Path, target: Path) -> list[str]:
    """Linux: the distribution's copyright file of each system library PyInstaller copied into the bundle."""
    internal = bundle / "_internal"
    names = sorted(p.name for p in internal.glob("lib*.so*") if p.is_file() and not p.is_symlink()
                   and not p.name.startswith(("libpython", "libpyside6", "libshiboken6")))
    if not names:
        return []
    if shutil.which("dpkg") is None:
        return [f"not a Debian-like system: copy the licences of these libraries into {target} yourself: "
                + ", ".join(names)]
    result = subprocess.run(["dpkg", "-S", *(f"*/{name}" for name in names)], capture_output=True, text=True)
    packages: dict[str, str] = {}
    for line in result.stdout.splitlines():
        package, _, path = line.partition(": ")
        if Path(path).name in names:
            packages.setdefault(Path(path).name, package.split(":")[0])
    target.mkdir(parents=True, exist_ok=True)
    for package in sorted(set(packages.values())):
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        if copyright_file.exists():
            shutil.copy2(copyright_file, target / f"{package}.txt")
    unknown = [name for name in names if name not in packages]
    # Libraries that came with Python itself or a pip package rather than the system have no package here.
    return [f"no distribution package found for {', '.join(unknown)}: add their licences to {target}"] \
        if unknown else []


def add_linux_share(bundle: Path, icons: Path) -> None:
    """share/ in the bundle: what a desktop needs to list the app (copied into ~/.local/share, see README)."""
    share = bundle / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    shutil.copy2(HERE / "linux" / f"{APP_ID}.desktop", share / "applications")
    shutil.copy2(HERE / "linux" / f"{APP_ID}.metainfo.xml", share / "metainfo")
    shutil.copytree(icons / "hicolor", share / "icons" / "hicolor", dirs_exist_ok=True)


def missing_libraries(bundle: Path) -> list[str]:
    """Linux: libraries the X11 and offscreen platform plugins need that neither the bundle nor this machine has.

    PyInstaller bundles a plugin's libraries from the build machine; one that is not installed there is
    left out with only a warning, and the window then cannot open on machines that lack it too.
    """
    internal = bundle / "_internal"
    env = dict(os.environ, LD_LIBRARY_PATH=str(internal))
    missing = set()
    for plugin in ("libqxcb.so", "libqoffscreen.so"):
        path = internal / "PySide6" / "Qt" / "plugins" / "platforms" / plugin
        if not path.exists():
            missing.add(f"{plugin} (the plugin itself)")
            continue
        out = subprocess.run(["ldd", str(path)], capture_output=True, text=True, env=env).stdout
        missing.update(line.split()[0] for line in out.splitlines() if "not found" in line)
    return sorted(missing)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Crisis Desktop one-folder bundle with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder (default: build/pyinstaller/)")
    parser.add_argument("--icons", type=Path, default=ROOT / "build" / "icons",
                        help="where the generated icons go (default: build/icons/)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print('build_bundle: PyInstaller is not installed here; run: python -m pip install ".[bundle]"',
              file=sys.stderr)
        return 2
    started = time.perf_counter()

    sys.path.insert(0, str(HERE))
    from make_icons import make_icons

    make_icons(ROOT / "resources" / "icons" / "crisis-desktop.svg", args.icons)
    print(f"icons in {args.icons}", flush=True)

    bundle = args.dist / NAME
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(args.dist), "--workpath", str(args.work), str(HERE / f"{NAME}.spec")]
    print("running:", " ".join(command), flush=True)
    result = subprocess.run(command, env=dict(os.environ, CRISIS_DESKTOP_ICONS=str(args.icons)))
    if result.returncode != 0:
        print(f"build_bundle: PyInstaller failed (exit {result.returncode})", file=sys.stderr)
        return result.returncode

    dangling = sorted(str(p.relative_to(bundle)) for p in bundle.rglob("*") if p.is_symlink() and not p.exists())
    if dangling:
        print(f"build_bundle: links to files left out of the bundle: {', '.join(dangling)}", file=sys.stderr)
        return 1
    for problem in add_licences(bundle):
        print(f"build_bundle: WARNING: {problem}", file=sys.stderr)
    if sys.platform.startswith("linux"):
        add_linux_share(bundle, args.icons)
        missing = missing_libraries(bundle)
        if missing:
            print(f"build_bundle: WARNING: the X11 platform plugin needs libraries missing here and in the bundle: "
                  f"{', '.join(missing)}. Install them on the build machine and build again (Debian/Ubuntu: "
                  "libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxkbcommon-x11-0), or the "
                  "window will not open on machines that lack them.", file=sys.stderr)

    seconds = time.perf_counter() - started
    size, count = folder_size(bundle)
    executable = bundle / (f"{NAME}.exe" if sys.platform == "win32" else NAME)
    print(f"bundle: {bundle}")
    print(f"executable: {executable}")
    if sys.platform == "darwin":
        print(f"app: {args.dist / 'Crisis Desktop.app'}")
    print(f"size: {size / 2**20:.1f} MiB in {count} files; built in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
