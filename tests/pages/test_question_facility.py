"""A Facility turn as one form: rooms by name, doors by the names the room
gives them, items from what the character carries or sees, targets from
whom it sees; the orders shown back as read with their void parts, to be
replaced until the turn closes; a Ready button beside Send."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from referee.core.game import Game
from referee.core.i18n import Lang
from referee.core.ruleset import find_ruleset
from referee.core.scenario import validate_scenario
from referee.games.facility.orders import Orders
from referee.server.pages.question import FormError, answer_from_form, question_html
from tests.pages.posting import FormPage

RULESET = find_ruleset("facility")
EXAMPLE: dict[str, Any] = tomllib.loads(RULESET.examples()[0].read_text(encoding="utf-8"))


def game(**rooms: int) -> Game:
    """The research wing, characters moved to the rooms given."""
    data = copy.deepcopy(EXAMPLE)
    for seat, room in rooms.items():
        data["characters"][seat]["room"] = room
    return Game(RULESET, validate_scenario(RULESET, data, "test"))


def page(g: Game, seat: str, lang: Lang = "en") -> FormPage:
    html = question_html(RULESET, g.view(seat), lang)
    assert html is not None
    return FormPage(str(html))


def options(form: FormPage, name: str) -> dict[str, str]:
    """A select's options by value, with their words ("" for none)."""
    return dict(form.one(name).options)


def boxes(form: FormPage, name: str) -> dict[str, str]:
    """Checkboxes named ``name``: value -> label."""
    return {c.value: form.labels[c.id] for c in form.named(name) if c.kind == "checkbox"}


def test_rooms_are_chosen_by_name_and_doors_by_the_names_the_room_gives_them():
    boris = page(game(), "boris")  # in the corridor
    assert options(boris, "move.to") == {
        "": "(no movement)", "1": "the lobby", "2": "lab A", "3": "the corridor",
        "4": "the storeroom", "5": "the office", "6": "lab B"}
    step = options(boris, "move.route.0")
    assert step["door:north"] == "North door, to the office"
    assert step["door:south"] == "South door, to the lobby"
    assert step["door:west"] == "West door, to lab A"
    assert step["pause"] == "pause"
    assert step["room:4"] == "into the storeroom"
    assert len([n for n in step if n.startswith("door:")]) == 4
    ru = page(game(), "boris", "ru")
    assert options(ru, "move.route.0")["door:north"] == "Северная дверь, в кабинет"
    assert options(ru, "move.to")["2"] == "лаборатория А"


def test_items_come_from_what_the_character_carries_and_sees():
    boris = page(game(), "boris")  # a pistol on his belt, a badge worn
    assert boxes(boris, "drop") == {"pistol": "pistol", "badge": "agent's badge"}
    assert boxes(boris, "show") == {"pistol": "pistol", "badge": "agent's badge"}
    assert boxes(boris, "equip.hands") == {"pistol": "pistol", "badge": "agent's badge"}
    assert {boris.one(f"give.{n}.item").value for n in (0, 1)} == {"pistol", "badge"}
    use = boris.one("use.0.target")
    assert boris.labels[use.id] == "A shot with the pistol"
    anna = page(game(), "anna")  # in the lobby, a keycard on the floor
    assert anna.one("take.0.item").value == "keycard"
    assert anna.labels["q-take.0.on"] == "Take the keycard"
    assert options(anna, "take.0.place") == {
        "": "(the usual: hands, then inventory)", "hands": "in hand",
        "inventory": "in the inventory"}
    assert boxes(anna, "drop") == {}


def test_targets_are_those_the_character_sees():
    """Anna in the corridor with Boris: she may attack, chase, give to and
    shoot at Boris only; she may follow and refuse anyone."""
    g = game(anna=3)
    anna = page(g, "anna")
    assert options(anna, "melee.target") == {"": "(no attack)", "boris": "Boris"}
    assert options(anna, "chase") == {"": "(no chase)", "boris": "Boris"}
    assert set(boxes(anna, "refuse")) == {"boris", "gleb", "vera"}
    follow = boxes(anna, "follow")
    assert {"boris", "gleb", "vera", "uniform:scientist", "uniform:agent"} <= set(follow)
    assert follow["item:pistol"] == "anyone with a pistol in sight"  # on Boris's belt
    assert "item:sample" not in follow  # she has not seen the sample case
    accept = {anna.one(f"accept.{n}.item").value for n in range(2)}
    assert accept == {"pistol", "badge"}  # what she sees on Boris
    vera = page(g, "vera")  # alone in lab A
    assert options(vera, "melee.target") == {"": "(no attack)"}


def test_a_filled_form_gives_the_orders_it_shows():
    g = game(anna=3)
    boris = page(g, "boris")
    boris.fill("move.route.0", "door:west")
    boris.fill("move.route.1", "pause")
    boris.fill("move.to", "4")
    boris.fill("melee.target", "anna")
    boris.fill("use.0.target", "anna")
    badge = next(n for n in (0, 1) if boris.one(f"give.{n}.item").value == "badge")
    boris.fill(f"give.{badge}.to", "anna")
    boris.tick("follow", "uniform:scientist")
    boris.tick("follow", "anna")
    boris.tick("ignore")
    orders = answer_from_form(RULESET, g.view("boris"), boris.post())
    assert orders == {
        "move": {"to": 4, "route": ["west", "pause"]}, "follow": ["anna", "uniform:scientist"],
        "ignore": True, "melee": {"target": "anna"}, "give": [{"item": "badge", "to": "anna"}],
        "use": [{"ability": "shot", "item": "pistol", "target": "anna"}]}
    g.answer("boris", orders)
    assert g.view("boris")["waiting"]["your_void_parts"] == []


