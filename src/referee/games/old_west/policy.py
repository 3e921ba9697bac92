"""How a bot leans among the options of an Old West question, read from the
options' meanings alone (:mod:`.leaning` says what it leans to and why).
Registered as the ``old-west`` entry of ``referee.policies``; the rules never
import it."""

from __future__ import annotations

from collections.abc import Sequence

from referee.bots.policy import Policy
from referee.core.drivers import Ask
from referee.games.old_west import leaning


class OldWestPolicy(Policy):
    """Move rather than stand, leave only for an escape objective, take the
    Head for the Hills test; every other question uniform."""

    def weights(self, ask: Ask) -> Sequence[float] | None:
        """The lean for a move or Head for the Hills; the seat's view is not
        read (nor built): the options say what the lean needs (the posse's
        objective, beside standing still; the models in play, beside running)."""
        options = ask.options
        if not options or not leaning.leans_from(options[0].meaning):
            return None  # uniform: no meanings gathered
        return leaning.weights([option.meaning for option in options])
