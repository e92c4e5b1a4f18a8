"""The price the rules declare for an attack is checked on the way in, with the rules' reason: in each system with
a price (skirmish attacks as planned), once the acting fighter cannot pay for another attack (Attacks.attack_price
says why), the attack is refused with that reason and nothing changes."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.rules.five_fights import SYSTEMS, fight


def first_attack(ctl: EncounterController) -> tuple[str, str, str] | None:
    """(attacker, weapon, target): the first fighter acting now with a weapon, at the first foe still standing."""
    for attacker in ctl.view.acting():
        side = ctl.view.combatant(attacker).side
        foes = [c.id for c in ctl.view.encounter.combatants if c.side != side and not ctl.view.out_of_fight(c.id)]
        for weapon in ctl.preview.weapons(attacker):
            if foes:
                return attacker, weapon.id, foes[0]
    return None


# Skirmish has no price to run out of: a fighter attacks as it planned, once, and the flow lets nobody else act.
@pytest.mark.parametrize("system", [s for s in SYSTEMS if s != "skirmish"])
def test_an_attack_the_attacker_cannot_pay_for_is_refused_with_the_rules_reason(system):
    campaign, encounter = fight(system)
    ctl = EncounterController(campaign, encounter, get_ruleset(campaign.ruleset))
    history = History(campaign)
    history.push(ctl.start(RandomDice(4)))
    dice = RandomDice(9)
    for _ in range(40):                          # steps until someone may attack, then attacks until it cannot pay
        found = first_attack(ctl)
        if found is None:
            offer = next(o for o in ctl.offers() if o.allowed)
            history.push(ctl.step(offer.key, offer.actors[0] if offer.actors else None, *(
                [offer.choices[0].key] if offer.choices else [])))
            continue
        attacker, weapon, target = found
        request = ctl.preview.attack_request(attacker, weapon, target, override=ctl.preview.battle_map() is not None)
        _price, cannot = ctl.preview.attacks.attack_price(request, ctl.view.options)
        if cannot:
            before = campaign.model_dump()
            with pytest.raises(ValueError) as refused:
                ctl.attack(request, dice)
            assert str(refused.value) == cannot
            assert campaign.model_dump() == before
            return
        try:
            history.push(ctl.attack(request, dice))
        except ValueError:                       # the rules refuse it for another reason (a melee weapon out of reach)
            history.push(ctl.step(next(o for o in ctl.offers() if o.allowed).key))
    pytest.fail(f"no attack in {system} ever ran out of what pays for it")
