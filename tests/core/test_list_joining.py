"""A list in a line ("c1, c2, and c3 see: ...") is joined exactly as Babel's
``format_list`` joins it, in each language, for "and" and "or", however
long, whatever the items say."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel import Locale
from babel.lists import format_list

from referee.core.i18n import Catalogue, Lang, Name, msg

ITEMS = ["Anna", "Борис", "c12", "the west door", "a, b", "{x}", "Вера Павловна", "1/2"]


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    path = Path(tmp_path_factory.mktemp("lists")) / "text.toml"
    path.write_text('[en]\n"t.and" = "{ AND($who) }"\n"t.or" = "{ OR($who) }"\n'
                    '[ru]\n"t.and" = "{ AND($who) }"\n"t.or" = "{ OR($who) }"\n',
                    encoding="utf-8")
    made = Catalogue()
    made.load(path)
    return made


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("key", "style"), [("t.and", "standard"), ("t.or", "or")])
@pytest.mark.parametrize("count", range(2, len(ITEMS) + 1))
def test_a_list_is_joined_as_babel_joins_it(catalogue: Catalogue, lang: Lang, key: str,
                                            style: str, count: int):
    names = ITEMS[-count:] if count % 2 else ITEMS[:count]
    text = catalogue.render(msg(key, who=tuple(Name(name) for name in names)), lang)
    locale = Locale.parse({"en": "en_US", "ru": "ru_RU"}[lang])
    assert text == format_list(names, style=style, locale=locale)  # type: ignore[arg-type]
