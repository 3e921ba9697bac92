"""Saved games: one JSON file holding the ruleset, the scenario and the inputs.

Loading replays the inputs and compares the result with the checksum written
at save time, so a file edited by hand, or saved by a ruleset whose rules have
changed since, is refused rather than silently played differently. A file
without a checksum is refused too, unless it says it was written by hand
(``"unchecked": true``); such a file loads, but can never pass a check.

Every refusal is a :class:`SaveFileError` holding a catalogue message, so it
reads in every language.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.core.errors import InternalError, RefereeError, SaveFileError, ScenarioError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import Msg, msg
from referee.core.ruleset import find_ruleset
from referee.core.scenario import validate_scenario

FORMAT = 1
SUFFIX = ".json"


PLAYER_KINDS = ("human", "random", "rules", "search")
"""Who may play a seat, as a save file records it: a person, or a bot by
its kind (``referee.bots.kinds``)."""


def game_to_json(game: Game, players: Mapping[Seat, str] | None = None) -> dict[str, Any]:
    """The game as a save file holds it; ``players`` (seat -> ``human``, or
    a kind of bot: ``random``, ``rules``, ``search``), when given, records who played
    each seat, so that the game is resumed with the same players. It is not
    part of the checksum."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": game.ruleset.name,
        "ruleset_version": game.ruleset.version,
        "scenario": game.scenario.model_dump(mode="json"),
        "inputs": game.inputs,
        "checksum": game.checksum(),
    }
    if players:
        data["players"] = {seat: players[seat] for seat in game.seats if seat in players}
    return data


def saved_players(data: Mapping[str, Any], game: Game) -> dict[Seat, str]:
    """Who played each seat of ``game`` when it was saved, as far as the file
    says; an entry for no seat of the game, or of no known kind, is left
    out (the seat is then asked about, as one the file does not name)."""
    players = data.get("players")
    if not isinstance(players, dict):
        return {}
    return {seat: kind for seat, kind in players.items()
            if seat in game.seats and kind in PLAYER_KINDS}


