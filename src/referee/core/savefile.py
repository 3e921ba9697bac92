"""Saved games: one JSON file holding the ruleset, the scenario and the inputs.

Loading replays the inputs and compares the result with the checksum written
at save time, so a file edited by hand, or saved by a ruleset whose rules have
changed since, is refused rather than silently played differently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.core.errors import RefereeError, SaveFileError, ScenarioError
from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.scenario import validate_scenario

FORMAT = 1


def game_to_json(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "ruleset": game.ruleset.name,
        "ruleset_version": game.ruleset.version,
        "scenario": game.scenario.model_dump(mode="json"),
        "inputs": game.inputs,
        "checksum": game.checksum(),
    }


def save_game(game: Game, path: Path | str) -> None:
    """Write ``game`` to ``path`` (the file is replaced whole, never half-written)."""
    path = Path(path)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(game_to_json(game), ensure_ascii=False, indent=1) + "\n",
                         encoding="utf-8")
    temporary.replace(path)


def game_from_json(data: Any, source: str, check: bool = True) -> Game:
    """Rebuild a game by replaying a saved file's inputs.

    :raises SaveFileError: for a file of a newer format, another ruleset
        version, a bad scenario or input, or (with ``check``) a replay that
        does not reach the recorded checksum.
    """
    if not isinstance(data, dict):
        raise SaveFileError(f"{source}: expected a JSON object of a saved game")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(f"{source}: format: expected a whole number, the save file format")
    if version > FORMAT:
        raise SaveFileError(f"{source}: saved in format {version} by a newer Referee; "
                            f"this one reads format {FORMAT} and older. Upgrade Referee.")
    missing = [k for k in ("ruleset", "scenario", "inputs") if k not in data]
    if missing:
        raise SaveFileError(f"{source}: missing {', '.join(missing)}")
    if not isinstance(data["scenario"], dict):
        raise SaveFileError(f"{source}: scenario: expected an object, the scenario's settings")
    if not isinstance(data["inputs"], list):
        raise SaveFileError(f"{source}: inputs: expected a list of the game's inputs")
    try:
        ruleset = find_ruleset(str(data["ruleset"]))
        if str(data.get("ruleset_version", ruleset.version)) != ruleset.version:
            raise SaveFileError(
                f"{source}: saved with {ruleset.name} rules version {data['ruleset_version']}; "
                f"this Referee has version {ruleset.version}")
        scenario = validate_scenario(ruleset, data["scenario"], f"{source}: scenario")
        game = Game(ruleset, scenario)
        for index, item in enumerate(data["inputs"]):
            try:
                game.apply(item)
            except RefereeError as exc:
                raise SaveFileError(f"{source}: inputs[{index}]: {exc}") from None
    except ScenarioError as exc:
        raise SaveFileError(str(exc)) from None
    except SaveFileError:
        raise
    except RefereeError as exc:
        raise SaveFileError(f"{source}: {exc}") from None
    recorded = data.get("checksum")
    if check and recorded is not None and recorded != game.checksum():
        raise SaveFileError(f"{source}: replaying the inputs does not give the saved game "
                            "(checksum differs): the file was changed or the rules differ")
    return game


def load_game(path: Path | str, check: bool = True) -> Game:
    """Load a game saved by :func:`save_game`. :raises SaveFileError:"""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveFileError(f"{path}: not a saved game: {exc}") from None
    return game_from_json(data, str(path), check)
