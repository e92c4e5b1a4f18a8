"""What each combatant intends with its plan or declaration, as the controller reads and proposes it (no Qt): whom
it would fight, proposed from the map by the rules' assignment; the attack it meant, offered first when it attacks;
an attack made otherwise, said in the log."""

from __future__ import annotations

from crisis_desktop.controller.attack_view import AttackView
from crisis_desktop.controller.fight import FightView
from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.base import ActionRole, AttackRequest, StateRole
from crisis_desktop.rules.kernel.flows import Choice, Intent, Nearness, Placed
from crisis_desktop.rules.kernel.flows.intents import NamesOf, item_names, words
from crisis_desktop.rules.kernel.geometry import AreaRelation


class FightIntents:
    """The intents of one fight, over its view (the flow keeps them) and its attack view (the map)."""

    def __init__(self, view: FightView, preview: AttackView) -> None:
        self.view = view
        self.preview = preview

    def intent(self, combatant_id: str) -> Intent | None:
        """What the combatant intends with what it planned or declared; None when it has not, or the flow keeps
        none."""
        return self.view.flow.intent(self.view, combatant_id)

    def _melee(self, combatant_id: str, weapon_id: str | None) -> bool:
        """Whether an attack with this weapon is fought in melee (the rules give it no range)."""
        weapon = next((w for w in self.preview.weapons(combatant_id) if w.id == weapon_id), None)
        return weapon is not None and self.preview.attacks.weapon_range(weapon) is None

    def nearness(self) -> Nearness:
        """How far apart the tokens stand on the encounter's map (steps, labelled areas), read once."""
        battle_map = self.preview.battle_map()
        cells = self.preview.token_cells()
        zones = self.preview.terrain_of(battle_map).zones if battle_map is not None else None

        def steps(one: str, other: str) -> int | None:
            apart = self.preview.apart(one, other)
            return apart[1] if apart is not None else None

        def areas(one: str, other: str) -> AreaRelation | None:
            if zones is None or one not in cells or other not in cells:
                return None
            return zones.relation(cells[one], cells[other])

        return Nearness(steps, areas)

    def proposed_targets(self, planning: str | None = None, weapon_id: str | None = None) -> dict[str, str]:
        """Whom each combatant who means to attack would fight, as the rules assign it from the map (`planning`: one
        planning an attack with `weapon_id` now, counted among them)."""
        view = self.view
        able = [c for c in view.encounter.combatants if view.state_of(c.id).role is StateRole.FIGHTING]
        cells = self.preview.token_cells()
        attackers: list[str] = []
        melee: set[str] = set()
        held: dict[str, str] = {}
        for c in able:
            meant = self.intent(c.id) if c.id != planning else Intent(weapon=weapon_id)
            if meant is None or (meant.weapon is None and c.id != planning):
                continue
            attackers.append(c.id)
            if self._melee(c.id, meant.weapon):
                melee.add(c.id)
            if meant.target is not None and meant.target in {a.id for a in able}:
                held[c.id] = meant.target
        placed = [Placed(c.id, c.side.value, view.character_of(c.id).kind is CharacterKind.PC, c.id in melee,
                         c.id in cells, held.get(c.id)) for c in able]
        return view.flow.propose_targets(view, placed, attackers, self.nearness())

    def proposal(self, combatant_id: str, choice: Choice) -> Intent:
        """What to offer first when the combatant plans or declares `choice`: the target the rules assign it for an
        attack (the plan's weapon, else the ready one), nothing more."""
        asks = choice.asks
        if asks is None:
            return Intent()
        attack = next((a for a in asks.actions if a.role is ActionRole.ATTACK), None)
        if not asks.target and attack is None:
            return Intent()
        weapons = [w.id for w in self.preview.weapons(combatant_id)]
        ready = self.preview.ready_weapon(combatant_id)
        weapon = choice.item or (ready if ready in weapons else weapons[0] if weapons else None)
        target = self.proposed_targets(combatant_id, weapon).get(combatant_id)
        if attack is None:
            return Intent(target=target)
        return Intent(attack.key, weapon, target) if target is not None and weapon is not None else Intent()

    def check(self, combatant_id: str, intent: Intent) -> None:
        """ValueError with the reason when the intent names a weapon the combatant has not ready."""
        if intent.weapon is not None and intent.weapon not in {w.id for w in self.preview.weapons(combatant_id)}:
            raise ValueError(f"{self.view.name(combatant_id)} has no such weapon ready")

    def departure(self, request: AttackRequest) -> str | None:
        """How the attack departs from what its attacker intended ("meant to attack Brann with the Sword"), for the
        log; None when it is the attack intended, or nothing was."""
        attacker = request.attacker.combatant
        meant = self.intent(attacker.id) if attacker is not None else None
        if attacker is None or meant is None or (meant.target is None and meant.weapon is None):
            return None
        targets = [t.combatant.id for t in request.distinct_targets() if t.combatant is not None]
        if (meant.target is None or meant.target in targets) and meant.weapon in (None, request.weapon.id):
            return None
        other_weapon = meant.weapon if meant.weapon not in (None, request.weapon.id) else None
        other_target = meant.target if meant.target is not None and meant.target not in targets else None
        said = words(Intent(weapon=other_weapon, target=other_target), None, NamesOf(self.view),
                     item_names(self.view, attacker.id))
        return f"Changed by the GM: {request.attacker.name} meant to {said}"
