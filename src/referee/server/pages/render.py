"""Templates and the words in them: one Jinja2 environment (autoescaped)
over the package's templates, and a reader's :class:`Words` that renders
catalogue keys, the texts a view holds (log lines, reasons) and names in
the reader's language."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from referee.core.i18n import CATALOGUE, Lang, Msg, Name, Param, msg, render
from referee.server.checks import text_from_json

CATALOGUE.load(Path(__file__).with_name("text.toml"))
LANG_NAMES = {"en": "English", "ru": "Русский"}


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("referee.server.pages", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.globals["lang_names"] = LANG_NAMES
    env.globals["question_assets"] = question_assets()
    env.filters["sentence"] = sentence
    return env


def sentence(text: str) -> str:
    """A clause the rules give (an outcome's reason) shown as a sentence of
    its own: its first letter a capital, a full stop at its end."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?…" else ".")


def question_assets() -> dict[str, list[str]]:
    """The question module's own style sheets and scripts among the static
    files (``static/question*.css``, ``static/question*.js``), which every
    page that shows a board or a question loads."""
    static = Path(__file__).with_name("static")
    return {kind: sorted(f"/static/{path.name}" for path in static.glob(f"question*.{kind}"))
            for kind in ("css", "js")}


def page(template: str, **context: Any) -> str:
    """A whole page or a part of one, rendered from ``templates/``."""
    return environment().get_template(template).render(**context)


def digest(text: str) -> str:
    """A short digest: a part's version, which the live page compares."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Words:
    """What a reader reads, in the reader's language."""

    def __init__(self, lang: Lang, names: Mapping[str, Msg | Name] | None = None) -> None:
        self.lang = lang
        self.names = dict(names or {})

    def __call__(self, key: str, **params: Param) -> str:
        """The catalogue's text of ``key``."""
        return render(msg(key, **params), self.lang)

    def has(self, key: str) -> bool:
        return CATALOGUE.bundles[self.lang].has(key) or CATALOGUE.bundles["en"].has(key)

    def text(self, data: Any) -> str:
        """A text as a view holds it (a key and parameters, or a name)."""
        found = text_from_json(data)
        if isinstance(found, Msg | Name | str):
            return render(found, self.lang)
        return str(found)

    def line(self, line: Mapping[str, Any]) -> str:
        """A log line, in the wording meant for its reader."""
        return self.text({"key": line.get("key", ""), "params": line.get("params", {})})

    def seat(self, seat: str) -> str:
        """A seat as the scenario calls it (the game master as such)."""
        if seat == "master":
            return self("pages.master")
        name = self.names.get(seat)
        return render(name, self.lang) if name is not None else seat

    def markup(self, key: str, **params: Param) -> Markup:
        return Markup.escape(self(key, **params))
