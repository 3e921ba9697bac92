"""What every command shares: the language option and turning a user's
mistakes into a message on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console

from referee.core.errors import RefereeError
from referee.core.i18n import Lang, language_from_env

P = ParamSpec("P")
R = TypeVar("R")

USER_ERROR = 2
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="Language of what is printed: en or ru (default: the locale)."),
]


def language(value: str | None) -> Lang:
    """The language asked for, or the locale's. :raises typer.BadParameter:"""
    if value is None:
        return language_from_env()
    if value not in ("en", "ru"):
        raise typer.BadParameter(f"expected en or ru, not {value!r}", param_hint="--lang")
    return "ru" if value == "ru" else "en"


def fail(message: str) -> typer.Exit:
    """Print ``message`` on stderr; the caller raises the returned exit."""
    err.print(f"[bold red]error:[/] {message}", markup=True, highlight=False)
    return typer.Exit(USER_ERROR)


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Report a :class:`RefereeError` (a bad file, answer or option) and exit 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except RefereeError as exc:
            raise fail(_escape(str(exc))) from None
        except OSError as exc:
            raise fail(_escape(f"{getattr(exc, 'filename', '') or ''} {exc.strerror or exc}"
                               .strip())) from None

    return wrapper


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def stdin_is_terminal() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()
