"""Painted terrain is stored compactly (file format 5): a legend of paints and one string a row. Older files, one
object a painted cell, are upgraded exactly; bad rows and bad old cells are refused with their place."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import PaintCells, find_map
from crisis_desktop.domain import SCHEMA_VERSION, Campaign
from crisis_desktop.domain.battle_map import PAINTS_MAX, BattleMap, Cell, Cover, Paint, PaintedTerrain
from crisis_desktop.storage.campaign_file import CampaignFileError, campaign_bytes, parse_campaign_bytes
from crisis_desktop.storage.journal import JournalContents, replay
from crisis_desktop.storage.migrations import migrate

DATA = Path(__file__).parent / "data"
COVERS = list(Cover)
ZONES = ("", "", "yard", "river", "ruined wall")


def random_cells(rng: random.Random, width: int, height: int, share: float) -> list[dict]:
    """Old-format cells (one object each) on about `share` of a map, every kind of paint among them."""
    return [{"x": x, "y": y, "cover": rng.choice(COVERS).value, "penetrable": rng.random() < 0.3,
             "difficult": rng.random() < 0.3, "zone": rng.choice(ZONES)}
            for y in range(height) for x in range(width) if rng.random() < share]


def is_open(cell: dict) -> bool:
    return cell["cover"] == "none" and not (cell["penetrable"] or cell["difficult"] or cell["zone"])


def test_a_fully_painted_100_by_100_map_is_about_a_byte_a_cell():
    rng = random.Random(5)
    old = random_cells(rng, 100, 100, 1.0)
    painted = [c for c in old if not is_open(c)]
    battle_map = BattleMap(name="Painted", width=100, height=100, cells=[Cell(**c) for c in painted])
    campaign = Campaign(name="C", ruleset="crisis", battle_maps=[battle_map])
    size = len(campaign_bytes(campaign))
    old_size = len(json.dumps(old, indent=2))
    assert len(painted) > 9_000 and len(battle_map.terrain.legend) > 30
    # 10,000 cells: 100 rows of 100 codes, a legend of a few dozen paints, the rest of the campaign.
    assert size < 25_000, f"{size:,} bytes (one object a cell took {old_size:,})"
    assert old_size > 50 * size


def test_an_old_painted_map_upgrades_cell_for_cell_and_saves_as_it_loaded():
    rng = random.Random(7)
    cells = random_cells(rng, 30, 20, 0.6)
    cells.append({"x": 40, "y": 3, "cover": "total"})           # outside the 30 x 20 map: nothing ever read it
    old = {"schema_version": 4, "name": "Old", "ruleset": "crisis",
           "battle_maps": [{"id": "m", "name": "Yard", "width": 30, "height": 20, "cells": cells}]}
    raw = json.dumps(old).encode()
    campaign = parse_campaign_bytes(raw, Path("old.json"))
    assert campaign.schema_version == SCHEMA_VERSION
    battle_map = campaign.battle_maps[0]
    expected = {(c["x"], c["y"]): Paint(cover=c["cover"], penetrable=c["penetrable"], difficult=c["difficult"],
                                        zone=c["zone"]) for c in cells[:-1] if not is_open(c)}
    assert battle_map.terrain.painted() == expected
    assert {(c.x, c.y): c.paint for c in battle_map.cells} == expected
    assert battle_map.paint_at((40, 3)) is None and len(battle_map.terrain.rows) <= 20
    # Saved and opened again: the same bytes, through this build's own fast path.
    saved = campaign_bytes(campaign)
    again = parse_campaign_bytes(saved, Path("new.json"))
    assert again == campaign and campaign_bytes(again) == saved


def test_the_stored_fight_of_version_2_keeps_every_painted_cell():
    raw = (DATA / "fight_in_progress_v2.json").read_bytes()
    cells = json.loads(raw)["battle_maps"][0]["cells"]
    battle_map = parse_campaign_bytes(raw, Path("fight.json")).battle_maps[0]
    assert [c.model_dump(mode="json") for c in battle_map.cells] == sorted(cells, key=lambda c: (c["y"], c["x"]))


def test_the_demo_maps_are_written_in_the_current_format():
    for name in ("campaign", "genesys", "moments", "skirmish"):
        data = json.loads((Path(__file__).parents[3] / "resources" / "demo" / f"{name}.json").read_text("utf-8"))
        assert data["schema_version"] == SCHEMA_VERSION and migrate(data) == data
        assert all("cells" not in m and m["terrain"]["rows"] for m in data["battle_maps"])


@pytest.mark.parametrize(("cells", "fragment"), [
    ([{"x": 1, "y": 2}, {"x": 1, "y": 2, "cover": "light"}], "battle_maps[0].cells: cell (1, 2) is listed twice"),
    ([{"x": 1, "y": 2}, {"x": 3, "y": 2, "cover": "thick"}],
     "battle_maps[0].cells[1].cover: Input should be 'none', 'light', 'heavy' or 'total'"),
    ([{"x": -1, "y": 2}], "battle_maps[0].cells[0].x: Input should be greater than or equal to 0"),
    ([{"x": 1, "y": 2, "zone": "z" * 201}], "battle_maps[0].cells[0].zone: String should have at most 200"),
    ([{"x": 1, "y": 2, "colour": "red"}], "battle_maps[0].cells[0].colour: Extra inputs are not permitted"),
    ([{"x": 1, "y": 2, "cover": ["light"]}], "battle_maps[0].cells[0].cover: Input should be"),
    ([{"x": 1, "y": 2}, "wall"], "battle_maps[0].cells[1]: Input should be a valid dictionary"),
    ({"x": 1}, "battle_maps[0].cells: should be a list of cells"),
])
def test_bad_old_cells_are_refused_with_their_place(cells, fragment):
    raw = json.dumps({"schema_version": 4, "name": "Old", "ruleset": "crisis",
                      "battle_maps": [{"name": "M", "cells": cells}]}).encode()
    with pytest.raises(CampaignFileError) as refused:
        parse_campaign_bytes(raw, Path("old.json"))
    assert fragment in str(refused.value)


@pytest.mark.parametrize(("terrain", "fragment"), [
    ({"legend": [{"cover": "light"}], "rows": ["0.1"]},
     "battle_maps[0].terrain: row 0 holds '1', which is neither '.' (open ground) nor the code of one of the "
     "legend's 1 paints"),
    ({"legend": [{"cover": "light"}], "rows": ["0" * 21]},
     "battle_maps[0]: row 0 of the terrain has 21 cells: the map is 20 cells wide"),
    ({"legend": [{"cover": "light"}], "rows": ["0"] * 16}, "battle_maps[0]: the terrain has 16 rows: the map is 15"),
    ({"legend": [{"cover": "light"}, {"cover": "light"}], "rows": ["01"]},
     "battle_maps[0].terrain: a paint is listed twice in the legend"),
    ({"legend": [{}], "rows": ["0"]}, "battle_maps[0].terrain: open ground is listed in the legend"),
    ({"legend": [], "rows": ["." * 1001]}, "battle_maps[0].terrain.rows[0]: String should have at most 1000"),
])
def test_bad_terrain_is_refused_with_its_place(terrain, fragment):
    for indent in (None, 2):        # the general path and this build's own layout
        raw = json.dumps({"schema_version": SCHEMA_VERSION, "name": "New", "ruleset": "crisis",
                          "battle_maps": [{"name": "M", "terrain": terrain}]}, indent=indent).encode()
        with pytest.raises(CampaignFileError) as refused:
            parse_campaign_bytes(raw, Path("new.json"))
        assert fragment in str(refused.value)


def test_the_stored_form_depends_on_the_cells_alone():
    a, b = Paint(cover=Cover.HEAVY), Paint(zone="ford", difficult=True)
    one = PaintedTerrain().repainted({(3, 1): a}).repainted({(0, 0): b})
    other = PaintedTerrain().repainted({(0, 0): b, (5, 5): a}).repainted({(3, 1): a, (5, 5): None})
    assert one == other and one.rows == ("0", "...1") and one.legend == (b, a)
    assert one.repainted({(0, 0): None, (3, 1): None}) == PaintedTerrain()


def test_a_map_holds_a_bounded_number_of_paints_and_a_stroke_past_it_changes_nothing():
    zones = [Cell(x=x, y=0, zone=f"zone {x}") for x in range(PAINTS_MAX)]
    campaign = Campaign(name="C", ruleset="crisis",
                        battle_maps=[BattleMap(id="m", name="M", width=PAINTS_MAX, height=2, cells=zones)])
    battle_map, history = find_map(campaign, "m"), History(campaign)
    before = campaign.model_dump(mode="json")
    with pytest.raises(ValueError, match="a map holds at most 1,000 kinds of paint"):
        PaintCells(battle_map, {(0, 1): Cell(x=0, y=1, zone="one more")})
    assert campaign.model_dump(mode="json") == before
    # Repainting the one cell of a paint with a new one keeps the count: allowed, and undone exactly.
    history.push(PaintCells(battle_map, {(7, 0): Cell(x=7, y=0, zone="new")}))
    assert battle_map.paint_at((7, 0)) == Paint(zone="new") and len(battle_map.terrain.legend) == PAINTS_MAX
    history.undo()
    assert campaign.model_dump(mode="json") == before


def test_a_journal_of_the_build_before_replays_its_painted_maps_onto_the_upgraded_copy(tmp_path):
    """A crash, then this build: the saved copy (format 4) is upgraded, and so is a map a change line wrote whole."""
    base = tmp_path / "c.json.journal.base"
    base.write_text(json.dumps({"schema_version": 4, "name": "Old", "ruleset": "crisis", "battle_maps": [
        {"id": "m", "name": "Yard", "width": 5, "height": 4, "cells": [{"x": 1, "y": 1, "cover": "light"}]}]}))
    painted = [{"x": 0, "y": 3, "cover": "total", "penetrable": True}, {"x": 4, "y": 0, "zone": "gate"}]
    line = {"n": 1, "put": {"battle_maps": [{"id": "m", "name": "Yard", "width": 5, "height": 4, "cells": painted}]}}
    contents = JournalContents(tmp_path / "c.json.journal", tmp_path / "c.json", base, [line])
    battle_map = replay(contents).battle_maps[0]
    assert battle_map.terrain.painted() == {(0, 3): Paint(cover=Cover.TOTAL, penetrable=True),
                                            (4, 0): Paint(zone="gate")}
    bad = {"n": 2, "put": {"battle_maps": [{"id": "m", "name": "Yard", "cells": [{"x": 1, "y": 1, "cover": "x"}]}]}}
    with pytest.raises(CampaignFileError, match=r"battle_maps\[0\]\.cells\[0\]\.cover: Input should be"):
        replay(JournalContents(tmp_path / "c.json.journal", tmp_path / "c.json", base, [line, bad]))
