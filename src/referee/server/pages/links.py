"""The paths of the pages: a token's link, a seat's page, the game master's
desk. A token travels only in the link's query (access logs drop queries),
and the link trades it for a cookie scoped to its own page."""

from __future__ import annotations

from urllib.parse import quote

JOIN = "/join"
PLAY = "/play"
DESK = "/desk"


def join_link(token: str) -> str:
    """The link a player (or the game master) opens: it sets the cookie and
    redirects to the page of the token's seat (or to the desk)."""
    return f"{JOIN}?key={token}"


def seat_path(game: str, seat: str) -> str:
    """A seat's page; only a browser holding that seat's cookie may read it."""
    return f"{PLAY}/{game}/{quote(seat, safe='')}"


def desk_path(game: str) -> str:
    """The game master's desk."""
    return f"{DESK}/{game}"
