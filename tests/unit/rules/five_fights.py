"""One fight of each bundled system for tests that run across all five: the demo campaign's encounter where the
system has a demo, and a small crisis-classic fight (it has none)."""

from __future__ import annotations

from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset

DEMOS = resource("demo")
# The demo file and its encounter, by system.
DEMO_FIGHTS = {"crisis": ("campaign.json", "enc-ridge"), "genesys": ("genesys.json", "enc-dock-9"),
               "moments": ("moments.json", "enc-ford"), "skirmish": ("skirmish.json", "enc-bridge")}
SYSTEMS = ("crisis", "crisis-classic", "genesys", "moments", "skirmish")


def classic_campaign() -> Campaign:
    """Crisis-classic in a back alley: two PCs (a pistol, a knife) against two grouped gunmen and one alone."""
    rules = get_ruleset("crisis-classic")
    catalogue = {item.name: item for item in rules.catalogue("weapons")}  # type: ignore[attr-defined]

    def make(name: str, kind: CharacterKind, weapon: str) -> Character:
        return Character(name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)),
                         equipment=[catalogue[weapon].model_copy(deep=True)])

    people = [make("Anna", CharacterKind.PC, "Pistol"), make("Boris", CharacterKind.PC, "Knife"),
              make("Gunman", CharacterKind.NPC, "Revolver"), make("Lookout", CharacterKind.NPC, "Revolver"),
              make("Driver", CharacterKind.NPC, "Revolver")]
    combatants = [Combatant(id=f"c-{p.name.lower()}", character_id=p.id,
                            side=Side.PARTY if p.kind is CharacterKind.PC else Side.ENEMIES,
                            group="gunmen" if p.name in ("Gunman", "Lookout") else None) for p in people]
    return Campaign(name="Classic", ruleset="crisis-classic", characters=people,
                    encounters=[Encounter(id="enc-alley", name="Back alley", combatants=combatants)])


def fight(system: str) -> tuple[Campaign, str]:
    """The system's campaign and the id of its fight."""
    if system == "crisis-classic":
        return classic_campaign(), "enc-alley"
    file_name, encounter_id = DEMO_FIGHTS[system]
    campaign = Campaign.model_validate_json((DEMOS / file_name).read_bytes())
    assert campaign.ruleset == system
    return campaign, encounter_id
