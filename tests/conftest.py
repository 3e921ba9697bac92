"""Test-wide settings: property tests run the same examples on every CI run,
so a CI result depends on the code alone; a developer's runs keep exploring."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
