"""`crisis-desktop simulate`: the figures as JSON or text, the same as the simulator gives for the seed."""

from __future__ import annotations

import json

from crisis_desktop.app import main
from crisis_desktop.controller.simulate import Tactics, Target, simulate
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_store import CampaignStore

ARGS = ["simulate", "--campaign", "Demo", "--encounter", "wolves at the ridge", "--runs", "25", "--seed", "4",
        "--processes", "1"]


def test_json_holds_every_figure_and_matches_the_simulator(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), *ARGS, "--json", "--enemies-target", "weakest"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["runs"] == 25 and data["seed"] == 4 and not data["cancelled"]
    assert set(data["wins"]) == {"party", "enemies", "draw", "stalemate", "timeout"}
    assert abs(sum(w["value"] for w in data["wins"].values()) - 1) < 1e-6
    assert sum(data["rounds"]["histogram"].values()) == 25
    names = [c["name"] for c in data["combatants"]]
    assert "Vera Kask" in names and "Wolf" in names
    vera = data["combatants"][names.index("Vera Kask")]
    assert vera["pc"] and set(vera["downed"]) == {"value", "low", "high"}
    assert vera["resources_left"]["health"]["label"] == "Health"
    for figure in (vera["downed"], vera["killed"], *data["wins"].values()):
        assert figure["low"] <= figure["value"] <= figure["high"]
    store = CampaignStore(paths)
    campaign = store.load(store.find("Demo"))
    encounter = next(e for e in campaign.encounters if e.name == "Wolves at the Ridge")
    same = simulate(campaign, encounter.id, get_ruleset("crisis"), runs=25, seed=4, processes=1,
                    tactics={"party": Tactics(), "enemies": Tactics(Target.WEAKEST)})
    assert same.to_dict() == data


def test_text_names_the_chances_and_rounds(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), *ARGS, "--party-flee", "50"]) == 0
    out = capsys.readouterr().out
    assert "Wolves at the Ridge (Crisis): 25 fights, seed 4" in out
    assert "Party tactics: attack the nearest, flee at 50% lost" in out
    assert "Chance to win" in out and "Rounds: mean" in out and "Vera Kask (PC): downed" in out


def test_an_unknown_encounter_is_named_with_those_there_are(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), "simulate", "--campaign", "Demo", "--encounter", "Dragons"]) == 2
    err = capsys.readouterr().err
    assert "no encounter 'Dragons'" in err and "Raider Ambush" in err


def test_a_flee_share_out_of_range_is_refused(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), *ARGS, "--enemies-flee", "150"]) == 2
    assert "at most 100 percent" in capsys.readouterr().err


def test_the_figures_say_how_the_fights_were_played_and_full_rules_forces_the_full_path(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), *ARGS, "--json"]) == 0
    quick = json.loads(capsys.readouterr().out)
    assert quick["played_by"].startswith("quick fights")
    assert main(["--data-dir", str(paths.data_dir), *ARGS, "--json", "--full-rules"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert full["played_by"] == "the full rules path"
    assert full["wins"] != quick["wins"] or full["rounds"] != quick["rounds"]    # other dice, other fights
    assert main(["--data-dir", str(paths.data_dir), *ARGS]) == 0
    played = "Played from the start, by quick fights (each attack drawn from the rules' exact odds)"
    assert played in capsys.readouterr().out
