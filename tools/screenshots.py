"""Renders the screenshots in docs/screenshots from the demo campaign (offscreen, reproducible).

Run: QT_QPA_PLATFORM=offscreen python tools/screenshots.py [--out DIR]   (DIR: elsewhere than docs/screenshots)
     (... tools/screenshots.py home: only the campaign home and the players' screen at 1024x640)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.storage.demo import seed_demo  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.main_window import MainWindow  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
if "--out" in sys.argv[:-1]:
    OUT = Path(sys.argv[sys.argv.index("--out") + 1]).resolve()


def shoot(widget, name: str) -> None:  # type: ignore[no-untyped-def]
    QApplication.processEvents()
    path = OUT / name
    widget.grab().save(str(path))
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


# The five systems' demo fights: the campaign file seeded in the data folder and the encounter.
DEMOS = {"crisis": ("demo.json", "enc-ambush"), "genesys": ("genesys-demo.json", "enc-dock-9"),
         "moments": ("moments-demo.json", "enc-ford"), "skirmish": ("skirmish-demo.json", "enc-bridge"),
         "crisis-classic": ("classic.json", "enc")}
FIGHT_SIZES = ((1280, 800), (1920, 1080))
PLAYER_SIZES = ((1024, 640), (1920, 1080))
# Pictures of earlier versions, under names no longer rendered.
RETIRED = ("encounter-place.png", "fight-1280-light.png", "fight-1280-dark.png", "fight-1920-light.png",
           "fight-1920-dark.png", "genesys-demo-fight.png")


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setStyle("Fusion")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        seed_demo(paths)
        window = MainWindow(paths)
        window.resize(1200, 760)
        window.show()
        window.files.start(None)
        shoot(window, "main-window.png")
        window.tabs.setCurrentIndex(1)
        view = window.characters
        row = next(r for r in range(view.proxy.rowCount())
                   if view.proxy.index(r, 0).data() == "Vera Kask")
        view.table.selectRow(row)
        shoot(window, "characters.png")
        window.document.undo_stack.setClean()
        window.close()
    for old in RETIRED:
        (OUT / old).unlink(missing_ok=True)
    for system in DEMOS:
        for size in FIGHT_SIZES:
            for mode in ("light", "dark"):
                fight(app, system, size, mode)
    attack_panels()
    home_and_players()


def classic_campaign():  # type: ignore[no-untyped-def]
    """crisis-classic has no bundled demo: two PCs against two of its Quick NPCs, armed from its catalogue, in a back
    alley twelve cells wide with a few crates for cover, Boris at the thug's side with his knife."""
    from crisis_desktop.domain import Campaign, Character, CharacterKind, Encounter
    from crisis_desktop.domain.battle_map import BattleMap, Cover, Paint, PaintedTerrain, Token
    from crisis_desktop.domain.encounter import Combatant, Side
    from crisis_desktop.rules.registry import get_ruleset

    rules = get_ruleset("crisis-classic")
    weapons = {w.name: w for w in rules.equipment_catalogue()}
    pcs = [Character(name=name, kind=CharacterKind.PC, stats=dict(rules.sheet.new_stats(CharacterKind.PC)),
                     equipment=[weapons[w].model_copy(deep=True) for w in carried])
           for name, carried in (("Anna", ("Pistol", "Knife")), ("Boris", ("Knife",)))]
    npcs = [rules.quick_npc("Thug", 3), rules.quick_npc("Gunman", 5)]
    fighters = [Combatant(character_id=c.id, side=Side.PARTY) for c in pcs]
    fighters += [Combatant(character_id=c.id, side=Side.ENEMIES) for c in npcs]
    crate = Paint(cover=Cover.LIGHT, zone="crates")
    alley = BattleMap(id="map-alley", name="Back alley", width=12, height=8, metres_per_cell=1.5,
                      terrain=PaintedTerrain().repainted({(5, 3): crate, (5, 4): crate, (7, 6): crate}),
                      tokens=[Token(combatant_id=f.id, x=x, y=y)
                              for f, (x, y) in zip(fighters, ((2, 3), (8, 3), (9, 3), (10, 5)), strict=True)])
    return Campaign(name="Classic", ruleset="crisis-classic", characters=[*pcs, *npcs], battle_maps=[alley],
                    encounters=[Encounter(id="enc", name="Back alley", combatants=fighters,
                                          battle_map_id=alley.id)])


