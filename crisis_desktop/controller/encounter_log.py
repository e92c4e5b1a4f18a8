"""Combat log entries in plain words, the end-of-fight summary, and the log as Markdown."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from crisis_desktop.domain import Campaign
from crisis_desktop.domain.encounter import Encounter, LogEntry, LogTerm
from crisis_desktop.export.markdown_text import block, inline
from crisis_desktop.rules.base import Actor, AttackResult, CheckResult, DamageResult, Explained, Options, Ruleset, Term


def entry(encounter: Encounter, kind: str, text: str, actor_id: str | None = None,
          terms: Iterable[Term] = (), details: Iterable[str] = ()) -> LogEntry:
    return LogEntry(round=encounter.round, actor_id=actor_id, kind=kind, text=text,
                    terms=[LogTerm(label=t.label, value=float(t.value)) for t in terms],
                    details=[d for d in details if d])


def describe_check(label: str, check: CheckResult) -> str:
    if check.tally is not None:   # dice of symbols: what they showed, after the rules' cancellation
        return f"{label}: {check.describe()}"
    return f"{label}: {check.total.breakdown()} against {check.target.breakdown()}: {check.outcome.value}"


def describe_damage(damage: DamageResult) -> list[str]:
    lines = [f"Damage: {damage.damage.breakdown()}", f"Taken: {damage.taken.breakdown()}"
             + ("" if damage.lethal else " (non-lethal)")]
    return lines + list(damage.notes)


def attack_details(result: AttackResult) -> list[str]:
    """Every line of an attack's breakdown: the rolls, the defences, the damage to each target, the notes."""
    several = len(result.request.distinct_targets()) > 1
    first = result.target.name + ": " if several else ""
    lines = [describe_check("Attack", result.attack)]
    if result.defence is not None:
        lines.append(describe_check(f"{first}Defence" if several else "Defence", result.defence))
    later: list[str] = []
    for number, extra in enumerate(result.followups, start=2):
        whom = f" at {extra.target.name}" if several else ""
        if extra.request is not result.request:         # caught where a missed blast landed: no roll of its own
            if extra.damage is not None:
                later += [f"{extra.target.name} (where it landed): {line}" for line in describe_damage(extra.damage)]
            continue
        if extra.attack is not result.attack:          # a roll of its own (a volley), not the same blast
            lines.append(describe_check(f"Attack {number}{whom}", extra.attack))
        if extra.defence is not None:
            later.append(describe_check(f"{extra.target.name}: Defence", extra.defence))
        if extra.damage is not None:
            later += [f"{extra.target.name}: {line}" for line in describe_damage(extra.damage)]
    if result.damage is not None:
        lines += [first + line for line in describe_damage(result.damage)]
    return lines + later + list(result.notes)


def explained_terms(value: Explained) -> tuple[Term, ...]:
    return value.terms or (Term("total", value.value),)


def summary_lines(campaign: Campaign, encounter: Encounter, ruleset: Ruleset, options: Options) -> list[str]:
    """How everyone stands at the end: state and bars, one line each."""
    lines = []
    for combatant in encounter.combatants:
        try:
            character = campaign.character(combatant.character_id)
        except KeyError:
            continue
        state = ruleset.sheet.state(character, options)
        bars = ", ".join(f"{r.label} {r.current}/{r.maximum}" for r in ruleset.sheet.resources(Actor(character),
                                                                                               options))
        lines.append(f"{character.name}: {state.shown}" + (f" ({bars})" if bars else ""))
    return lines


def to_markdown(campaign: Campaign, encounter: Encounter, names: dict[str, str] | None = None) -> str:
    """The whole log as Markdown: one section per round, one bullet per event with its breakdown."""
    names = names or {}
    out = [f"# {inline(encounter.name)}", ""]
    if encounter.notes:
        out += [block(encounter.notes), ""]
    current_round: int | None = None
    # Round 0 is the build-up, unless the flow opened a round there: the flow's own words for it head it.
    opening = next((item.text.split(":", 1)[0] for item in encounter.log if item.round == 0 and item.kind == "round"),
                   None)
    for item in encounter.log:
        if item.round != current_round:
            current_round = item.round
            title = opening if item.round == 0 and opening else \
                ("Before the fight" if item.round == 0 else f"Round {item.round}")
            out += ["", f"## {title}", ""]
        when = item.at.strftime("%H:%M:%S")
        out.append(f"- **{inline(item.kind)}** ({when}) {inline(item.text)}")
        if item.terms:
            out.append("  - " + inline(_terms_text(item.terms)))
        out += [f"  - {inline(line)}" for line in item.details]
    return "\n".join(out).replace("\n\n\n", "\n\n").strip() + "\n"


def _terms_text(terms: Sequence[LogTerm]) -> str:
    parts = [f"{t.label} {t.value:+g}" if i else f"{t.label} {t.value:g}" for i, t in enumerate(terms)]
    return ", ".join(parts) + f" = {sum(t.value for t in terms):g}"


def terms_text(item: LogEntry) -> str:
    """The entry's numbers as one line ('Melee d6 5, range -1 = 4'), or ''."""
    return _terms_text(item.terms) if item.terms else ""
