"""Asking the GM for a treatment: which of the rules' treatments (those not open now listed with the reason), who
gives it and which injury or skill; the board then gives it through the controller."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QWidget

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.rules.base import Treatment
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk


@dataclass(frozen=True)
class PickedTreatment:
    key: str
    label: str
    healer_id: str | None
    choice: str | None
    rolls: bool
    patient_id: str


def pick_treatment(parent: QWidget, ctl: EncounterController, patient_id: str,
                   acting_id: str | None) -> PickedTreatment | None:
    """The treatment the GM picks for the patient, or None (cancelled, or refused with the reason said). A fight's
    healing action is given by `acting_id`, whose turn it is; a treatment between fights by whoever the GM names."""
    name = ctl.view.name(patient_id)
    treatments = ctl.healing.treatments(patient_id)
    if not treatments:
        Ask.info(parent, "Treat", f"The {ctl.ruleset.name} rules have no treatment for {name}")
        return None
    # With the one whose turn it is selected, what it gives by hand is open when it may be given to anyone: whom it
    # treats is asked next.
    given = {t.key for t in treatments if patient_id == acting_id and t.healer and t.action_key is not None
             and any(o.key == t.key and o.allowed for p in _patients(ctl) for o in ctl.healing.treatments(p))}
    labels = [t.label if t.allowed or t.key in given else f"{t.label} (not now: {t.reason})" for t in treatments]
    index = BoardAsk.choose(parent, f"Treat {name}", "Treatment:", labels)
    if index is None:
        return None
    treatment = treatments[index]
    if not treatment.allowed and treatment.key not in given:
        Ask.error(parent, treatment.label, f"{treatment.label}: {treatment.reason}")
        return None
    healer: str | None = None
    if treatment.healer and treatment.action_key is not None:
        if acting_id is None:
            Ask.error(parent, treatment.label, f"{treatment.label} is given on the healer's turn: nobody acts now")
            return None
        healer = acting_id
        if patient_id == healer:
            # The one whose turn it is was selected: it gives the treatment, so ask whom it treats (itself included).
            patient_id = _pick_patient(parent, ctl, treatment, healer) or ""
            if not patient_id:
                return None
            treatment = next(t for t in ctl.healing.treatments(patient_id) if t.key == treatment.key)
            if not treatment.allowed:
                Ask.error(parent, treatment.label, f"{treatment.label}: {treatment.reason}")
                return None
    elif treatment.healer:
        others = [c.id for c in ctl.view.encounter.combatants]
        picked = BoardAsk.choose(parent, treatment.label, f"Who treats {name}?", [ctl.view.name(c) for c in others])
        if picked is None:
            return None
        healer = others[picked]
    too_far = ctl.healing.out_of_reach(treatment, healer, patient_id) if healer is not None else None
    if too_far:
        Ask.error(parent, treatment.label, too_far)
        return None
    choice: str | None = None
    if treatment.choices:
        picked = BoardAsk.choose(parent, treatment.label, "Which?", [label for _, label in treatment.choices])
        if picked is None:
            return None
        choice = treatment.choices[picked][0]
    return PickedTreatment(treatment.key, treatment.label, healer, choice, treatment.rolls, patient_id)


def _pick_patient(parent: QWidget, ctl: EncounterController, treatment: Treatment, healer_id: str) -> str | None:
    """Whom the healer gives the treatment: everyone in the fight, those it cannot be given to now saying why (out of
    reach, nothing to heal)."""
    patients = _patients(ctl)
    labels = []
    for patient in patients:
        name = f"{ctl.view.name(patient)} (themselves)" if patient == healer_id else ctl.view.name(patient)
        own = next((t for t in ctl.healing.treatments(patient) if t.key == treatment.key), treatment)
        why = own.reason or ctl.healing.out_of_reach(treatment, healer_id, patient)
        labels.append(f"{name} (not now: {why})" if why else name)
    picked = BoardAsk.choose(parent, treatment.label, f"Whom does {ctl.view.name(healer_id)} treat?", labels)
    return None if picked is None else patients[picked]


def _patients(ctl: EncounterController) -> list[str]:
    return [c.id for c in ctl.view.encounter.combatants if not ctl.view.out_of_fight(c.id)]
