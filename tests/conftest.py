"""Test-wide settings: property tests run the same examples on every CI run,
so a CI result depends on the code alone (not on how busy the machine is:
no check of how long an example takes to make); a developer's runs keep
exploring."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")
