"""Posts to a game's chat webhook: turn opened, turn closed, game over.

The body is JSON that Discord (``content``) and Slack (``text``) both
accept. A post names seats and whether each answered, and the game's link;
never a token, never what anyone answered. Posts go out after the write
commits, from one thread in order, each tried once with a time-out:
a chat that is down never slows a game. A failure is logged without the
webhook's address (it is a secret of its own).
"""

from __future__ import annotations

import json
import logging
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from referee.core.i18n import Msg, msg, render
from referee.server.deadlines import iso
from referee.server.store import Entry, Hook

log = logging.getLogger("referee.server")


def valid_webhook(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


def hook_text(entry: Entry, hook: Hook, link: str) -> str:
    """The line posted for ``hook``, in the game's language."""
    lang = entry.lang
    game = entry.id
    if hook.kind == "opened":
        moment = iso(hook.deadline)
        deadline: Msg | str = msg("server.hook.deadline", moment=moment.replace("T", " ")
                                  .rstrip("Z")) if moment else ""
        line = msg("server.hook.opened", game=game, turn=hook.turn, deadline=deadline,
                   link=link)
    elif hook.kind == "closed":
        seats = tuple(msg("server.hook.seat-answered" if answered else
                          "server.hook.seat-silent", name=entry.game.seat_name(seat))
                      for seat, answered in hook.seats)
        line = msg("server.hook.closed", game=game, turn=hook.turn, seats=seats, link=link)
    else:
        outcome = entry.game.outcome()
        reason: Msg | str = outcome.reason if outcome is not None else ""
        line = msg("server.hook.over", game=game, outcome=reason, link=link)
    return render(line, lang)


class Poster:
    """Posts hooks in the background."""

    def __init__(self, public_url: str | None, timeout: float) -> None:
        self.public_url = (public_url or "").rstrip("/")
        self.timeout = timeout
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee-hook")

    def link(self, entry: Entry) -> str:
        return f"{self.public_url}/games/{entry.id}" if self.public_url else ""

    def __call__(self, entry: Entry, hooks: list[Hook]) -> None:
        url = entry.webhook
        if not url:
            return
        texts = [hook_text(entry, hook, self.link(entry)).strip() for hook in hooks]
        for text in texts:
            self.pool.submit(self._post, url, text)

    def _post(self, url: str, text: str) -> None:
        body = json.dumps({"content": text[:2000], "text": text}).encode()
        request = urllib.request.Request(url, body, {"Content-Type": "application/json",
                                                     "User-Agent": "referee"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                response.read()
        except Exception as exc:
            log.warning("a webhook post failed: %s", type(exc).__name__)

    def close(self) -> None:
        self.pool.shutdown(wait=True)
