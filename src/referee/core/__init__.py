"""The engine every ruleset runs on: inputs and replay, waits, events and views."""
