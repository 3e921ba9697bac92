"""Facility: a play-by-chat game of secret and explicit orders resolved at once
at a deadline (rulebook catalogue: rules/facility.md, clauses CHAT-*).

The ruleset and its state are loaded on first use (PEP 562), so importing one
module of the package does not load the whole ruleset.
The ruleset registers through the ``referee.rulesets`` entry points
(pyproject.toml); importing this package loads none of its modules."""
