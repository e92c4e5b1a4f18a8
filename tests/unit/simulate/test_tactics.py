"""The named tactics: take cover where the map offers it, attack the nearest, the weakest, the most dangerous."""

from __future__ import annotations

from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, Target
from crisis_desktop.controller.simulate.engine import FightRecord
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.controller.simulate.table_fight import TableFight
from crisis_desktop.domain import BattleMap, Campaign, Character, CharacterKind, ItemKind
from crisis_desktop.domain.battle_map import Cell, Cover, Token
from crisis_desktop.domain.encounter import Combatant, Side
from crisis_desktop.rules.base import CoverLevel, SetStatus
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel


def _gun(ruleset):  # type: ignore[no-untyped-def]
    assert ruleset.attacks is not None
    found = next(i for i in ruleset.equipment_catalogue()
                 if i.kind is ItemKind.WEAPON and ruleset.attacks.weapon_range(i))
    return found.model_copy(update={"equipped": True})


def _yard(campaign: Campaign, cells: list[Cell], tokens: dict[str, tuple[int, int]]) -> None:
    campaign.battle_maps.append(BattleMap(id="m", name="Yard", width=14, height=6, cells=cells,
                                          tokens=[Token(combatant_id=c, x=x, y=y) for c, (x, y) in tokens.items()]))
    campaign.encounter("enc").battle_map_id = "m"


def _at_the_pcs_turn(player: FightPlayer):  # type: ignore[no-untyped-def]
    """The simulator's loop of tactics over the full rules path, the fight started and on at the PC's turn: (the loop,
    the fight's state, the controller under it)."""
    ctl = player.fresh()
    ctl.commands.start(RandomDice(1))
    for _ in range(10):
        if ctl.view.may_act("c-pc"):
            break
        step = player._next_step(ctl)
        assert step is not None
        ctl.commands.step(step[0], step[1], step[2], RandomDice(1))
    table = TableFight(player)
    return QuickPlayer(player, table), table.start(ctl, RandomDice(1)), ctl


def test_a_shooter_in_the_open_moves_into_cover_and_pays_for_the_move() -> None:
    ruleset = get_ruleset("crisis")
    campaign = duel(ruleset)
    campaign.character(campaign.encounter("enc").combatant("c-pc").character_id).equipment = [_gun(ruleset)]
    _yard(campaign, [Cell(x=4, y=y, cover=Cover.HEAVY) for y in (0, 1)], {"c-pc": (2, 3), "c-npc": (11, 3)})
    player = FightPlayer(Setup.of(campaign, "enc", ruleset, {"party": Tactics(cover=True)}))
    loop, s, ctl = _at_the_pcs_turn(player)
    pc = player.order.index("c-pc")
    measure = ctl.preview.measure("c-npc", "c-pc")
    assert measure is not None and measure.reading.cover is CoverLevel.NONE
    before = dict(ctl.view.combatant("c-pc").resources)
    record = FightRecord("draw", 1)
    assert loop._take_cover(s, pc, record)
    measure = ctl.preview.measure("c-npc", "c-pc")
    assert measure is not None and measure.reading.cover is not CoverLevel.NONE and measure.reading.line_of_sight
    assert record.moves == 1
    assert ctl.view.combatant("c-pc").resources != before          # the move was paid for under the rules
    assert not loop._take_cover(s, pc, record)                 # already in cover: it stays


def _three_way(ruleset_id: str = "crisis") -> tuple[Campaign, str]:
    """A PC against two NPCs: "c-npc" unarmed and near, "c-far" armed and far."""
    ruleset = get_ruleset(ruleset_id)
    campaign = duel(ruleset)
    far = Character(kind=CharacterKind.NPC, name="Far", stats=ruleset.sheet.new_stats(CharacterKind.NPC),
                    equipment=[_gun(ruleset)])
    campaign.characters.append(far)
    campaign.encounter("enc").combatants.append(Combatant(id="c-far", character_id=far.id, side=Side.ENEMIES))
    return campaign, far.id


def test_nearest_weakest_and_most_dangerous_pick_their_targets() -> None:
    ruleset = get_ruleset("crisis")
    campaign, _ = _three_way()
    _yard(campaign, [], {"c-pc": (1, 1), "c-npc": (3, 1), "c-far": (12, 4)})
    player = FightPlayer(Setup.of(campaign, "enc", ruleset))
    loop, s, ctl = _at_the_pcs_turn(player)
    pc = player.order.index("c-pc")

    def foes(target: Target) -> list[str]:
        return [player.order[j] for j in loop._foes(s, pc, target)]

    assert foes(Target.NEAREST) == ["c-npc", "c-far"]
    assert player.danger["c-far"] > player.danger["c-npc"] == 0.0
    assert foes(Target.DANGEROUS) == ["c-far", "c-npc"]
    # Hurt the far one through the rules' own damage: it becomes the weakest.
    assert ruleset.attacks is not None
    hurt = ruleset.attacks.apply_damage(ctl.view.actor("c-far"), 3, ctl.view.options)
    for effect in hurt.effects:
        if isinstance(effect, SetStatus):
            ctl.campaign.character(effect.character_id).status[effect.key] = effect.value
    ctl.view.changed()
    assert player._health_left(ctl, "c-far") < player._health_left(ctl, "c-npc") == 1.0
    assert foes(Target.WEAKEST) == ["c-far", "c-npc"]


def test_planned_rounds_plan_the_weapon_that_reaches_and_a_move_when_none_does() -> None:
    """On the skirmish demo's toll bridge: Mira plans her longbow (the bridge is the next area), Tobin on the west road
    has only a throw (inside one area) and a shortsword, so he plans to move; Aldric, on the bridge, plans his sword."""
    from crisis_desktop.resources_access import resource

    campaign = Campaign.model_validate_json(resource("demo", "skirmish.json").read_bytes())
    ruleset = get_ruleset("skirmish")
    player = FightPlayer(Setup.of(campaign, "enc-bridge", ruleset, {}))
    ctl = player.fresh()
    ctl.commands.start(RandomDice(1))
    table = TableFight(player)
    loop, s = QuickPlayer(player, table), table.start(ctl, RandomDice(1))
    picked = {}
    for offer in (o for o in ctl.commands.offers() if o.choices):
        i = player.order.index(offer.actors[0])
        pick = loop._plan_for(s, i, table.plan_choices(i, offer.choices))
        picked[ctl.view.name(offer.actors[0])] = offer.choices[pick].label
    assert picked["Mira Fenn"] == "Ranged attack: Longbow"
    assert picked["Tobin Ashe"] == "Move to an adjacent area"
    assert picked["Aldric Vane"] == "Melee attack: Broadsword"
    record = player.play(__import__("random").Random(3))
    assert record.attacks > 0 and record.moves > 0