def open_fight(paths: AppPaths, system: str, size: tuple[int, int]) -> MainWindow:
    """The main window at `size` on the system's demo campaign, its fight shown in the workspace (not started)."""
    from crisis_desktop.storage.campaign_store import CampaignStore

    file_name, encounter = DEMOS[system]
    if system == "crisis-classic":
        CampaignStore(paths).save(classic_campaign(), paths.campaigns / file_name)
    window = MainWindow(paths)
    window.resize(*size)
    window.show()
    window.open_campaign(paths.campaigns / file_name)
    window.tabs.setCurrentWidget(window._board_host)
    window.encounter_board.show_encounter(encounter)
    return window


def start_attack(window: MainWindow, system: str) -> None:
    """The fight under way with an attack open in the attack panel: Vera's shot at Rask in the crisis ambush, Kara's at
    Brakk after Jax cut into the dock thugs in genesys, elsewhere whoever may act first (else the first PC) attacks the
    first foe, as the panel opens on it; in the skirmish at the bridge, once the plans are announced and the ranged
    phase is over, Aldric's sword against Gorran in the melee phase; at the ford, once everyone has declared an action
    and a reaction, Vera's sword against the shield-bearer beside her when her turn to resolve comes."""
    if system == "crisis":
        crisis_attack(window)
    elif system == "genesys":
        genesys_attack(window)
    elif system == "skirmish":
        skirmish_attack(window)
    elif system == "moments":
        moments_attack(window)
    else:
        first_attack(window)


def first_attack(window: MainWindow) -> None:
    from crisis_desktop.rules.kernel.dice import RandomDice
    from crisis_desktop.rules.kernel.flows import StepRole

    ctl = window.encounter_board.controller
    window.document.push(ctl.start(RandomDice(5)))
    armed = [c.id for c in ctl.view.encounter.combatants if ctl.preview.weapons(c.id)]
    # Where someone must take their place first (a genesys slot), the first armed one who may takes it.
    choose = next((o for o in ctl.offers() if o.role is StepRole.CHOOSE and o.allowed
                   and any(a in armed for a in o.actors)), None)
    if not ctl.view.acting() and choose is not None:
        window.document.push(ctl.step(choose.key, next(a for a in choose.actors if a in armed)))
    acting = [cid for cid in ctl.view.acting() if cid in armed]
    attacker = acting[0] if acting else next(c for c in armed if ctl.view.character_of(c).kind.value == "pc")
    dialog = window.workspace.attack_panel.open(ctl, attacker, None, lambda _event: None)
    # The first target the attacker may roll at now (in reach, in sight), where there is one.
    for index in range(dialog.target.count()):
        dialog.target.setCurrentIndex(index)
        if dialog.roll_button.isEnabled():
            break
    else:
        dialog.target.setCurrentIndex(0)


def crisis_attack(window: MainWindow) -> None:
    from crisis_desktop.rules.kernel.dice import RandomDice

    board = window.encounter_board
    ctl = board.controller
    window.document.push(ctl.start(RandomDice(11)))
    names = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    while ctl.view.current_id() != names["Vera Kask"]:
        board.act_next.trigger()
    board.select(names["Vera Kask"])
    board.intents.attack()
    dialog = window.workspace.attack_panel.dialog
    if dialog is not None:
        dialog.target.setCurrentIndex(dialog.target.findData(names["Rask"]))


