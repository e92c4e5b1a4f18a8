"""What a combatant intends with its declaration (moments) through the EncounterController: kept with the declaration
in one undo step, shown on the board and to the table, kept through a save and a load, refused with the reason when it
does not fit, and departed from in the log when the GM attacks otherwise."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.prepared_attack import PreparedAttack
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.character import ConditionState
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import Intent
from crisis_desktop.rules.skirmish import SkirmishRuleset
from tests.unit.rules.moments.people import RULES, brann, campaign, ilse, vera


def started() -> tuple[EncounterController, History, Campaign]:
    """Vera, Brann and Ilse at the ford; the INT test ranks Ilse (a critical), Vera, Brann (a fumble): Brann declares
    first, then Vera, then Ilse."""
    game = campaign(vera(), brann(), ilse())
    ctl = EncounterController(game, "enc", RULES)
    history = History(game)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    history.push(ctl.start(TypedDice([50, 100, 4])))
    return ctl, history, game


def ids(ctl: EncounterController) -> dict[str, str]:
    return {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}


def test_the_declaration_lists_its_cost_and_holds_the_attack_and_reaction_meant():
    ctl, history, game = started()
    v, b = ids(ctl)["Vera"], ids(ctl)["Brann"]
    declare = next(o for o in ctl.offers() if o.key == "declare")
    costs = {c.label: c.cost for c in declare.choices}
    assert costs["Action and reaction"] == "1 action, 1 reaction"
    assert costs["Extra action"] == "2 actions, 1 reaction; all tests one step harder"
    assert costs["Focused reaction"] == "no action, 1 reaction; its test one step easier"
    axe = game.character("brann").equipment[0].id
    proposal = ctl.intents.proposal(b, next(c for c in declare.choices if c.key == "act"))
    assert proposal.action == "attack" and proposal.weapon == axe and proposal.target in (v, ids(ctl)["Ilse"])
    history.push(ctl.step("declare", b, "extra_action", intent=Intent("attack", axe, v, reaction="parry")))
    row = next(r for r in ctl.view.order_rows() if r.combatant_id == b)
    assert row.status == "declared: Extra action — attack Vera with the Greataxe, ready to parry"
    assert row.announced == "declared: Extra action — attack Vera with the Greataxe, ready to parry"
    assert ctl.view.encounter.log[-1].text == "Brann intends: attack Vera with the Greataxe, ready to parry"
    assert ctl.intents.intent(b) == Intent("attack", axe, v, reaction="parry")
    # Saved and loaded, the intent is still there.
    again = Campaign.model_validate_json(game.model_dump_json())
    assert EncounterController(again, "enc", RULES).intents.intent(b) == Intent("attack", axe, v, reaction="parry")
    # One undo step takes back the declaration and what it meant.
    history.undo()
    assert ctl.intents.intent(b) is None and not ctl.view.encounter.flow.get("intents")
    history.redo()
    assert ctl.intents.intent(b) == Intent("attack", axe, v, reaction="parry")


def test_an_intent_that_does_not_fit_is_refused_with_the_reason_and_nothing_changes():
    ctl, history, game = started()
    v, b = ids(ctl)["Vera"], ids(ctl)["Brann"]
    before = game.model_dump()
    sword = game.character("vera").equipment[0].id
    with pytest.raises(ValueError, match="Brann has no such weapon ready"):
        ctl.step("declare", b, "act", intent=Intent("attack", sword, v))
    with pytest.raises(ValueError, match="Brann holds no 'parry' ready with Two actions"):
        ctl.step("declare", b, "two_actions", intent=Intent(reaction="parry"))
    with pytest.raises(ValueError, match="Brann cannot aim at itself"):
        ctl.step("declare", b, "act", intent=Intent("attack", None, b))
    assert game.model_dump() == before


def test_an_attack_made_otherwise_than_declared_says_so_in_the_log():
    ctl, history, game = started()
    v, b, i = (ids(ctl)[n] for n in ("Vera", "Brann", "Ilse"))
    axe = game.character("brann").equipment[0].id
    history.push(ctl.step("declare", b, "act", intent=Intent("attack", axe, v)))
    history.push(ctl.step("declare", v, "act"))
    history.push(ctl.step("declare", i, "act"))
    history.push(ctl.step("resolve_declarations"))
    history.push(ctl.step("next_resolver"))
    history.push(ctl.step("next_resolver"))
    assert ctl.view.acting() == (b,)
    history.push(ctl.attack(ctl.preview.attack_request(b, axe, i), TypedDice([90, 1])))
    entry = ctl.view.encounter.log[-1]
    assert entry.details[-1] == "Changed by the GM: Brann meant to attack Vera"
    # A combatant leaving takes its intent along, and intents aimed at it lose their target.
    history.undo()
    history.push(ctl.remove_combatant(v))
    assert ctl.intents.intent(b) == Intent("attack", axe, None)


def test_an_attack_without_a_plan_opens_on_the_first_foe_still_fighting_and_a_plan_on_its_own():
    demo = Campaign.model_validate_json(resource("demo", "skirmish.json").read_bytes())
    ctl = EncounterController(demo, "enc-bridge", SkirmishRuleset())
    history = History(demo)
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    aldric, mira, gorran = ids["pc-aldric"], ids["pc-mira"], ids["npc-gorran"]
    # Aldric, first of the party, lies dying: Gorran's attack opens on Mira, the first foe still fighting.
    demo.character("pc-aldric").conditions += [ConditionState(key="incapacitated"), ConditionState(key="bleeding")]
    assert ctl.view.state_of(aldric).key == "dying"
    history.push(ctl.start(RandomDice(1)))
    assert PreparedAttack(ctl.preview, gorran).target_id == mira
    # Planned at Aldric with the Greataxe, it opens on them (the GM's choice stands, dying or not).
    axe = "npc-gorran-0"
    history.push(ctl.step(f"plan:{gorran}", gorran, f"melee:{axe}", intent=Intent(target=aldric)))
    prepared = PreparedAttack(ctl.preview, gorran)
    assert (prepared.weapon_id, prepared.target_id) == (axe, aldric)
    # A weapon other than the planned one is refused with the reason, nothing changed.
    before = demo.model_dump()
    with pytest.raises(ValueError, match="Longbow: that is the weapon it attacks with this round"):
        ctl.step(f"plan:{mira}", mira, "ranged:pc-mira-0", intent=Intent(weapon="pc-mira-1", target=gorran))
    assert demo.model_dump() == before
