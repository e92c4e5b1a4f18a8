"""Benchmark: refusing hostile campaign files, in time and peak memory, against json.loads of the same file.

Each case runs in a fresh process and reports its own peak resident memory (VmHWM on Linux; ru_maxrss would
keep the high-water mark of the parent it was forked from).
Run: python tests/benchmarks/bench_refuse.py [numbers]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT)]


def hostile_files(folder: Path, n: int) -> dict[str, Path]:
    """`n` numbers where characters belong (written plainly and in this build's own layout), as a character's
    tags, and `n` fields no character has."""
    from crisis_desktop.domain.campaign import SCHEMA_VERSION

    numbers = ", ".join(["1"] * n)
    files = {
        "plain": f'{{"name": "Hostile", "characters": [{numbers}]}}',
        "own layout": f'{{\n  "schema_version": {SCHEMA_VERSION},\n  "name": "Hostile",\n  "ruleset": "crisis",\n'
                      f'  "characters": [{numbers}]\n}}\n',
        "nested": json.dumps({"name": "Hostile", "characters": [{"name": "Vera", "tags": list(range(n))}]}),
        "unknown fields": json.dumps({"name": "Hostile", "characters": [{"name": "Vera",
                                                                          **{f"k{i}": 1 for i in range(n)}}]}),
    }
    paths = {}
    for name, text in files.items():
        path = folder / f"{name.replace(' ', '-')}.json"
        path.write_text(text)
        paths[name] = path
    return paths


PEAK_KIB = """
def peak_kib():
    try:
        with open("/proc/self/status") as status:
            return int(next(line for line in status if line.startswith("VmHWM:")).split()[1])
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""


def run_case(kind: str, path: Path) -> tuple[float, int]:
    """Seconds and peak KiB of one refusal (or one json.loads), measured in a child process."""
    code = f"""
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, {str(ROOT)!r})
{PEAK_KIB}
path = Path({str(path)!r})
if {kind!r} == "json":
    start = time.perf_counter(); json.loads(path.read_bytes()); took = time.perf_counter() - start
else:
    from crisis_desktop.storage.campaign_file import CampaignFileError, read_campaign
    from crisis_desktop.domain import Campaign
    Campaign.model_rebuild()
    start = time.perf_counter()
    try:
        read_campaign(path)
    except CampaignFileError as exc:
        message = str(exc)
    else:
        raise SystemExit("not refused")
    took = time.perf_counter() - start
print(took, peak_kib())
print(message if {kind!r} != "json" else "", file=sys.stderr)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    took, peak = done.stdout.split()
    if kind != "json":
        print(f"    message: {done.stderr.strip()[:160]}")
    return float(took), int(peak)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    # The interpreter with the campaign code imported, doing nothing: subtracted from the peaks below.
    idle = subprocess.run([sys.executable, "-c", f"import sys, resource; sys.path.insert(0, {str(ROOT)!r})\n"
                           f"{PEAK_KIB}\nfrom crisis_desktop.storage.campaign_file import read_campaign\n"
                           "from crisis_desktop.domain import Campaign\nCampaign.model_rebuild()\nprint(peak_kib())"],
                          capture_output=True, text=True, check=True)
    base_kib = int(idle.stdout)
    with tempfile.TemporaryDirectory() as folder:
        for name, path in hostile_files(Path(folder), n).items():
            size = path.stat().st_size
            print(f"{name}: {n:,} numbers, {size / 1e6:.1f} MB")
            json_s, json_kib = run_case("json", path)
            refuse_s, refuse_kib = run_case("refuse", path)
            print(f"  json.loads: {json_s * 1000:.0f} ms, peak {json_kib / 1024:.0f} MiB")
            print(f"  refused in {refuse_s * 1000:.0f} ms ({refuse_s / json_s:.1f}x json.loads), peak "
                  f"{refuse_kib / 1024:.0f} MiB: {(refuse_kib - base_kib) / 1024:.0f} MiB above the idle process "
                  f"({base_kib / 1024:.0f} MiB), {(refuse_kib - base_kib) * 1024 / size:.1f}x the file")


if __name__ == "__main__":
    main()
