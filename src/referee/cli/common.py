"""What every command shares: the language option, turning a user's mistakes
into a message on stderr and exit code 2 (a defect in the rules into an
internal error and exit code 3), never a traceback; and checking seat names."""

from __future__ import annotations

import functools
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, ParamSpec, TypeVar

import typer

from referee.core.errors import InternalError, OtherRulesVersion, RefereeError, UnknownSeat
from referee.core.events import Seat
from referee.core.i18n import CATALOGUE, Lang, Msg, language_from_env, msg, render
from referee.core.scenario import did_you_mean

if TYPE_CHECKING:
    from rich.console import Console

    from referee.core.game import Game

    out: Console
    err: Console

CATALOGUE.load(Path(__file__).with_name("common.toml"))

P = ParamSpec("P")
R = TypeVar("R")

USER_ERROR = 2
INTERNAL_ERROR = 3


@functools.cache
def console(stderr: bool = False) -> Console:
    """The rich console of standard output (or of standard error), made when
    a command first prints through it: a command that prints plain text
    (``resolve``) starts without importing rich."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def __getattr__(name: str) -> Console:
    """``out`` and ``err``, as the commands import them: :func:`console`'s."""
    if name in ("out", "err"):
        return console(stderr=name == "err")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


def fail(message: str, lang: Lang = "en", head: str = "core.error.head",
         code: int = USER_ERROR) -> typer.Exit:
    """Print ``message`` (plain text, not markup) on stderr; the caller raises
    the returned exit."""
    from rich.markup import escape

    console(stderr=True).print(f"[bold red]{escape(render(msg(head), lang))}:[/] {escape(message)}",
              markup=True, highlight=False)
    return typer.Exit(code)


def _lang_of(kwargs: dict[str, object]) -> Lang:
    value = kwargs.get("lang")
    if value in ("en", "ru"):
        return "ru" if value == "ru" else "en"
    return language_from_env()


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Report a :class:`RefereeError` (a bad file, answer or option) and exit 2,
    an :class:`InternalError` (a rule that broke) and exit 3, in the
    command's ``--lang``."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except RefereeError as exc:
            raise fail(exc.render(_lang_of(kwargs)), _lang_of(kwargs)) from None
        except InternalError as exc:
            raise fail(exc.render(_lang_of(kwargs)), _lang_of(kwargs),
                       "core.error.internal-head", INTERNAL_ERROR) from None
        except OSError as exc:
            raise fail(f"{getattr(exc, 'filename', '') or ''} {exc.strerror or exc}"
                       .strip(), _lang_of(kwargs)) from None

    return wrapper


AnyVersionOption = Annotated[bool, typer.Option(
    "--any-version", help="Replay a game saved under another version of its rules with "
                          "this one, every input checked again (its checksum cannot be "
                          "compared).")]


@contextmanager
def any_version_asked() -> Iterator[None]:
    """A game saved under another version of its rules, refused, says how to
    replay it all the same. :raises RefereeError:"""
    try:
        yield
    except OtherRulesVersion as exc:
        raise RefereeError(msg("core.savefile.any-version", problem=exc.message)) from None


def check_seat(name: str, seats: Sequence[Seat], option: str | None = None,
               also: Sequence[str] = ()) -> Seat:
    """``name`` if it is one of ``seats`` (or ``also``).

    :raises UnknownSeat: listing the seats, with the closest as a suggestion.
    """
    valid = [*seats, *also]
    if name in valid:
        return name
    suggestion = did_you_mean(name, valid)
    if option is None:
        raise UnknownSeat(msg("core.error.unknown-seat", seat=name, suggestion=suggestion,
                              seats=tuple(valid)))
    raise UnknownSeat(msg("core.error.unknown-seat-option", option=option, seat=name,
                          suggestion=suggestion, seats=tuple(valid)))


def stdin_is_terminal() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


ForceOption = Annotated[bool, typer.Option(
    "--force", help="Write over files that exist already (never over the command's own "
                    "inputs).")]


def same_file(one: Path, other: Path) -> bool:
    """``one`` and ``other`` name the same file (through links, ``..`` or
    another spelling), whether or not it exists yet."""
    if one.resolve() == other.resolve():
        return True
    try:
        return one.exists() and other.exists() and one.samefile(other)
    except OSError:
        return False


def check_new_file(path: Path, option: str, inputs: Sequence[Path] = (),
                   force: bool = False) -> None:
    """``path`` may be written by a command: it is none of the command's
    ``inputs``, and no file there exists unless ``force`` says to write over it.

    :raises RefereeError: naming the option and the path."""
    for given in inputs:
        if same_file(path, given):
            raise RefereeError(msg("cli.own-input", option=option, path=str(path),
                                   input=str(given)))
    if path.exists() and not path.is_dir() and not force:
        raise RefereeError(msg("cli.exists", option=option, path=str(path)))


def make_folder(folder: Path, not_a_folder: Msg, cannot_make: Callable[[str], Msg]) -> Path:
    """Make ``folder`` and its parents for a command's output files, and make
    sure files can be written in it; ``a/../b`` makes ``b`` alone. Returns
    the folder as made: as given, without its ``..`` (``b``), unless links
    make that another place (then its resolved path).

    :raises RefereeError: ``not_a_folder`` when a file stands there,
        ``cannot_make(cause)`` when the system refuses either."""
    given, folder = folder, folder.resolve()
    if folder.exists() and not folder.is_dir():
        raise RefereeError(not_a_folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".referee-probe-")
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise RefereeError(cannot_make(exc.strerror or str(exc))) from None
    plain = Path(os.path.normpath(given))
    return plain if plain.resolve() == folder else folder


def outcome_line(game: Game, lang: Lang) -> str:
    """The end of the game as a person says it, as its ruleset words it."""
    said = game.outcome_words()
    return render(msg("core.over") if said is None else said, lang)
