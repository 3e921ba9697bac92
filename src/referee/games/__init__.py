"""Built-in rulesets, one package each; the registry (referee.core.ruleset)
imports a package and the ruleset class its ``__all__`` names, which registers it."""
