"""Built-in rulesets, one package each; importing one registers it."""
