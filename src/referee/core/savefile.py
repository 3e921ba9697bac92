"""Saved games: one JSON file holding the ruleset, the scenario and the inputs.

Loading replays the inputs and compares the result with the checksum written
at save time, so a file edited by hand, or saved by a ruleset whose rules have
changed since, is refused rather than silently played differently. A file
without a checksum is refused too, unless it says it was written by hand
(``"unchecked": true``); such a file loads, but can never pass a check.

A file is read strictly: a key Referee does not write, a key given twice, a
format it does not know or an input with a key of no input is refused. The
checksum (format 2) digests everything in the file that makes the game or
its text — the ruleset and its version, the scenario as written (its title
too), every input — together with the game they replay to; a file of format
1 digests the game alone and still loads. The checksum is a plain digest
with no key: it catches a file changed by accident or by a careless hand,
not a forgery (anyone can compute it again). The server's fair-dice record,
a seed committed to before the game and revealed after, is the proof that
its dice were fair.

Every refusal is a :class:`SaveFileError` holding a catalogue message, so it
reads in every language.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.core.errors import (
    InternalError,
    OtherRulesVersion,
    RefereeError,
    SaveFileError,
    ScenarioError,
)
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import Msg, msg
from referee.core.journal import (
    FORMAT as JOURNAL_FORMAT,
)
from referee.core.journal import (
    LEAST_BEFORE_WRITING_WHOLE,
    apply_journal,
    journal_path,
    next_digest,
)
from referee.core.limits import SAVE, over_limit, too_large
from referee.core.ruleset import find_ruleset
from referee.core.scenario import unknown_name, validate_scenario

FORMAT = 2
"""The format Referee writes."""
FORMATS = (1, 2)
"""The formats Referee reads: 1, whose checksum digests the game alone, and 2,
whose checksum digests the file as well (:func:`file_checksum`)."""
SUFFIX = ".json"
KEYS = ("format", "ruleset", "ruleset_version", "scenario", "inputs", "checksum",
        "unchecked", "players", "server")
"""The keys of a save file (``server``: a server's fair-dice record)."""
INPUT_KEYS = (frozenset({"chance"}), frozenset({"close"}), frozenset({"seat", "answer"}))
"""The keys of each kind of input: a chance's outcome, a close, a seat's answer."""


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
    }
    data["checksum"] = file_checksum(data, game.checksum())
    if players:
        data["players"] = {seat: players[seat] for seat in game.seats if seat in players}
    return data


