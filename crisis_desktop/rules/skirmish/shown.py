"""What the board, the token and the sheet show of a skirmish character beyond its Stamina: the wound at each
location and what it imposes, and the Fatigue its pain has left."""

from __future__ import annotations

from crisis_desktop.rules.base import Actor, Mark, Options
from crisis_desktop.rules.skirmish import sheet, wounds


def marks(actor: Actor, options: Options) -> list[Mark]:
    """One mark per wounded location ("Skull fracture (critical)", with the location and the table's note on what it
    imposes),
    then Fatigue when there is some (the pain of every blow, taken off checks and Stamina)."""
    c = actor.character
    out = []
    for loc in sheet.LOCATIONS:
        severity = sheet.wound(c, loc)
        if severity != "none":
            row = wounds.wound_row(loc, severity)
            out.append(Mark(f"{row['name']} ({severity})", f"{wounds.location_label(loc)}: {row['note']}"))
    tired = sheet.fatigue(c)
    if tired:
        out.append(Mark(f"Fatigue {tired}", f"pain taken: -{tired} on checks (combat skills in a fight excepted) "
                                            f"and Stamina {int(sheet.endurance(c).value)} - {tired}", told=False))
    return out