SKIRMISH_PLANS = {"pc-aldric": "melee:pc-aldric-0", "pc-mira": "ranged:pc-mira-0", "pc-tobin": "move",
                  "npc-gorran": "melee:npc-gorran-0", "npc-brigand-1": "melee:npc-brigand-1-0",
                  "npc-brigand-2": "ranged:npc-brigand-2-1", "npc-archer": "misc"}


def skirmish_attack(window: MainWindow) -> None:
    from crisis_desktop.rules.kernel.dice import TypedDice

    board = window.encounter_board
    ctl = board.controller
    push = window.document.push
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    push(ctl.start(TypedDice([])))
    for character_id, choice in SKIRMISH_PLANS.items():
        push(ctl.step(f"plan:{ids[character_id]}", ids[character_id], choice))
    push(ctl.step("resolve_phases"))
    # The ranged phase: Mira's arrow drops the spearman, who still throws his javelin at Aldric.
    push(ctl.attack(ctl.preview.attack_request(ids["pc-mira"], "pc-mira-0", ids["npc-brigand-2"]),
                    TypedDice([18, 2, 2])))
    push(ctl.attack(ctl.preview.attack_request(ids["npc-brigand-2"], "npc-brigand-2-1", ids["pc-aldric"]),
                    TypedDice([10, 5, 3])))
    push(ctl.step("next_phase"))
    board.select(ids["pc-aldric"])
    window.workspace.attack_panel.open(ctl, ids["pc-aldric"], ids["npc-gorran"], lambda _event: None)


def moments_attack(window: MainWindow) -> None:
    from crisis_desktop.rules.kernel.dice import RandomDice
    from crisis_desktop.rules.kernel.flows import StepRole

    board = window.encounter_board
    ctl = board.controller
    push = window.document.push
    push(ctl.start(RandomDice(5)))
    while (offer := next((o for o in ctl.offers() if o.key == "declare" and o.allowed), None)) is not None:
        push(ctl.step("declare", offer.actors[0], "act"))
    push(ctl.step("resolve_declarations"))
    while ctl.view.encounter.flow["resolving"] != "cmb-ford-vera":
        push(ctl.step(next(o for o in ctl.offers() if o.role is StepRole.ADVANCE and o.allowed).key))
    board.select("cmb-ford-vera")
    window.workspace.attack_panel.open(ctl, "cmb-ford-vera", "cmb-ford-shieldbearer", lambda _event: None)


def genesys_attack(window: MainWindow) -> None:
    from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice

    board = window.encounter_board
    ctl = board.controller
    push = window.document.push
    for seed in range(100):  # the app's initiative dice, seeded so that the players' slots come first
        push(ctl.start(RandomDice(seed)))
        if [s["side"] for s in ctl.view.encounter.flow["slots"][:2]] == ["party", "party"]:
            break
        window.document.undo_stack.undo()
    push(ctl.step("fill_slot", "cmb-dock-jax"))
    sword = next(w for w in ctl.preview.weapons("cmb-dock-jax") if w.name == "Sword")
    fixed = ctl.preview.map_inputs("cmb-dock-jax", sword.id, "cmb-dock-thugs") or {}
    push(ctl.attack(ctl.preview.attack_request("cmb-dock-jax", sword.id, "cmb-dock-thugs", **fixed),
                    TypedDice(["ss", "sa", "sa", "blank", "blank", "blank"])))
    push(ctl.step("end_turn"))
    push(ctl.step("fill_slot", "cmb-dock-kara"))
    board.select("cmb-dock-kara")
    board.intents.attack()
    dialog = window.workspace.attack_panel.dialog
    if dialog is not None:
        dialog.target.setCurrentIndex(dialog.target.findData("cmb-dock-brakk"))


