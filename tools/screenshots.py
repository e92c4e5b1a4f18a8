"""Renders the screenshots in docs/screenshots from the demo campaign (offscreen, reproducible).

Run: QT_QPA_PLATFORM=offscreen python tools/screenshots.py
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


def shoot(widget, name: str) -> None:  # type: ignore[no-untyped-def]
    QApplication.processEvents()
    path = OUT / name
    widget.grab().save(str(path))
    print(f"wrote {path.relative_to(ROOT)}")


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
    for old in ("encounter-place.png",):
        (OUT / old).unlink(missing_ok=True)
    for size in ((1280, 800), (1920, 1080)):
        for mode in ("light", "dark"):
            fight(app, size, mode)
    genesys_fight()
    attack_panels()
    home_and_players()


def classic_campaign():  # type: ignore[no-untyped-def]
    """crisis-classic has no bundled demo: two PCs against two of its Quick NPCs, armed from its catalogue."""
    from crisis_desktop.domain import Campaign, Character, CharacterKind, Encounter
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
    return Campaign(name="Classic", ruleset="crisis-classic", characters=[*pcs, *npcs],
                    encounters=[Encounter(id="enc", name="Back alley", combatants=fighters)])


def attack_panels() -> None:
    """The attack panel of each system's demo fight at 1920x1080, just started: whoever may act first (else the first
    PC) attacks the first foe, as the panel opens on it."""
    from crisis_desktop.rules.kernel.dice import RandomDice
    from crisis_desktop.storage.campaign_store import CampaignStore

    demos = {"crisis": ("demo.json", "enc-ambush"), "genesys": ("genesys-demo.json", "enc-dock-9"),
             "moments": ("moments-demo.json", "enc-ford"), "skirmish": ("skirmish-demo.json", "enc-bridge"),
             "crisis-classic": ("classic.json", "enc")}
    for system, (file_name, encounter) in demos.items():
        with tempfile.TemporaryDirectory() as data:
            paths = AppPaths(Path(data)).ensure()
            seed_demo(paths)
            if system == "crisis-classic":
                CampaignStore(paths).save(classic_campaign(), paths.campaigns / file_name)
            window = MainWindow(paths)
            window.resize(1920, 1080)
            window.show()
            window.open_campaign(paths.campaigns / file_name)
            window.tabs.setCurrentWidget(window._board_host)
            board = window.encounter_board
            board.show_encounter(encounter)
            ctl = board.controller
            window.document.push(ctl.start(RandomDice(5)))
            armed = [c.id for c in ctl.view.encounter.combatants if ctl.preview.weapons(c.id)]
            from crisis_desktop.rules.kernel.flows import StepRole

            # Where someone must take their place first (a genesys slot), the first armed one who may takes it.
            choose = next((o for o in ctl.offers() if o.role is StepRole.CHOOSE and o.allowed
                           and any(a in armed for a in o.actors)), None)
            if not ctl.view.acting() and choose is not None:
                window.document.push(ctl.step(choose.key, next(a for a in choose.actors if a in armed)))
            acting = [cid for cid in ctl.view.acting() if cid in armed]
            attacker = acting[0] if acting else next(
                c for c in armed if ctl.view.character_of(c).kind.value == "pc")
            window.workspace.attack_panel.open(ctl, attacker, None, lambda _event: None)
            window.workspace.show_panel("attack")
            QApplication.processEvents()
            shoot(window.workspace.docks["attack"], f"attack-{system}.png")
            window.document.undo_stack.setClean()
            window.close()


def fight(app: QApplication, size: tuple[int, int], mode: str) -> None:
    """The Raider Ambush under way in the fight workspace, Vera's attack on Rask open in the attack panel."""
    from tests.gui.palettes import dark_palette, light_palette

    app.setPalette(dark_palette() if mode == "dark" else light_palette())
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        seed_demo(paths)
        window = MainWindow(paths)
        window.resize(*size)
        window.show()
        window.files.start(None)
        window.tabs.setCurrentWidget(window._board_host)
        board = window.encounter_board
        board.show_encounter("enc-ambush")
        ctl = board.controller
        from crisis_desktop.rules.kernel.dice import RandomDice

        window.document.push(ctl.start(RandomDice(11)))
        names = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
        while ctl.view.current_id() != names["Vera Kask"]:
            board.act_next.trigger()
        board.table.selectRow(next(r for r in range(board.model.rowCount())
                                   if board.model.combatant_id(r) == names["Vera Kask"]))
        board.intents.attack()
        dialog = window.workspace.attack_panel.dialog
        if dialog is not None:
            dialog.target.setCurrentIndex(dialog.target.findData(names["Rask"]))
        QApplication.processEvents()
        window.map_place.view.fit()
        shoot(window, f"fight-{size[0]}-{mode}.png")
        window.document.undo_stack.setClean()
        window.close()
    app.setPalette(light_palette())


def genesys_fight() -> None:
    """The genesys demo's Trouble at Dock 9 under way: Jax has cut into the dock thugs, and Kara, in the second PC
    slot, has her shot at Brakk the enforcer open in the attack panel with the map's range band."""
    from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
    from crisis_desktop.storage.demo import GENESYS_DEMO_FILE_NAME

    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        seed_demo(paths)
        window = MainWindow(paths)
        window.resize(1280, 800)
        window.show()
        window.files.start(str(paths.campaigns / GENESYS_DEMO_FILE_NAME))
        window.tabs.setCurrentWidget(window._board_host)
        board = window.encounter_board
        board.show_encounter("enc-dock-9")
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
        board.table.selectRow(next(r for r in range(board.model.rowCount())
                                   if board.model.combatant_id(r) == "cmb-dock-kara"))
        board.intents.attack()
        dialog = window.workspace.attack_panel.dialog
        if dialog is not None:
            dialog.target.setCurrentIndex(dialog.target.findData("cmb-dock-brakk"))
        QApplication.processEvents()
        window.map_place.view.fit()
        shoot(window, "genesys-demo-fight.png")
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