def file_checksum(data: Mapping[str, Any], game_checksum: str) -> str:
    """The checksum of a file of format 2: a digest of its format, ruleset,
    rules version, scenario and inputs as written, and of the game they
    replay to (:meth:`Game.checksum`)."""
    covered = {key: data.get(key) for key in ("format", "ruleset", "ruleset_version",
                                              "scenario", "inputs")}
    covered["game"] = game_checksum
    text = json.dumps(covered, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def expected_checksum(data: Mapping[str, Any], game: Game) -> str:
    """What the checksum of ``data``, replayed to ``game``, should be in its format."""
    return game.checksum() if data.get("format") == 1 else file_checksum(data, game.checksum())


def saved_players(data: Mapping[str, Any], game: Game) -> dict[Seat, str]:
    """Who played each seat of ``game`` when it was saved, as far as the file
    says (a seat it does not name is asked about); the file's ``players``
    were checked when it was loaded (:func:`check_players`)."""
    players = data.get("players")
    if not isinstance(players, dict):
        return {}
    return {seat: kind for seat, kind in players.items()
            if seat in game.seats and kind in PLAYER_KINDS}


def check_players(data: Mapping[str, Any], game: Game, source: str) -> None:
    """A file's ``players``, if it has them, name seats of ``game`` and kinds
    of player Referee knows: who plays a seat is not part of the checksum,
    so a mistake there is said rather than passed over.

    :raises SaveFileError: naming the entry, with the valid seats or kinds."""
    if "players" not in data:
        return
    players = data["players"]
    if not isinstance(players, dict):
        raise SaveFileError(msg("core.savefile.players-shape", source=source))
    for seat, kind in players.items():
        if seat not in game.seats:
            raise SaveFileError(msg("core.savefile.player-seat", source=source, seat=seat,
                                    **unknown_name(seat, game.seats)))
        if kind not in PLAYER_KINDS:
            shown = kind if isinstance(kind, str) else json.dumps(kind)
            raise SaveFileError(msg("core.savefile.player-kind", source=source, seat=seat,
                                    kind=shown, **unknown_name(shown, PLAYER_KINDS)))


def _temporary(path: Path) -> tuple[int, Path]:
    """A new file beside ``path`` to write it whole first, open for writing:
    ``.<name>.<process id>.<random>.tmp``, a name no other writer takes,
    made with the permissions any new file gets (the umask's).

    :raises OSError: when the folder cannot be written in."""
    while True:
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue


def _clean_leftovers(path: Path) -> None:
    """Remove the temporary files of ``path`` that a process killed while
    writing it (``kill -9``) left behind: those whose process is gone."""
    prefix = f".{path.name}."
    try:
        found = [entry for entry in os.scandir(path.parent)
                 if entry.name.startswith(prefix) and entry.name.endswith(".tmp")]
    except OSError:
        return
    for entry in found:
        pid = entry.name[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, or a system that cannot tell
        return True
    return True


def write_atomically(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` whole: written to a temporary file beside
    it, flushed to disk, then renamed over it, so a crash (even ``kill -9``)
    leaves either the old file or the new one, never half of one. What a
    killed writer left beside it is removed on the next write."""
    path = Path(path)
    _clean_leftovers(path)
    handle, temporary = _temporary(path)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
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
    with contextlib.suppress(OSError):  # the file holds every input now
        journal_path(path).unlink(missing_ok=True)


def check_writable(path: Path | str) -> None:
    """Make sure a game can be saved to ``path`` before any of it is played.

    :raises SaveFileError: naming the path and why not.
    """
    path = Path(path)
    if path.is_dir():
        raise SaveFileError(msg("core.savefile.cannot-write", source=str(path),
                                cause=msg("core.savefile.is-directory")))
    try:
        handle, probe = _temporary(path)
    except OSError as exc:
        raise SaveFileError(msg("core.savefile.cannot-write", source=str(path),
                                cause=exc.strerror or str(exc))) from None
    os.close(handle)
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
    beyond = over_limit({k: v for k, v in data.items() if k != "scenario"}, SAVE)
    if beyond is not None:  # the scenario is walked where it is read (validate_scenario)
        raise SaveFileError(msg("core.savefile.in-file", source=source, problem=beyond))
    _check_shape(data, source)
    unchecked = data.get("unchecked", False)
    recorded = data.get("checksum")
    game = _replay(data, source, any_version)
    check_players(data, game, source)
    if any_version and saved_version(data) not in (None, game.ruleset.version):
        return game
    if recorded is None and check:
        if not unchecked:
            raise SaveFileError(msg("core.savefile.no-checksum", source=source))
        if not allow_unchecked:
            raise SaveFileError(msg("core.savefile.unchecked-refused", source=source))
    if check and recorded is not None and recorded != expected_checksum(data, game):
        raise SaveFileError(msg("core.savefile.checksum", source=source))
    return game


def _check_shape(data: dict[str, Any], source: str) -> None:
    """Every key known and of its kind, the format one Referee reads, every
    input of a known kind. :raises SaveFileError: naming the first that is not."""
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(msg("core.savefile.format", source=source))
    if version > FORMAT:
        raise SaveFileError(msg("core.savefile.newer", source=source, format=version,
                                known=FORMAT))
    if version not in FORMATS:
        raise SaveFileError(msg("core.savefile.unknown-format", source=source, format=version,
                                known=FORMATS))
    for key in data:
        if key not in KEYS:
            raise SaveFileError(msg("core.savefile.unknown-key", source=source, name=key,
                                    **unknown_name(key, KEYS)))
    missing = tuple(k for k in ("ruleset", "scenario", "inputs") if k not in data)
    if missing:
        raise SaveFileError(msg("core.savefile.missing", source=source, keys=missing))
    texts = [key for key in ("ruleset", "ruleset_version", "checksum")
             if key in data and not isinstance(data[key], str)]
    if texts:
        raise SaveFileError(msg("core.savefile.not-text", source=source, name=texts[0]))
    if not isinstance(data["scenario"], dict):
        raise SaveFileError(msg("core.savefile.scenario-shape", source=source))
    if not isinstance(data["inputs"], list):
        raise SaveFileError(msg("core.savefile.inputs-shape", source=source))
    if not isinstance(data.get("unchecked", False), bool):
        raise SaveFileError(msg("core.savefile.unchecked-shape", source=source))
    if not isinstance(data.get("server", {}), dict):
        raise SaveFileError(msg("core.savefile.server-shape", source=source))
    for index, item in enumerate(data["inputs"]):
        if isinstance(item, dict) and frozenset(item) not in INPUT_KEYS:
            raise SaveFileError(msg("core.savefile.input-keys", source=source, index=index,
                                    keys=tuple(f"`{key}`" for key in item)))


def saved_version(data: Mapping[str, Any]) -> str | None:
    """The rules version a save file was written under, if it says."""
    version = data.get("ruleset_version")
    return None if version is None else str(version)


def _replay(data: dict[str, Any], source: str, any_version: bool = False) -> Game:
    try:
        ruleset = find_ruleset(str(data["ruleset"]))
        saved = saved_version(data) or ruleset.version
        if saved != ruleset.version and not any_version:
            raise OtherRulesVersion(msg("core.savefile.version", source=source,
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


class _KeyTwice(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict. :raises _KeyTwice: for a key given
    twice (the JSON reader would keep the last without a word)."""
    table = dict(pairs)
    if len(table) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _KeyTwice(key)
            seen.add(key)
    return table


def read_save_file(path: Path | str) -> Any:
    """The JSON held in ``path``. :raises SaveFileError: missing, not JSON,
    or larger than a save file may be (:data:`referee.core.limits.SAVE`)."""
    path = Path(path)
    oversized = too_large(path, SAVE)
    if oversized is not None:
        raise SaveFileError(msg("core.savefile.in-file", source=str(path), problem=oversized))
    try:
        return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_no_key_twice)
    except _KeyTwice as exc:
        raise SaveFileError(msg("core.savefile.key-twice", source=str(path),
                                name=exc.key)) from None
    except RecursionError:
        raise SaveFileError(msg("core.savefile.in-file", source=str(path), problem=msg(
            "core.limits.depth", where=msg("core.scenario.top"), limit=SAVE.depth))) from None
    except FileNotFoundError:
        raise SaveFileError(msg("core.savefile.no-file", source=str(path))) from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(msg("core.savefile.not-json", source=str(path), cause=msg(
            "core.savefile.json-at", line=exc.lineno, column=exc.colno))) from None
    except UnicodeDecodeError:
        raise SaveFileError(msg("core.savefile.not-json", source=str(path),
                                cause=msg("core.savefile.not-utf8"))) from None
    except OSError as exc:
        cause = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SaveFileError(msg("core.savefile.not-json", source=str(path),
                                cause=cause)) from None


def load_game(path: Path | str, check: bool = True, allow_unchecked: bool = True) -> Game:
    """Load a game saved by :func:`save_game`, with the inputs of its journal
    (:mod:`referee.core.journal`). :raises SaveFileError:"""
    data = read_save_file(path)
    return apply_journal(game_from_json(data, str(path), check, allow_unchecked), path, data)


def load_game_any_version(path: Path | str) -> tuple[Game, Msg | None]:
    """Load a saved game to go on with it, even one saved under another
    version of its rules: then its inputs are replayed with this version's
    rules, each checked as it is applied, and the second value says so
    (the checksum belongs to the other version and is not compared).

    :raises SaveFileError: as :func:`load_game`, or naming the first input
        this version's rules refuse."""
    game, notice, _ = load_to_resume(path, any_version=True)
    return game, notice


def load_to_resume(path: Path | str, any_version: bool = True
                   ) -> tuple[Game, Msg | None, dict[Seat, str]]:
    """:func:`load_game_any_version`, with who played each seat when the
    game was saved (:func:`saved_players`); with ``any_version`` false, a
    game saved under another version of its rules is refused
    (:class:`~referee.core.errors.OtherRulesVersion`). :raises SaveFileError:"""
    data = read_save_file(path)
    game = apply_journal(game_from_json(data, str(path), any_version=any_version), path, data)
    players = saved_players(data, game)
    saved = saved_version(data)
    if saved is None or saved == game.ruleset.version:
        return game, None, players
    return game, msg("core.savefile.other-version", source=str(path), ruleset=game.ruleset.name,
                     saved=saved, current=game.ruleset.version), players


class Autosave:
    """Keeps the save file ``path`` up to date with a game after every input:
    :meth:`save` after each, :meth:`close` when play stops."""

    def __init__(self, path: Path | str, players: Mapping[Seat, str] | None = None) -> None:
        self.path = Path(path)
        self.players: dict[Seat, str] = dict(players or {})
        self.written = -1
        """How many of the game's inputs the file and its journal hold."""
        self._whole = 0
        self._digest: str | None = None

    def save(self, game: Game) -> None:
        """Make the file and its journal hold every input of ``game``."""
        count = len(game.inputs)
        if count == self.written:
            return
        digest = self._digest
        if digest is None or count < self.written or \
                count - self._whole > max(LEAST_BEFORE_WRITING_WHOLE, self._whole):
            self.write_whole(game)
            return
        lines = []
        for item in game.inputs[self.written:count]:
            digest = next_digest(digest, item)
            lines.append(json.dumps({"input": item, "digest": digest}, ensure_ascii=False) + "\n")
        with open(journal_path(self.path), "a", encoding="utf-8") as file:
            file.write("".join(lines))
            file.flush()
            os.fsync(file.fileno())
        self._digest, self.written = digest, count

    def write_whole(self, game: Game) -> None:
        """Write the whole file (atomically), then start an empty journal
        following it."""
        data = game_to_json(game, self.players)
        write_atomically(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        head = {"journal": JOURNAL_FORMAT, "follows": data["checksum"], "inputs": len(game.inputs)}
        write_atomically(journal_path(self.path), json.dumps(head) + "\n")
        self._whole = self.written = len(game.inputs)
        self._digest = data["checksum"]

    def close(self, game: Game) -> None:
        """Write the whole file and remove its journal (play has stopped)."""
        if self.written != len(game.inputs) or self._whole != self.written:
            self.write_whole(game)
        with contextlib.suppress(OSError):
            journal_path(self.path).unlink(missing_ok=True)
