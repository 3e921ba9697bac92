"""Logging that never writes a token: uvicorn's access lines lose their
query strings (tokens travel only in the Authorization header, which is
never logged, but a client may still put one in a URL by mistake)."""

from __future__ import annotations

import copy
import logging
from typing import Any

from uvicorn.config import LOGGING_CONFIG


class DropQuery(logging.Filter):
    """Access lines with the path alone, never ``?…``."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], args[2].split("?", 1)[0], *args[3:])
        return True


def log_config(access: bool = True) -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`DropQuery` on access lines."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"drop_query": {"()": DropQuery}}
    config["handlers"]["access"]["filters"] = ["drop_query"]
    if not access:
        config["loggers"]["uvicorn.access"]["handlers"] = []
    config["loggers"]["referee.server"] = {"handlers": ["default"], "level": "INFO",
                                           "propagate": False}
    return config
