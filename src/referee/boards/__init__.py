"""Boards shared by rulesets: location graphs and the continuous table."""
