"""Headless commands (no window, no display needed): `crisis-desktop info`, later `export`."""

from __future__ import annotations

import argparse
import sys

from crisis_desktop.storage.paths import AppPaths


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    info = sub.add_parser("info", help="list campaigns, or summarise one (--campaign)")
    # SUPPRESS keeps a --campaign given before the command from being reset by this default.
    info.add_argument("--campaign", metavar="NAME_OR_PATH", default=argparse.SUPPRESS)
    info.set_defaults(run=run_info)


def run_info(args: argparse.Namespace, paths: AppPaths) -> int:
    from crisis_desktop.app import resolve_campaign_arg
    from crisis_desktop.storage.campaign_store import CampaignFileError, CampaignStore

    store = CampaignStore(paths)
    if not args.campaign:
        print(f"Campaigns in {paths.campaigns}:")
        for entry in store.list_campaigns():
            state = f"  [cannot open: {entry.problem}]" if entry.problem else ""
            print(f"  {entry.name} ({entry.ruleset}) {entry.path.name}{state}")
        return 0
    try:
        path = resolve_campaign_arg(paths, args.campaign)
        campaign = store.load(path)
    except (LookupError, CampaignFileError) as exc:
        print(f"crisis-desktop: {exc}", file=sys.stderr)
        return 2
    pcs = sum(1 for c in campaign.characters if c.kind == "pc")
    print(f"{campaign.name} ({campaign.ruleset}) {path}")
    print(f"  {pcs} PCs, {len(campaign.characters) - pcs} NPCs, {len(campaign.encounters)} encounters, "
          f"{len(campaign.battle_maps)} battle maps, {len(campaign.equipment)} catalogue items")
    return 0
