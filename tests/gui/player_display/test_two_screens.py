"""The player display on a second screen, checked in a child process on an offscreen platform with two screens.

This process already has a QApplication on the one-screen offscreen platform, so two_screens_check.py runs
under QT_QPA_PLATFORM=offscreen:configfile=screens.json and reports where the display went as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCREENS = {"screens": [{"name": "gm", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96},
                       {"name": "table", "x": 1920, "y": 0, "width": 1280, "height": 720, "logicalDpi": 96}]}
TABLE = [1920, 0, 1280, 720]


def test_the_display_goes_full_screen_on_the_chosen_screen_falls_back_and_returns(tmp_path: Path):
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(SCREENS), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}
    script = Path(__file__).with_name("two_screens_check.py")
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["screens"] == ["gm", "table"]
    # The first time, the GM is asked among the connected screens, and the answer is remembered.
    assert report["asked"] == [["gm", "table"]] and report["remembered"] == {"screen": "table"}
    first = report["first_open"]
    assert first == {"screen": "table", "geometry": TABLE, "fullscreen": True, "visible": True, "fallback": False,
                     "frameless": True}
    assert report["reopen"] == first and report["asked_again"] is False
    # The table screen unplugged (its screenRemoved slot): a normal window on the main screen.
    removed = report["removed"]
    assert removed["screen"] == "gm" and removed["fullscreen"] is False and removed["fallback"] is True
    x, y, w, h = removed["geometry"]
    assert x >= 0 and x + w <= 1920 and y >= 0 and y + h <= 1080 and (w, h) == (1024, 640)
    # Plugged in again (screenAdded with the remembered name): full screen there again.
    assert report["back"] == first
    assert report["rows"] == 7, "the ambush's 8 combatants less the hidden sniper"
