"""The attack being prepared, before the roll: who attacks with what at whom, and every input the GM set, kept per
attack and per target. Qt-free: the attack panel is a view of it and owns no value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from crisis_desktop.controller.attack_view import AttackPreview, AttackView
from crisis_desktop.domain import Combatant, EquipmentItem, StatValue
from crisis_desktop.rules.base import AttackRequest, FieldSpec, StateRole
from crisis_desktop.rules.kernel.flows import Intent


@dataclass(frozen=True)
class Choices:
    """What the attack's three pickers offer: (id, label) of the attackers, the attacker's weapons and the targets."""

    attackers: list[tuple[str, str]]
    weapons: list[tuple[str, str]]
    targets: list[tuple[str, str]]


@dataclass(frozen=True)
class Inputs:
    """One form's worth of the rules' inputs: the specs in order, the values to show, and the keys the battle map
    fixes (read-only unless the GM overrides the map)."""

    specs: tuple[FieldSpec, ...]
    values: Mapping[str, StatValue]
    locked: frozenset[str] = frozenset()


class PreparedAttack:
    """Everything the GM has set for one attack, as values keyed by the rules' own input keys.

    What the GM sets is remembered by key, for the attack as a whole and for each target apart, whatever the
    attacker, weapon, target or override become: a value shows again wherever the rules ask for that key and allow
    it (otherwise the map's measure or the rules' default shows). The map's measures are read fresh each time, so
    they follow the tokens. Nothing here changes the campaign: `request()` is the attack as declared, for the
    controller to price, roll and apply."""

    def __init__(self, preview: AttackView, attacker_id: str, target_id: str | None = None,
                 weapon_id: str | None = None) -> None:
        self.attack_view = preview
        self.view = preview.fight
        self.attacker_id = attacker_id
        self.weapon_id: str | None = None
        self.target_id: str | None = None
        self.further: list[str] = []          # further targets, in the order declared
        self.override = False                 # the GM sets what the map measures, logged
        self.finishing = False                # the rules' finishing blow instead of an ordinary attack (Executes)
        self._own: dict[str, StatValue] = {}
        self._per_target: dict[str, dict[str, StatValue]] = {}
        self.set_attacker(attacker_id, weapon_id=weapon_id, target_id=target_id)

    # -- who, with what, at whom -------------------------------------------------------------------
    def choices(self) -> Choices:
        """Who may attack, with what, at whom, as the fight stands now (everyone's state read once)."""
        view = self.view
        standing = [c for c in view.encounter.combatants if not view.out_of_fight(c.id)]
        names = {c.id: view.name(c.id) for c in standing}
        return Choices([(c.id, names[c.id]) for c in standing], self.weapons(), self._targets(standing, names))

    def attackers(self) -> list[tuple[str, str]]:
        """(id, name) of everyone still in the fight, who may attack."""
        return self.choices().attackers

    def weapons(self) -> list[tuple[str, str]]:
        """(id, name) of the attacker's ready weapons."""
        return [(w.id, w.name) for w in self.attack_view.weapons(self.attacker_id)]

    def targets(self) -> list[tuple[str, str]]:
        """(id, label) of everyone else still in the fight, the attacker's foes first."""
        view = self.view
        standing = [c for c in view.encounter.combatants if not view.out_of_fight(c.id)]
        return self._targets(standing, {c.id: view.name(c.id) for c in standing})

    def _targets(self, standing: list[Combatant], names: Mapping[str, str]) -> list[tuple[str, str]]:
        side = self.view.combatant(self.attacker_id).side
        others = sorted((c for c in standing if c.id != self.attacker_id), key=lambda c: c.side == side)
        return [(c.id, f"{names[c.id]} ({c.side.value})") for c in others]

    def set_attacker(self, attacker_id: str, *, weapon_id: str | None = None, target_id: str | None = None) -> None:
        """Another attacker: its ready (or planned) weapon unless one is named, the same target while it may still
        be attacked; every value set so far stays."""
        self.attacker_id = attacker_id
        weapons = [w for w, _name in self.weapons()]
        # What the attacker planned or declared comes first, after what the GM names or has picked.
        meant = self.view.flow.intent(self.view, attacker_id) or Intent()
        wanted = next((w for w in (weapon_id, self.weapon_id, meant.weapon) if w is not None and w in weapons), None)
        if wanted is None:
            ready = self.attack_view.ready_weapon(attacker_id)
            wanted = ready if ready in weapons else (weapons[0] if weapons else None)
        self.weapon_id = wanted
        targets = [t for t, _label in self.targets()]
        target = next((t for t in (target_id, self.target_id, meant.target) if t is not None and t in targets), None)
        # Else the first foe still fighting (a dying one only when nobody else is left).
        if target is None:
            side = self.view.combatant(attacker_id).side
            target = next((t for t in targets if self.view.combatant(t).side != side
                           and self.view.state_of(t).role is StateRole.FIGHTING), targets[0] if targets else None)
        self.target_id = target
        self.further = [t for t in self.further if t in targets and t != self.target_id]
        self._fit_further()

    def set_weapon(self, weapon_id: str | None) -> None:
        self.weapon_id = weapon_id
        self._fit_further()

    def set_target(self, target_id: str | None) -> None:
        """Aim at another target: a further target aimed at leaves the further list."""
        self.target_id = target_id
        self.further = [t for t in self.further if t != target_id]
        self._fit_further()

    def tick(self, target_id: str, on: bool = True) -> str | None:
        """Declare (or take back) a further target; the reason when the weapon takes no more, else None."""
        if not on:
            self.further = [t for t in self.further if t != target_id]
            return None
        if target_id in self.further or target_id == self.target_id:
            return None
        limit = self.max_targets()
        if limit is not None and len(self.further) + 1 >= limit:
            return f"This weapon takes at most {limit} target{'s' if limit != 1 else ''}"
        self.further.append(target_id)
        return None

    def set_override(self, on: bool) -> None:
        """Overriding the map lets the GM's values stand; ending it gives every measured value back to the map."""
        self.override = on
        if not on:
            for target_id in self.all_targets():
                for key in self._measured(target_id):
                    self._per_target.get(target_id, {}).pop(key, None)
            if self.weapon_id is not None and self.target_id is not None:
                for key in self.attack_view.map_attack_inputs(self.attacker_id, self.weapon_id, self.target_id) or {}:
                    self._own.pop(key, None)

    def max_targets(self) -> int | None:
        weapon = self.weapon()
        return None if weapon is None else self.attack_view.attacks.max_targets(weapon)

    def _fit_further(self) -> None:
        """Further targets within what the weapon takes; under a blast on the map, everyone under the template."""
        blast = self.blast_targets()
        if blast:
            self.further = [t for t in blast if t != self.target_id]
            return
        limit = self.max_targets()
        self.further = self.further[:None if limit is None else max(0, limit - 1)]

    def blast_targets(self) -> list[str]:
        """Everyone under the weapon's template around the aimed target on the map (it first); empty without a map,
        a blast or under the GM's override."""
        if self.override or self.weapon_id is None or self.target_id is None:
            return []
        return self.attack_view.blast_targets(self.attacker_id, self.weapon_id, self.target_id)

    def all_targets(self) -> list[str]:
        return [t for t in [self.target_id, *self.further] if t is not None]

    def weapon(self) -> EquipmentItem | None:
        if self.weapon_id is None:
            return None
        return self.view.character_of(self.attacker_id).item(self.weapon_id)

    # -- the rules' inputs ---------------------------------------------------------------------------
    def own_inputs(self) -> Inputs:
        """The attack's own inputs (aim, circumstance): what the map fixes against the aimed target (genesys: the
        attacker engaged; locked unless overridden), what the GM set where it still applies, else the default."""
        if self.weapon_id is None:
            return Inputs((), {})
        specs = tuple(self.attack_view.attack_inputs(self.attacker_id, self.weapon_id))
        measured: Mapping[str, StatValue] = {}
        if self.target_id is not None:
            measured = self.attack_view.map_attack_inputs(self.attacker_id, self.weapon_id, self.target_id) or {}
        return Inputs(specs, *self._with_map(specs, self._own, measured))

    def _with_map(self, specs: tuple[FieldSpec, ...], set_here: Mapping[str, StatValue],
                  measured: Mapping[str, StatValue]) -> tuple[dict[str, StatValue], frozenset[str]]:
        """The values to show and the keys the map locks: the map's measure wins over what the GM set unless the GM
        overrides the map."""
        if not self.override:
            set_here = {k: v for k, v in set_here.items() if k not in measured}
        keys = {s.key for s in specs}
        locked = frozenset() if self.override else frozenset(k for k in measured if k in keys)
        return _kept(specs, set_here, measured), locked

    def target_inputs(self, target_id: str) -> Inputs:
        """One target's inputs: the map's measure (locked unless overridden), what the GM set, or the default."""
        if self.weapon_id is None:
            return Inputs((), {})
        specs = tuple(self.attack_view.target_inputs(self.attacker_id, self.weapon_id, target_id))
        return Inputs(specs, *self._with_map(specs, self._per_target.get(target_id, {}), self._measured(target_id)))

    def set_own(self, key: str, value: StatValue) -> None:
        self._own[key] = value

    def set_target_input(self, target_id: str, key: str, value: StatValue) -> None:
        self._per_target.setdefault(target_id, {})[key] = value

    def _measured(self, target_id: str) -> Mapping[str, StatValue]:
        if self.weapon_id is None:
            return {}
        return self.attack_view.map_inputs(self.attacker_id, self.weapon_id, target_id, centre_id=self.target_id) or {}

    def map_fixes(self, target_id: str) -> bool:
        """Whether the map fixes any of this target's inputs (distance, cover, a band), overridden or not."""
        return bool(self._measured(target_id))

    def on_map(self) -> dict[str, bool]:
        """For each target, whether the map measures it (the encounter has a map and both tokens are on it)."""
        if self.weapon_id is None:
            return {}
        return {t: self.attack_view.map_inputs(self.attacker_id, self.weapon_id, t,
                                               centre_id=self.target_id) is not None
                for t in self.all_targets()}

    # -- the attack as declared ----------------------------------------------------------------------
    def request(self) -> AttackRequest | None:
        """The attack as declared now; None while there is no weapon or no target; ValueError with the rules'
        reason when it cannot be declared."""
        if self.weapon_id is None or self.target_id is None:
            return None
        first = dict(self.target_inputs(self.target_id).values)
        more = [(t, dict(self.target_inputs(t).values)) for t in self.further]
        return self.attack_view.attack_request(self.attacker_id, self.weapon_id, self.target_id, more=more,
                                         override=self.override and any(self.on_map().values()),
                                         **self.own_inputs().values, **first)

    def preview(self) -> AttackPreview:
        """Modifiers, what to beat, the price and the odds; ValueError with the reason when it cannot be made."""
        request = self.request()
        if request is None:
            raise ValueError("Choose an attacker with a weapon, and a target.")
        return self.attack_view.attack_preview(request)


def _kept(specs: tuple[FieldSpec, ...], set_here: Mapping[str, StatValue],
          measured: Mapping[str, StatValue]) -> dict[str, StatValue]:
    """Each spec's value: what was set (while the rules allow it), else the map's measure, else the default."""
    kept: dict[str, StatValue] = {}
    for spec in specs:
        value = set_here[spec.key] if spec.key in set_here else measured.get(spec.key, spec.default)
        kept[spec.key] = value if spec.validate(value) is None else spec.default
    return kept


__all__ = ["Choices", "Inputs", "PreparedAttack"]
