"""Reload loads the magazine weapon that wants it from a spare magazine, for its REL in AP; over several turns when
REL is more than a fighter can hold, loaded when the last AP is paid."""

from __future__ import annotations

from conftest import actor, npc, pc, weapon

from crisis_desktop.rules.base import Actor, SetItemStat, SetResource


def apply(a: Actor, effects) -> Actor:
    """The actor after the effects: its resources and its weapons' stats."""
    resources = dict(a.combatant.resources)
    items = {i.id: dict(i.stats) for i in a.character.equipment}
    for e in effects:
        if isinstance(e, SetResource):
            resources[e.key] = e.value
        elif isinstance(e, SetItemStat):
            assert e.character_id == a.character.id
            items[e.item_id][e.key] = e.value
    equipment = [i.model_copy(update={"stats": items[i.id]}) for i in a.character.equipment]
    return Actor(a.character.model_copy(update={"equipment": equipment}),
                 a.combatant.model_copy(update={"resources": resources}))


def stat(a: Actor, name: str, key: str):
    return next(i for i in a.character.equipment if i.name == name).stats[key]


def test_reload_fills_the_emptiest_magazine_from_a_spare_and_pays_its_rel(rules):
    shooter = actor(pc(equipment=(weapon("Pistol", cap=7, ammo=2, mag=2, reload_ap=2),
                                  weapon("Rifle", cap=5, ammo=0, mag=1, reload_ap=3))), ap=4)
    offered = {a.action.key: a for a in rules.economy.available_actions(shooter, {})}["reload"]
    assert offered.allowed and offered.price == {"ap": 3}           # the rifle, emptier, at its REL
    taken = rules.economy.spend_action(shooter, "reload", {})
    after = apply(shooter, taken.effects)
    assert stat(after, "Rifle", "ammo") == 5 and stat(after, "Rifle", "mag") == 0
    assert stat(after, "Pistol", "ammo") == 2 and after.combatant.resources["ap"] == 1
    assert "Rifle reloaded: 5 rounds (0 spare magazines left)" in taken.notes
    after = after.__class__(after.character, after.combatant.model_copy(update={"resources": {
        **after.combatant.resources, "ap": 4}}))
    again = apply(after, rules.economy.spend_action(after, "reload", {}).effects)   # then the pistol
    assert stat(again, "Pistol", "ammo") == 7 and stat(again, "Pistol", "mag") == 1


def test_reload_is_refused_with_the_reason(rules):
    def reason(*weapons) -> str:
        a = actor(pc(equipment=weapons), ap=6)
        return {x.action.key: x for x in rules.economy.available_actions(a, {})}["reload"].reason

    assert reason(weapon("Sword", range=0)) == "Vera has no weapon to reload"
    assert reason(weapon("Pistol", cap=7, ammo=7, mag=2)) == "Vera's Pistol is fully loaded"
    assert reason(weapon("Pistol", cap=7, ammo=0, mag=0)) == "Vera has no spare magazine left"


def test_a_reload_longer_than_a_turn_loads_when_its_last_ap_is_paid(rules):
    gunner = actor(pc(equipment=(weapon("Cannon", cap=1, ammo=0, mag=3, reload_ap=8),)), ap=6)
    first = rules.economy.spend_action(gunner, "reload", {})
    gunner = apply(gunner, first.effects)
    assert stat(gunner, "Cannon", "ammo") == 0 and "Reload: 6 of 8 AP" in first.notes
    gunner = apply(gunner, rules.start_turn(gunner, {}).effects)
    last = rules.economy.spend_action(gunner, "reload", {})
    gunner = apply(gunner, last.effects)
    assert stat(gunner, "Cannon", "ammo") == 1 and stat(gunner, "Cannon", "mag") == 2
    assert "Reload is done" in last.notes and gunner.combatant.resources["ap"] == 2


def test_an_npc_on_two_actions_reloads_with_one_of_them(rules):
    raider = actor(npc(equipment=(weapon("Pistol", cap=7, ammo=0, reload_ap=2),)), actions_taken=0)
    taken = rules.economy.spend_action(raider, "reload", {"npc_actions": "two_actions"})
    after = apply(raider, taken.effects)
    assert stat(after, "Pistol", "ammo") == 7 and after.combatant.resources["actions_taken"] == 1