def test_an_empty_form_gives_no_orders():
    g = game()
    assert answer_from_form(RULESET, g.view("gleb"), page(g, "gleb").post()) == {}


def test_orders_sent_are_shown_back_as_read_with_their_void_parts():
    g = game()
    form = page(g, "boris")
    form.fill("move.route.0", "door:north")
    g.answer("boris", answer_from_form(RULESET, g.view("boris"), form.post()))
    g.answer("boris", {"move": {"route": ["north", "nowhere"]}, "take": [{"item": "folder"}]})
    html = str(question_html(RULESET, g.view("boris"), "en"))
    assert "Your orders as read" in html
    assert "North door, to the office, the door <code>nowhere</code>" in html
    assert "Void: there is no door <code>nowhere</code> in the office" in html
    # House rule 20: an item Boris neither carries nor sees is void, worded
    # as for an item that is nowhere.
    assert ("<strong>Take</strong>: folder<br><span class=\"q-void-reason\">Void: you neither "
            "carry nor see an item <code>folder</code></span>") in html
    assert "red folder" not in html  # an item Boris has never seen keeps its name from him
    ru = str(question_html(RULESET, g.view("boris"), "ru"))
    assert "Ваши заявки, как они прочитаны" in ru
    assert "Недействительна: в кабинете нет двери <code>nowhere</code>" in ru


def test_orders_are_replaced_from_the_form_filled_in_with_them():
    g = game(anna=3)
    first = page(g, "anna")
    first.fill("melee.target", "boris")
    first.fill("move.route.0", "door:north")
    sent = answer_from_form(RULESET, g.view("anna"), first.post())
    g.answer("anna", sent)
    again = page(g, "anna")
    assert answer_from_form(RULESET, g.view("anna"), again.post()) == sent
    assert "Send changed orders" in [b.text for b in again.buttons()]
    again.fill("melee.target", "")
    again.fill("move.route.0", "")
    again.fill("move.to", "1")
    replaced = answer_from_form(RULESET, g.view("anna"), again.post())
    assert replaced == {"move": {"to": 1}}
    g.answer("anna", replaced)
    assert g.view("anna")["waiting"]["your_answer"] == replaced


def test_orders_the_form_cannot_offer_any_more_are_kept_when_replaced():
    """Orders sent before that name what the form does not offer (a door of
    another room, an item not here) stay offered, so that sending the form
    again loses none of them."""
    g = game()
    sent = {"move": {"route": ["east", 5]}, "take": [{"item": "sample", "place": "inventory"}],
            "melee": {"target": "vera", "id": "jab"}, "bluff": ["jab"]}
    g.answer("anna", sent)
    again = page(g, "anna")
    assert Orders.model_validate(answer_from_form(RULESET, g.view("anna"), again.post())) == \
        Orders.model_validate(sent)


def test_ready_sends_the_orders_too_and_send_comes_first():
    g = game()
    form = page(g, "anna")
    form.tick("take.0.on")
    first, ready = form.buttons()[-2:]
    assert form.buttons()[0].text == "Send orders"  # Enter in a field sends, without Ready
    assert (ready.name, ready.value) == ("ready", "1")
    view = g.view("anna")
    assert answer_from_form(RULESET, view, form.post(ready)) == \
        answer_from_form(RULESET, view, form.post(first)) == {"take": [{"item": "keycard"}]}


@pytest.mark.parametrize("field, value", [("move.to", "the lobby"),
                                          ("move.route.0", "north")])
def test_a_forged_value_is_refused_naming_its_field(field: str, value: str):
    g = game()
    form = page(g, "anna").post()
    form[field] = [value]
    with pytest.raises(FormError) as refused:
        answer_from_form(RULESET, g.view("anna"), form)
    assert refused.value.field == field


def test_secrecy_is_offered_only_where_the_game_allows_it():
    assert not any(c.name.endswith(".secret") for c in page(game(anna=3), "anna").controls)
    data = copy.deepcopy(EXAMPLE)
    data["settings"]["secret_declarations"] = True
    data["characters"]["anna"]["room"] = 3
    g = Game(RULESET, validate_scenario(RULESET, data, "test"))
    form = page(g, "anna")
    form.fill("melee.target", "boris")
    form.tick("melee.secret")
    assert answer_from_form(RULESET, g.view("anna"), form.post()) == {
        "melee": {"target": "boris", "secret": True}}


def test_a_forged_entry_number_costs_no_more_than_a_small_one():
    g = game()
    form = page(g, "anna").post()
    form["take.1000000000.on"] = ["1"]
    form["use.999999999.target"] = ["air"]
    assert answer_from_form(RULESET, g.view("anna"), form) == {}
