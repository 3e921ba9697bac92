"""Demo games for a first look (``referee serve --demo``): one of every
ruleset, people against the random bot where there are two sides, two
characters of Facility, an Echo investigator with bots for partners.

They are made once per database: the game master's tokens are kept in a
file beside it (``<database>.demo.json`` for SQLite, the user's data
folder otherwise), and every seat's link is made again from them, so a
restarted server prints the same links."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from sqlalchemy.engine import make_url

from referee.core.i18n import Lang, msg, render
from referee.core.ruleset import find_ruleset
from referee.server.database import make_engine, upgrade
from referee.server.pages import render as _pages_text  # noqa: F401  (the pages' catalogue)
from referee.server.pages.links import join_link
from referee.server.settings import APP_NAME, Settings
from referee.server.store import PERSON, Store
from referee.server.tokens import seat_token

DEMOS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("night_watch", ("night",)),
    ("old-west", ("lawmen",)),
    ("samurai", ("retainers",)),
    ("facility", ("anna", "boris")),
    ("echo", ("max",)),
)
"""Each demo game: its ruleset and the seats people play (bots the rest)."""


@dataclass(frozen=True)
class Demo:
    """A demo game: its ruleset, its game master's link, each person's link."""

    ruleset: str
    game: str
    master: str
    people: tuple[str, ...]

    def links(self) -> dict[str, str]:
        """The paths to open: ``desk`` and one per person's seat."""
        return {"desk": join_link(self.master)} | {
            seat: join_link(seat_token(self.master, seat)) for seat in self.people}


def record_path(database_url: str) -> Path:
    """Where the demo games of ``database_url`` are remembered."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite" and url.database:
        return Path(url.database).with_suffix(".demo.json")
    digest = hashlib.sha256(database_url.encode()).hexdigest()[:16]
    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return folder / f"demo-{digest}.json"


def ensure_demo_games(database_url: str, lang: Lang = "en") -> list[Demo]:
    """The demo games on ``database_url``, made now where they are missing."""
    upgrade(database_url)
    settings = Settings(database_url=database_url, background=False)
    engine = make_engine(database_url, settings.sqlite_synchronous)
    store = Store(engine, settings)
    path = record_path(database_url)
    try:
        known = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except (OSError, ValueError):
        known = {}
    demos = []
    try:
        for ruleset, people in DEMOS:
            found = known.get(ruleset)
            master = str(found.get("master", "")) if isinstance(found, dict) else ""
            seating = store.authenticate(master) if master else None
            if seating is not None and seating.is_master:
                demos.append(Demo(ruleset, seating.game, master, people))
                continue
            created = store.create(ruleset, None, dict.fromkeys(people, PERSON), lang,
                                   None, None)
            demos.append(Demo(ruleset, created.id, created.master, people))
    finally:
        engine.dispose()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({d.ruleset: {"game": d.game, "master": d.master}
                                for d in demos}, indent=1), encoding="utf-8")
    return demos


def demo_lines(demos: list[Demo], base: str, lang: Lang) -> list[str]:
    """What ``referee serve --demo`` prints: each game's title and links."""
    lines = [render(msg("pages.demo.title"), lang)]
    for demo in demos:
        lines.append(render(find_ruleset(demo.ruleset).title, lang))
        for who, link in demo.links().items():
            label = render(msg("pages.demo.desk"), lang) if who == "desk" else who
            lines.append(f"  {label}: {base}{link}")
    return lines
