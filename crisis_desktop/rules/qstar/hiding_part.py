"""The hiding part both Q* systems share: a row of their action table says whether an action hides (Hide, Sneak,
Search), and the system's own hiding module settles it among the actor's opponents."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Protocol

from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import Actor, CheckResult, Options, TurnEffects
from crisis_desktop.rules.base.hiding import Hiding, Watcher
from crisis_desktop.rules.kernel.dice import DiceSource


class SightRules(Protocol):
    """What a Q* system's hiding module gives (crisis/hiding.py, crisis_classic/hiding.py)."""

    def refusal(self, actor: Actor, key: str, opponents: Sequence[Watcher]) -> str | None: ...

    def take(self, actor: Actor, key: str, opponents: Sequence[Watcher], dice: DiceSource | None,
             options: dict[str, StatValue]) -> tuple[CheckResult | None, TurnEffects]: ...

    def reveal(self, actor: Actor) -> TurnEffects: ...


class QstarHiding(Hiding):
    """Hiding by the action table's `hides` column, settled by the system's hiding module (`sight`)."""

    sight: SightRules  # the system's hiding module

    @abstractmethod
    def hides(self, action_key: str) -> str | None:
        """What the action's table row hides or finds (hide, sneak, search), None for an action that does not."""

    def sight_action(self, action_key: str) -> bool:
        return self.hides(action_key) is not None

    def sight_refusal(self, actor: Actor, action_key: str, opponents: Sequence[Watcher]) -> str | None:
        return self.sight.refusal(actor, action_key, opponents)

    def take_sight_action(self, actor: Actor, action_key: str, opponents: Sequence[Watcher],
                          dice: DiceSource | None, options: Options) -> tuple[CheckResult | None, TurnEffects]:
        return self.sight.take(actor, action_key, opponents, dice, self.rules.options_with_defaults(options))

    def reveal(self, actor: Actor) -> TurnEffects:
        return self.sight.reveal(actor)
