"""Whole games played through the question's forms: at every decision the
asked seat's form is rendered from its view, filled in as a person would
(a button clicked, a point typed or a named move chosen, steppers set,
orders picked from the lists), posted as a browser posts it, and the
answer the form means is given to the game, which must take it. Where the
answer was chosen before filling the form in (an option, a legal point or
allocation the rules make), the form must give back exactly that."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

import pytest

from referee.core.drivers import Ask, RandomChance, play_out
from referee.core.game import Game
from referee.core.i18n import Lang
from referee.core.ruleset import all_rulesets
from referee.core.scenario import load_scenario
from referee.core.waits import JSON, same_json
from referee.games.facility.orders import Orders
from referee.server.pages.question import answer_from_form, question_html
from tests.pages.posting import FormPage, Posted

EXAMPLES = [pytest.param(path, id=f"{ruleset.name}/{path.stem}")
            for ruleset in all_rulesets() for path in ruleset.examples()]
MAX_INPUTS = 4000


class PagePlayer:
    """A person answering every question through its form."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self.kinds: dict[str, int] = {}
        self.asked = 0

    def choose(self, ask: Ask) -> JSON:
        view = ask.view
        lang: Lang = "ru" if self.asked % 2 else "en"
        self.asked += 1
        html = question_html(ask.ruleset, view, lang)
        assert html is not None, "a seat asked a question is shown no form"
        page = FormPage(str(html))
        assert page.unlabelled() == []
        assert page.duplicate_ids() == []
        form, wanted = self.fill(ask, page)
        value = answer_from_form(ask.ruleset, view, form)
        if wanted is not None:
            assert same_json(value, wanted), (form, value, wanted)
        return value

    def fill(self, ask: Ask, page: FormPage) -> tuple[Posted, Any]:
        waiting = ask.view["waiting"]
        if waiting.get("options"):
            return self.choice(page, self.rng.choice(waiting["options"])["value"])
        properties = (waiting.get("answer_schema") or {}).get("properties") or {}
        if set(properties) == {"x", "y"}:
            return self.point(ask, page)
        if "fighters" in properties:
            return self.tokens(ask, page)
        if ask.ruleset.name == "facility":
            return self.orders(page)
        self.count("shape")
        return page.post(), waiting.get("template")

    def count(self, kind: str) -> None:
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def choice(self, page: FormPage, value: Any) -> tuple[Posted, Any]:
        self.count("option")
        text = value if isinstance(value, str) else None
        for button in page.buttons():
            if button.name == "option" and button.value == text:
                return page.post(button), value
            if button.name == "option-json" and text is None and \
                    same_json(json.loads(button.value), value):
                return page.post(button), value
        radios = [c for c in page.controls if c.kind == "radio"]
        assert radios, "an option is neither a button nor in a list"
        self.count("list")
        for radio in radios:
            radio.checked = radio.value == text if text is not None else same_json(
                json.loads(radio.value), value)
        return page.post(page.buttons()[0]), value

    def point(self, ask: Ask, page: FormPage) -> tuple[Posted, Any]:
        wanted = ask.ruleset.random_answer(ask.view, ask.seat, ask.decision, self.rng)
        named = [b for b in page.buttons() if b.name == "spot"]
        if named and self.rng.random() < 0.5:
            self.count("named move")
            spots = _spots(ask.view)
            button = self.rng.choice(named)
            return page.post(button), spots[button.value]
        self.count("point")
        page.fill("x", str(wanted["x"]).replace(".", "," if self.rng.random() < 0.3 else "."))
        page.fill("y", str(wanted["y"]))
        return page.post(page.button()), wanted

    def tokens(self, ask: Ask, page: FormPage) -> tuple[Posted, Any]:
        self.count("tokens")
        wanted = ask.ruleset.random_answer(ask.view, ask.seat, ask.decision, self.rng)
        for fighter, tokens in wanted["fighters"].items():
            page.fill(f"tokens.{fighter}.attack", str(tokens["attack"]))
            page.fill(f"tokens.{fighter}.defence", str(tokens["defence"]))
            page.tick(f"tokens.{fighter}.boost", on=tokens["boost_initiative"])
        return page.post(page.button()), wanted

    def orders(self, page: FormPage) -> tuple[Posted, Any]:
        """Facility: every list a random pick, every box ticked now and then;
        the orders must be of the rules' own shape (nothing void for its form)."""
        self.count("orders")
        for control in page.controls:
            if control.tag == "select" and control.options:
                control.chosen = self.rng.randrange(len(control.options)) \
                    if self.rng.random() < 0.3 else 0
            elif control.kind == "checkbox":
                control.checked = self.rng.random() < 0.2
        buttons = page.buttons()
        return page.post(self.rng.choice(buttons)), None


def _spots(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    """The named moves a point question offers, by value, as the view's
    state gives them (Old West's ``point``, Samurai's ``moving``)."""
    state = view["state"]
    if state.get("point"):
        return {f"{s['way']}:{s['model']}": {"x": s["to"][0], "y": s["to"][1]}
                for s in state["point"]["spots"]}
    return {str(s["value"]): {"x": s["at"][0], "y": s["at"][1]}
            for s in state["moving"]["spots"]}


@pytest.mark.parametrize("path", EXAMPLES)
@pytest.mark.parametrize("seed", (5, 6))
def test_every_question_answered_through_its_form_is_taken_to_the_end(path: Path, seed: int):
    ruleset, scenario = load_scenario(path)
    game = Game(ruleset, scenario)
    player = PagePlayer(Random(seed))
    play_out(game, dict.fromkeys(game.seats, player), RandomChance(Random(-seed)),
             max_inputs=MAX_INPUTS)
    assert game.is_over
    assert player.asked > 0


def test_the_games_played_through_forms_ask_every_kind_of_form():
    """The playouts above meet each kind of form (a point typed and a named
    move, steppers, orders, buttons and a long list)."""
    seen: dict[str, int] = {}
    for ruleset_name, seed in (("old-west", 1), ("samurai", 2), ("facility", 3),
                               ("night-watch", 4)):
        ruleset, scenario = load_scenario(ruleset_name)
        game = Game(ruleset, scenario)
        player = PagePlayer(Random(seed))
        play_out(game, dict.fromkeys(game.seats, player), RandomChance(Random(seed)),
                 max_inputs=MAX_INPUTS)
        for kind, n in player.kinds.items():
            seen[kind] = seen.get(kind, 0) + n
    assert {"option", "list", "point", "named move", "tokens", "orders"} <= set(seen)


def test_orders_posted_from_the_form_are_of_the_rules_own_shape():
    """Facility orders filled in at random on the form: every one fits the
    rules' model of orders, so no part is void for its form."""
    ruleset, scenario = load_scenario("facility")
    rng = Random(11)
    game = Game(ruleset, scenario)
    for _ in range(30):
        seat = rng.choice(game.seats_to_answer())
        view = game.view(seat)
        page = FormPage(str(question_html(ruleset, view, "en")))
        form, _ = PagePlayer(rng).orders(page)
        orders = answer_from_form(ruleset, view, form)
        Orders.model_validate(orders)
        game.fork().answer(seat, orders)
