"""What the battle map fixes for a target goes through Attacks.map_target_inputs, which also gets the reach between the
tokens and the campaign's rule options (a system whose bands depend on an option, whose targets are engaged when
adjacent); a system that only has map_inputs keeps working as before."""

from __future__ import annotations

from functools import cached_property

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.domain import BattleMap, StatValue
from crisis_desktop.domain.battle_map import Token
from crisis_desktop.rules.base import FieldKind, FieldSpec, Options, RuleOption
from crisis_desktop.rules.kernel.cover import CoverReading
from tests.fakes.slots import SlotsFake
from tests.fakes.tiny import TinyAttacks, tiny_campaign


class BandsAttacks(TinyAttacks):
    """Targets are "near" within the option's number of tiles, "far" beyond; adjacent ones are engaged."""

    def target_inputs(self, attacker, weapon, target, fight_round, options):
        return [FieldSpec("band", "Band", FieldKind.CHOICE, "Target", "near", choices=("near", "far")),
                FieldSpec("engaged", "Engaged", FieldKind.BOOL, "Target", False)]

    def map_target_inputs(self, tiles: int, metres: float, reading: CoverReading, *, reach: int,
                          hex_grid: bool = False, options: Options | None = None) -> dict[str, StatValue]:
        near = int(str((options or {}).get("near_tiles", "2")))
        return {"band": "near" if tiles <= near else "far", "engaged": reach == 1}


class BandsFake(SlotsFake):
    """The bands of `BandsAttacks`, the near ones as wide as the campaign's option."""

    id = "fake-bands"

    def rule_options(self):
        return (RuleOption("near_tiles", "Near", ("2", "4"), "2"),)

    @cached_property
    def attacks(self) -> BandsAttacks:
        return BandsAttacks(self)


def fight(near_tiles: str | None, rask_at: tuple[int, int]) -> tuple[EncounterController, str, str]:
    campaign = tiny_campaign("fake-bands", pcs=1, npcs=1)
    if near_tiles is not None:
        campaign.rule_options["near_tiles"] = near_tiles
    ctl = EncounterController(campaign, "enc", BandsFake())
    for character in campaign.characters:
        ctl.add_combatant(character.id).apply(campaign)
    ann, rat = (c.id for c in ctl.view.encounter.combatants)
    campaign.battle_maps.append(BattleMap(id="map", name="Yard", tokens=[Token(combatant_id=ann, x=0, y=0),
                                                                        Token(combatant_id=rat, x=rask_at[0],
                                                                              y=rask_at[1])]))
    campaign.encounter("enc").battle_map_id = "map"
    return ctl, ann, rat


def test_the_map_gives_the_reach_and_the_rule_options_to_the_rules():
    ctl, ann, rat = fight(None, (1, 1))                  # diagonal neighbour: reach 1
    measured = ctl.preview.measure(ann, rat)
    assert measured is not None and measured.inputs == {"band": "near", "engaged": True}
    ctl, ann, rat = fight(None, (3, 0))
    assert ctl.preview.measure(ann, rat).inputs == {"band": "far", "engaged": False}
    ctl, ann, rat = fight("4", (3, 0))                   # the campaign's option moves the band's edge
    assert ctl.preview.measure(ann, rat).inputs == {"band": "near", "engaged": False}
    club = ctl.preview.weapons(ann)[0].id
    assert ctl.preview.attack_request(ann, club, rat, band="far").targets[0].inputs == {"band": "near",
                                                                                        "engaged": False}


def test_rules_with_only_map_inputs_get_the_map_as_before():
    campaign = tiny_campaign("fake-slots", pcs=1, npcs=1)
    ctl = EncounterController(campaign, "enc", SlotsFake())
    for character in campaign.characters:
        ctl.add_combatant(character.id).apply(campaign)
    ann, rat = (c.id for c in ctl.view.encounter.combatants)
    campaign.battle_maps.append(BattleMap(id="map", name="Yard", tokens=[Token(combatant_id=ann, x=0, y=0),
                                                                        Token(combatant_id=rat, x=4, y=0)]))
    campaign.encounter("enc").battle_map_id = "map"
    assert ctl.preview.measure(ann, rat).inputs["distance"] == 4.0
