"""The action economy part of a ruleset: its currencies, actions and their prices, what a combatant may
take now and what taking it spends; each with a working default."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.rules.base.economy import ActionAvailability, ActionSpec, Cost, Currency, TurnEffects
from crisis_desktop.rules.base.effects import Effect, SetResource
from crisis_desktop.rules.base.part import Part
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.values import Options


class Economy(Part):
    """The action economy of a ruleset: a system subclasses it and overrides what differs."""

    def currencies(self) -> Sequence[Currency]:
        """The currencies of the action economy, as the rules name them."""
        return ()

    def cost_text(self, price: Cost) -> str:
        """A price in the rules' words: "2 AP", "1 action", "1 maneuver + 2 strain"; "free" when it is nothing."""
        named = {c.key: c for c in self.currencies()}
        parts = [named[key].amount(n) if key in named else f"{n} {key}" for key, n in price.items() if n]
        return " + ".join(parts) or "free"

    def actions(self) -> Sequence[ActionSpec]:
        """The actions of the action economy, each with the price it declares (`ActionSpec.cost`); none by
        default."""
        return ()

    def turn_allowance(self) -> Cost:
        """What a combatant has of each currency at the start of its turn (and of the fight), by currency key; the
        default economy keeps what is left in the combatant's resources under that key. Nothing by default."""
        return {}

    def refill(self, actor: Actor) -> tuple[Effect, ...]:
        """The effects that give the actor its `turn_allowance` again."""
        if actor.combatant is None:
            return ()
        return tuple(SetResource(actor.combatant.id, key, amount) for key, amount in self.turn_allowance().items())

    def price_refusal(self, actor: Actor, what: str, price: Cost) -> str | None:
        """Why the actor cannot pay `price` for `what` now, in the rules' words, or None when it can: by default
        each currency of the price against what the actor has left of it (its combatant's resource of that key)."""
        if actor.combatant is None:
            return None
        named = {c.key: c for c in self.currencies()}
        for key, amount in price.items():
            left = actor.combatant.resources.get(key, 0)
            left = left if isinstance(left, int) and not isinstance(left, bool) else 0
            if left < amount:
                plural = named[key].plural if key in named else key
                return (f"Not enough {plural}: {what} costs {self.cost_text(price)}, {actor.name} has "
                        f"{self.cost_text({key: left}) if left else 'none'}")
        return None

    def pay(self, actor: Actor, price: Cost, what: str) -> TurnEffects:
        """The effects of paying `price` for `what` (an action's label, "attack"; already checked), and any note
        the payment makes (strain suffered for it): by default each
        currency's resource less the amount. The one place a price is charged: the controller pays an attack's
        price (`Attacks.attack_price`) with it, and `spend_action` an action's. Systems whose currencies count up
        (actions taken) or cost something besides (strain past the threshold) override this, once."""
        if actor.combatant is None:
            return TurnEffects()
        effects: list[Effect] = []
        for key, amount in price.items():
            left = actor.combatant.resources.get(key, 0)
            left = left if isinstance(left, int) and not isinstance(left, bool) else 0
            effects.append(SetResource(actor.combatant.id, key, left - amount))
        return TurnEffects(tuple(effects))

    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]:
        """Every action with its declared price for this actor and whether it can be paid now: by default the
        price is `ActionSpec.cost` and a fighter who is down or out takes none."""
        standing = self.rules.sheet.state(actor.character, options)
        out = []
        for action in self.actions():
            reason = (standing.text if not standing.fighting else
                      self.price_refusal(actor, action.label, action.cost) or "")
            out.append(ActionAvailability(action, action.cost, not reason, reason))
        return out

    def action_availability(self, actor: Actor, action_key: str, options: Options) -> ActionAvailability | None:
        """Whether one action may be taken now and at what price (None: the rules have no such action). By default
        found among `available_actions`; rules that can price one action alone say so more quickly (a move asks for
        its one action at every step)."""
        return next((a for a in self.available_actions(actor, options) if a.action.key == action_key), None)

    def spend_action(self, actor: Actor, action_key: str, options: Options,
                     cost: int | None = None) -> TurnEffects:
        """The effects of taking an action (its price paid, multi-turn progress): by default its availability
        checked and its declared price paid (`pay`). ValueError with the reason if the action is not allowed
        now."""
        availability = self.action_availability(actor, action_key, options)
        if availability is None:
            raise ValueError(f"The {self.rules.name} rules have no action {action_key!r}")
        if not availability.allowed:
            raise ValueError(availability.reason)
        return self.pay(actor, availability.price, availability.action.label)

    def spend_action_on(self, actor: Actor, action_key: str, target: Actor, options: Options) -> TurnEffects:
        """The effects of taking an action of role HELP on `target` (its price and what it gives the target).
        ValueError with the reason if it is not allowed now; rules without such actions have none to take."""
        raise ValueError(f"The {self.rules.name} rules have no action {action_key!r} taken on someone else")
