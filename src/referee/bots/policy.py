"""How a bot leans among the options put to it: a ruleset's policy reads the
asked seat's view alone (:class:`~referee.core.drivers.Ask`), registered
through the ``referee.policies`` entry points under the ruleset's name."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core import plugins
from referee.core.drivers import Ask
from referee.core.ruleset import AnyRuleset

POLICIES_GROUP = "referee.policies"


class Policy:
    """Neutral: no leaning; a ruleset's policy fills in its sensible defaults
    (advance rather than stand, do not throw a game away)."""

    def weights(self, ask: Ask) -> Sequence[float] | None:
        """How much a random bot leans to each option ``ask`` offers, in their
        order; None: uniformly."""
        return None


POLICIES: plugins.Registered[Policy] = plugins.Registered(POLICIES_GROUP, Policy)


def policy_for(ruleset: AnyRuleset) -> Policy | None:
    """The policy ``ruleset``'s package registers; None where it registers none."""
    return POLICIES.find(getattr(ruleset, "name", None))


def leaning(ask: Ask) -> Sequence[float] | None:
    """The weights a random bot gives the options ``ask`` offers."""
    policy = POLICIES.find(getattr(ask.ruleset, "name", None))  # policy_for, at every choice
    return None if policy is None else policy.weights(ask)



def register_policy(ruleset_name: str, policy: Policy | None) -> None:
    """Use ``policy`` for the ruleset named ``ruleset_name`` in this process
    (tests, scripts; None forgets it); an installed package registers through
    the ``referee.policies`` entry points instead."""
    POLICIES.register(ruleset_name, policy)
