"""``referee serve``: host games over the JSON API (docs/server.md);
``referee db upgrade``: migrate the server's database; ``referee verify
SAVE``: check a game downloaded from a server, its fair dice and receipts.

The server's modules are imported when a command runs, so the other
commands start without them."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import LangOption, err, language, out, user_errors
from referee.core.i18n import Lang, Msg, msg, render
from referee.core.savefile import read_save_file
from referee.server import errors as _server_text  # noqa: F401  (the server's catalogue)

DbOption = Annotated[str | None, typer.Option(
    "--db", help="Database URL: `sqlite:///path/file.db` or "
                 "`postgresql+psycopg://user:password@host/name` (default: SQLite in the "
                 "user's data folder).")]

db_app = typer.Typer(help="The server's database.", no_args_is_help=True)
app.add_typer(db_app, name="db")


def _url(db: str | None) -> str:
    from referee.server.settings import default_database_url

    return db or os.environ.get("REFEREE_DB") or default_database_url()


def _shown(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


@app.command("serve")
@user_errors
def serve(
    db: DbOption = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(help="Server processes (sharing the database).")] = 1,
    public_url: Annotated[str | None, typer.Option(
        help="The address players reach the server at, for links in chat posts.")] = None,
    access_log: Annotated[bool, typer.Option(help="Log every request (never a token).")] = True,
    demo: Annotated[bool, typer.Option(
        "--demo", help="Create demo games of every ruleset (once per database) and print "
                       "their links.")] = False,
    lang: LangOption = None,
) -> None:
    """Host games: the JSON API on HOST:PORT (its documentation at /docs)."""
    import uvicorn

    from referee.server.app import PUBLIC_URL_ENV
    from referee.server.database import upgrade
    from referee.server.logs import log_config
    from referee.server.settings import DB_ENV

    chosen = language(lang)
    url = _url(db)
    _, revision = upgrade(url)
    os.environ[DB_ENV] = url
    if public_url:
        os.environ[PUBLIC_URL_ENV] = public_url
    out.print(render(msg("server.cli.serving", db=_shown(url), revision=revision or "-",
                         address=f"http://{host}:{port}", workers=workers), chosen),
              markup=False)
    if demo:
        from referee.server.pages.demo import demo_lines, ensure_demo_games

        base = (public_url or f"http://{host}:{port}").rstrip("/")
        for line in demo_lines(ensure_demo_games(url, chosen), base, chosen):
            out.print(line, markup=False, highlight=False)
    uvicorn.run("referee.server.app:app_from_environment", factory=True, host=host, port=port,
                workers=workers if workers > 1 else None, log_config=log_config(access_log),
                proxy_headers=True, server_header=False)


@db_app.command("upgrade")
@user_errors
def db_upgrade(db: DbOption = None, lang: LangOption = None) -> None:
    """Bring the server's database to the newest revision (creating it if need be)."""
    from referee.server.database import upgrade

    chosen = language(lang)
    url = _url(db)
    before, after = upgrade(url)
    key = "server.cli.db-current" if before == after else "server.cli.db-upgraded"
    out.print(render(msg(key, db=_shown(url), before=before or "-", after=after or "-"),
                     chosen), markup=False)


@app.command("verify")
@user_errors
def verify(
    file: Annotated[Path, typer.Argument(help="A game saved from a server (its save route).")],
    receipt: Annotated[list[str] | None, typer.Option(
        "--receipt", help="A receipt the server gave for an answer (repeatable).")] = None,
    seed_hash: Annotated[str | None, typer.Option(
        help="The seed's SHA-256 as the server showed it when the game began.")] = None,
    lang: LangOption = None,
) -> None:
    """Check a saved game from a server: it replays to its checksum, its seed
    is the one committed to, every roll is the seed's, every receipt is in it."""
    from referee.server.dice import check_save
    from referee.server.tokens import receipt as receipt_of

    chosen = language(lang)
    data = read_save_file(file)
    try:
        game, found = check_save(data, str(file))
    except ValueError as exc:
        if type(exc) is not ValueError:
            raise
        _fail(msg("server.cli.verify-no-seed", path=str(file)), chosen)
        raise typer.Exit(1) from None
    dice = data["server"]["dice"]
    failed = False
    if seed_hash is not None and seed_hash.lower() != dice.get("seed_hash"):
        failed = _fail(msg("server.cli.seed-hash-differs"), chosen)
    if not found.seed_matches:
        failed = _fail(msg("server.cli.seed-bad"), chosen)
    for index in found.wrong:
        failed = _fail(msg("server.cli.roll-bad", index=index), chosen)
    game_id = str(data["server"].get("game", ""))
    proofs = {receipt_of(game_id, str(item.get("seat")), index, item.get("answer")): index
              for index, item in enumerate(game.inputs) if "seat" in item}
    for wanted in receipt or []:
        found_at = proofs.get(wanted.lower())
        if found_at is None:
            failed = _fail(msg("server.cli.receipt-missing", receipt=wanted), chosen)
        else:
            item = game.inputs[found_at]
            out.print(render(msg("server.cli.receipt-ok", receipt=wanted[:16], index=found_at,
                                 seat=str(item["seat"]),
                                 answer=json.dumps(item["answer"], ensure_ascii=False)),
                             chosen), markup=False)
    if failed:
        raise typer.Exit(1)
    out.print(render(msg("server.cli.verify-ok", path=str(file), count=len(game.inputs),
                         rolls=found.rolls), chosen), markup=False)


def _fail(message: Msg, lang: Lang) -> bool:
    """Print what failed on stderr; True, to note that something did."""
    err.print(render(message, lang), markup=False)
    return True