def _temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def write_atomically(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` whole: written to a temporary file beside
    it, flushed to disk, then renamed over it, so a crash (even ``kill -9``)
    leaves either the old file or the new one, never half of one."""
    path = Path(path)
    temporary = _temporary(path)
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)


def _sync_directory(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - not every system opens folders
        return
    try:
        os.fsync(descriptor)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(descriptor)


def save_game(game: Game, path: Path | str, players: Mapping[Seat, str] | None = None) -> None:
    """Write ``game`` to ``path`` (the file is replaced whole, never
    half-written), with who plays each seat where ``players`` says."""
    text = json.dumps(game_to_json(game, players), ensure_ascii=False, indent=1)
    write_atomically(path, text + "\n")


def check_writable(path: Path | str) -> None:
    """Make sure a game can be saved to ``path`` before any of it is played.

    :raises SaveFileError: naming the path and why not.
    """
    path = Path(path)
    if path.is_dir():
        raise SaveFileError(msg("core.savefile.cannot-write", source=str(path),
                                cause=msg("core.savefile.is-directory")))
    probe = _temporary(path)
    try:
        with open(probe, "w", encoding="utf-8") as handle:
            handle.write("")
    except OSError as exc:
        raise SaveFileError(msg("core.savefile.cannot-write", source=str(path),
                                cause=exc.strerror or str(exc))) from None
    finally:
        with contextlib.suppress(OSError):
            probe.unlink(missing_ok=True)
    if path.exists() and not os.access(path, os.W_OK):
        raise SaveFileError(msg("core.savefile.cannot-write", source=str(path),
                                cause=os.strerror(13)))


def looks_like_save_file(path: Path | str) -> bool:
    """``path`` names a saved game (``.json``, or a file holding a JSON object
    with the keys a saved game has), rather than a scenario."""
    path = Path(path)
    if path.suffix.lower() == SUFFIX:
        return True
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096).lstrip()
    except OSError:
        return False
    return head.startswith(b"{")  # a TOML file never starts with a brace


def game_from_json(data: Any, source: str, check: bool = True,
                   allow_unchecked: bool = True, any_version: bool = False) -> Game:
    """Rebuild a game by replaying a saved file's inputs.

    :param check: compare the replayed game with the file's checksum; a file
        with no checksum is refused unless it says ``"unchecked": true``.
    :param allow_unchecked: accept a file marked ``"unchecked": true`` with no
        checksum (``False`` for a proof that the file replays identically).
    :param any_version: replay a file saved under another version of its
        rules with the rules of this one, every input checked as it is
        applied; its checksum, made by the other version, is not compared
        (see :func:`saved_version`).
    :raises SaveFileError: for a file of a newer format, another ruleset
        version, a bad scenario or input, a missing checksum, or (with
        ``check``) a replay that does not reach the recorded checksum.
    """
    if not isinstance(data, dict):
        raise SaveFileError(msg("core.savefile.not-object", source=source))
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(msg("core.savefile.format", source=source))
    if version > FORMAT:
        raise SaveFileError(msg("core.savefile.newer", source=source, format=version,
                                known=FORMAT))
    missing = tuple(k for k in ("ruleset", "scenario", "inputs") if k not in data)
    if missing:
        raise SaveFileError(msg("core.savefile.missing", source=source, keys=missing))
    if not isinstance(data["scenario"], dict):
        raise SaveFileError(msg("core.savefile.scenario-shape", source=source))
    if not isinstance(data["inputs"], list):
        raise SaveFileError(msg("core.savefile.inputs-shape", source=source))
    unchecked = data.get("unchecked", False)
    if not isinstance(unchecked, bool):
        raise SaveFileError(msg("core.savefile.unchecked-shape", source=source))
    recorded = data.get("checksum")
    game = _replay(data, source, any_version)
    if any_version and saved_version(data) not in (None, game.ruleset.version):
        return game
    if recorded is None and check:
        if not unchecked:
            raise SaveFileError(msg("core.savefile.no-checksum", source=source))
        if not allow_unchecked:
            raise SaveFileError(msg("core.savefile.unchecked-refused", source=source))
    if check and recorded is not None and recorded != game.checksum():
        raise SaveFileError(msg("core.savefile.checksum", source=source))
    return game


def saved_version(data: Mapping[str, Any]) -> str | None:
    """The rules version a save file was written under, if it says."""
    version = data.get("ruleset_version")
    return None if version is None else str(version)


def _replay(data: dict[str, Any], source: str, any_version: bool = False) -> Game:
    try:
        ruleset = find_ruleset(str(data["ruleset"]))
        saved = saved_version(data) or ruleset.version
        if saved != ruleset.version and not any_version:
            raise SaveFileError(msg("core.savefile.version", source=source,
                                    ruleset=ruleset.name, saved=saved,
                                    current=ruleset.version))
        scenario = validate_scenario(ruleset, data["scenario"], f"{source}: scenario")
    except ScenarioError as exc:
        raise SaveFileError(msg("core.savefile.scenario", source=exc.source,
                                problems=tuple(exc.messages))) from None
    except SaveFileError:
        raise
    except RefereeError as exc:
        raise SaveFileError(msg("core.savefile.in-file", source=source,
                                problem=exc.message)) from None
    try:
        game = Game(ruleset, scenario)
    except RefereeError as exc:
        raise SaveFileError(msg("core.savefile.in-file", source=source,
                                problem=exc.message)) from None
    except Exception as exc:  # a defect in the rules' setup; no traceback for a file
        raise SaveFileError(msg("core.savefile.setup", source=source,
                                cause=f"{type(exc).__name__}: {exc}")) from None
    inputs = data["inputs"]
    for index, item in enumerate(inputs):
        if game.is_over:
            if saved != ruleset.version:
                raise SaveFileError(msg("core.savefile.after-end-other-version", source=source,
                                        index=index, ruleset=ruleset.name, saved=saved,
                                        current=ruleset.version))
            extra = len(inputs) - index
            raise SaveFileError(msg("core.savefile.after-end", source=source, index=index,
                                    extra=extra, more=extra - 1))
        try:
            game.apply(item)
        except RefereeError as exc:
            if saved != ruleset.version:
                raise SaveFileError(msg("core.savefile.input-other-version", source=source,
                                        index=index, problem=exc.message, ruleset=ruleset.name,
                                        saved=saved, current=ruleset.version)) from None
            raise SaveFileError(msg("core.savefile.input", source=source, index=index,
                                    problem=exc.message)) from None
        except InternalError as exc:
            raise SaveFileError(msg("core.savefile.input-internal", source=source,
                                    index=index, problem=exc.message)) from None
    return game


def read_save_file(path: Path | str) -> Any:
    """The JSON held in ``path``. :raises SaveFileError: missing or not JSON."""
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveFileError(msg("core.savefile.no-file", source=str(path))) from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(msg("core.savefile.not-json", source=str(path), cause=msg(
            "core.savefile.json-at", line=exc.lineno, column=exc.colno))) from None
    except UnicodeDecodeError:
        raise SaveFileError(msg("core.savefile.not-json", source=str(path),
                                cause=msg("core.savefile.not-utf8"))) from None
    except (OSError, RecursionError) as exc:
        cause = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SaveFileError(msg("core.savefile.not-json", source=str(path),
                                cause=cause)) from None


def load_game(path: Path | str, check: bool = True, allow_unchecked: bool = True) -> Game:
    """Load a game saved by :func:`save_game`. :raises SaveFileError:"""
    return game_from_json(read_save_file(path), str(path), check, allow_unchecked)


def load_game_any_version(path: Path | str) -> tuple[Game, Msg | None]:
    """Load a saved game to go on with it, even one saved under another
    version of its rules: then its inputs are replayed with this version's
    rules, each checked as it is applied, and the second value says so
    (the checksum belongs to the other version and is not compared).

    :raises SaveFileError: as :func:`load_game`, or naming the first input
        this version's rules refuse."""
    game, notice, _ = load_to_resume(path)
    return game, notice


def load_to_resume(path: Path | str) -> tuple[Game, Msg | None, dict[Seat, str]]:
    """:func:`load_game_any_version`, with who played each seat when the
    game was saved (:func:`saved_players`). :raises SaveFileError:"""
    data = read_save_file(path)
    game = game_from_json(data, str(path), any_version=True)
    players = saved_players(data, game)
    saved = saved_version(data)
    if saved is None or saved == game.ruleset.version:
        return game, None, players
    return game, msg("core.savefile.other-version", source=str(path), ruleset=game.ruleset.name,
                     saved=saved, current=game.ruleset.version), players
