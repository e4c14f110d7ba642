"""What both Catan state classes share when applying: an action object handed out by ``legal_actions()`` is
recognised by identity and applied without checking its rule a second time."""
from __future__ import annotations

from ..core.protocol import Action


class ListedApply:
    """Mixin for a state that caches its legal actions in ``_legal`` (None: not listed yet)."""

    __slots__ = ()

    def apply(self, action: Action) -> None:
        """Apply an action in place (IllegalActionError naming the rule, and no change, if it is illegal); an action
        object handed out by ``legal_actions()`` is recognised by identity and applied without a second check."""
        cached = self._legal
        if cached is not None:
            for a in cached:
                if a is action:
                    self._do(action)
                    return
        super().apply(action)
