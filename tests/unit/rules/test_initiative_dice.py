"""Ruleset.initiative_dice says whose roll and which dice the fight's opening rolls, exactly as the rules then ask
for them, in all five systems."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.rules.kernel.dice import DieAsk, TypedDice, probe
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.rules.five_fights import SYSTEMS, fight


def controller(system: str) -> EncounterController:
    campaign, encounter_id = fight(system)
    return EncounterController(campaign, encounter_id, get_ruleset(system))


def plain_face(die: DieAsk) -> int | str:
    """A face that neither explodes nor implodes: 2 on a die of numbers, the first face of a die of symbols."""
    return die.kind.face_texts()[0] if die.kind is not None else 2


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_dice_named_are_the_dice_the_start_reads(system):
    ctl = controller(system)
    pools = ctl.initiative_dice()
    named = [die for pool in pools for die in pool.dice]
    found = probe(ctl.start, [plain_face(d) for d in named])
    # Tied results may ask for more dice after these (a reroll); those named come first, one by one.
    assert found.asked == named and found.problem is None
    if system == "skirmish":                  # planning opens its rounds: nothing is rolled
        assert pools == [] and found.complete


def test_each_system_names_its_pool_per_combatant():
    crisis = controller("crisis").initiative_dice()
    # A Mind die each (Vera's Mind is d10); the two wolves are one group, rolled once by the first.
    assert [p.describe() for p in crisis] == ["Vera Kask: d10", 'Dmitri "Dim" Orlov: d6', "Ines Moreau: d8",
                                              "Tomas Reyes: d8", "Wolf (group roll for 2): d4"]
    assert crisis[0].dice[0].label == "Vera Kask: turn order (Mind d10)"
    genesys = controller("genesys").initiative_dice()
    # Cool: the higher of Presence and Cool in dice, the lower of them upgraded (Kara: two yellow).
    assert [p.describe() for p in genesys[:3]] == ["Kara Voss: Proficiency die (yellow) ×2",
                                                   "Jax Marrow: Ability die (green) ×2",
                                                   "Dr. Mira Sol: Proficiency die (yellow), Ability die (green)"]
    assert genesys[0].dice[0].label == "Kara Voss: initiative (Cool): Proficiency die"
    classic = [p.describe() for p in controller("crisis-classic").initiative_dice()]
    assert classic == ["Anna: d6 ×3", "Boris: d6 ×3", "Gunman (group roll for 2): d6 ×3", "Driver: d6 ×3"]
    moments = controller("moments").initiative_dice()
    assert all(len(p.dice) == 1 and p.dice[0].sides == 100 for p in moments)
    assert moments[0].dice[0].label.startswith(f"{moments[0].who}: INT test (goal ")


def test_typed_dice_records_every_die_asked_and_the_probe_says_what_is_missing():
    kara = controller("genesys")
    first = probe(kara.start, [])
    assert first.asked == [] and first.missing == kara.initiative_dice()[0].dice[0]
    bad = probe(kara.start, ["s", "zz"])
    assert bad.problem == "The Proficiency die has the faces blank, s, ss, a, sa, aa, tr; 'zz' was entered"
    assert len(bad.asked) == 2 and bad.missing is None
    dice = TypedDice([3])
    assert dice.roll(6, "d6 for Vera") == 3 and dice.asked == [DieAsk(6, "d6 for Vera")]
