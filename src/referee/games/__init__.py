"""Built-in rulesets, one package each; each registers through the
``referee.rulesets`` entry points in pyproject.toml."""