def fight(app: QApplication, system: str, size: tuple[int, int], mode: str) -> None:
    """The system's demo fight under way in the fight workspace at `size`, an attack open in the attack panel; from
    the crisis ambush in the light theme the players' screen too, at each of PLAYER_SIZES."""
    from tests.gui.palettes import dark_palette, light_palette

    app.setPalette(dark_palette() if mode == "dark" else light_palette())
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        seed_demo(paths)
        window = open_fight(paths, system, size)
        start_attack(window, system)
        QApplication.processEvents()
        window.workspace.fit_map()
        shoot(window, f"fight-{system}-{size[0]}-{mode}.png")
        if system == "crisis" and mode == "light" and size == FIGHT_SIZES[-1]:
            players(window)
        window.document.undo_stack.setClean()
        window.close()
    app.setPalette(light_palette())


def players(window: MainWindow) -> None:
    """The players' screen of the fight the window shows, at each of PLAYER_SIZES."""
    from crisis_desktop.ui.player_display.display import PlayerDisplay

    document = window.document
    display = PlayerDisplay(window.encounter_board.model)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    for width, height in PLAYER_SIZES:
        display.resize(width, height)
        display.show()
        QApplication.processEvents()
        display.map_view.fit()
        shoot(display, f"players-{width}.png")
    document.changed.disconnect(display.apply_changes)
    display.close()


def attack_panels() -> None:
    """The attack panel of each system's demo fight at 1920x1080, the attack of its fight pictures open."""
    for system in DEMOS:
        with tempfile.TemporaryDirectory() as data:
            paths = AppPaths(Path(data)).ensure()
            seed_demo(paths)
            window = open_fight(paths, system, (1920, 1080))
            start_attack(window, system)
            window.workspace.show_panel("attack")
            QApplication.processEvents()
            shoot(window.workspace.docks["attack"], f"attack-{system}.png")
            window.document.undo_stack.setClean()
            window.close()


def home_and_players() -> None:
    """The campaign home of the demo with the Raider Ambush under way (home.png), and the players' screen of that
    fight at 1024x640 (players-1024.png): a few blows struck, Tomas kneeling, the fog over the far ridge."""
    from crisis_desktop.controller.fog_commands import RevealCells, SetFog
    from crisis_desktop.rules.kernel.dice import RandomDice
    from crisis_desktop.ui.player_display.display import PlayerDisplay

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        seed_demo(paths)
        window = MainWindow(paths)
        window.resize(1280, 800)
        window.show()
        window.files.start(None)
        document, board = window.document, window.encounter_board
        assert document is not None and board is not None
        board.show_encounter("enc-ambush")
        ctl = board.controller
        assert ctl is not None
        document.push(SetFog(document.campaign, "map-ridge-road", True))
        document.push(RevealCells(document.campaign, "map-ridge-road",
                                  {(x, y) for x in range(2, 18) for y in range(2, 13)}))
        document.push(ctl.start(RandomDice(2024)))
        dice = RandomDice(5)
        for _ in range(6):
            current = ctl.view.current_id() or ""
            foes = [c.id for c in ctl.view.encounter.combatants
                    if c.side != ctl.view.combatant(current).side and not c.hidden]
            weapons = ctl.preview.weapons(current)
            if foes and weapons:
                with contextlib.suppress(ValueError):
                    document.push(ctl.attack(ctl.preview.attack_request(current, weapons[0].id, foes[0], distance=4),
                                             dice))
            document.push(ctl.step("next_turn"))
        document.push(ctl.overrides.add_condition("pc-tomas", "kneeling"))
        window.tabs.setCurrentIndex(0)
        app.processEvents()
        shoot(window, "home.png")
        display = PlayerDisplay(board.model)
        display.resize(1024, 640)
        display.show_encounter(document.session)
        document.changed.connect(display.apply_changes)
        display.show()
        app.processEvents()
        display.map_view.fit()
        shoot(display, "players-1024.png")
        display.close()
        # The user guide (shipped in the package) shows them too.
        for name in ("home.png", "players-1024.png"):
            shutil.copyfile(OUT / name, ROOT / "crisis_desktop" / "docs" / "screenshots" / name)
        document.undo_stack.setClean()
        window.close()


if __name__ == "__main__":
    if sys.argv[1:] == ["home"]:
        home_and_players()
    else:
        main()
