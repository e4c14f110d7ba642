"""The 54 progress cards data file: counts as catan_facts.md settles them, timings, VP cards, malformed files."""
from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from ratgames_lab import InvalidPositionError
from ratgames_lab.catan.progress_cards import (
    PROGRESS_CARDS_FILE, TIMINGS, parse_progress_cards, progress_cards, read_progress_cards)

# catan_facts.md, "Progress cards: 54 in total", typed in again from the digest's table (independent of the file)
FACTS = {
    "science": {"Alchemist": 2, "Crane": 2, "Engineer": 1, "Inventor": 2, "Irrigation": 2, "Medicine": 2,
                "Mining": 2, "Printer": 1, "Road Building": 2, "Smith": 2},
    "politics": {"Bishop": 2, "Constitution": 1, "Deserter": 2, "Diplomat": 2, "Intrigue": 2, "Saboteur": 2,
                 "Spy": 3, "Warlord": 2, "Wedding": 2},
    "trade": {"Commercial Harbor": 2, "Master Merchant": 2, "Merchant": 6, "Merchant Fleet": 2,
              "Resource Monopoly": 4, "Trade Monopoly": 2},
}
COLOURS = {"science": "green", "politics": "blue", "trade": "yellow"}


def raw() -> dict:
    return json.loads(PROGRESS_CARDS_FILE.read_text(encoding="utf-8"))


def test_54_cards_18_per_colour():
    pc = progress_cards()
    assert sum(c.count for c in pc.cards) == 54
    for deck, colour in COLOURS.items():
        ids = pc.deck(deck)
        assert len(ids) == 18
        assert {pc.card(i).colour for i in ids} == {colour}
        assert {pc.card(i).deck for i in ids} == {deck}
    assert pc.hand_limit == 4


@pytest.mark.parametrize("deck, name, count", [(d, n, k) for d, cards in FACTS.items() for n, k in cards.items()])
def test_counts_table_card_by_card(deck, name, count):
    cards = [c for c in progress_cards().cards if c.name == name]
    assert len(cards) == 1, name
    assert (cards[0].deck, cards[0].count) == (deck, count)


def test_no_card_type_beyond_the_table():
    assert sorted(c.name for c in progress_cards().cards) == sorted(n for cards in FACTS.values() for n in cards)


def test_deck_lists_ids_by_count_and_shuffles_with_a_seeded_rng():
    pc = progress_cards()
    deck = pc.deck("trade")
    assert Counter(deck) == {"commercial_harbor": 2, "master_merchant": 2, "merchant": 6, "merchant_fleet": 2,
                             "resource_monopoly": 4, "trade_monopoly": 2}
    a, b = list(deck), list(deck)
    random.Random(7).shuffle(a)
    random.Random(7).shuffle(b)
    assert a == b and sorted(a) == sorted(deck)
    deck.clear()  # a fresh list each call: mutating one never touches the data
    assert len(pc.deck("trade")) == 18
    with pytest.raises(KeyError):
        pc.deck("green")


def test_every_card_has_an_allowed_timing_and_only_the_alchemist_comes_before_the_roll():
    pc = progress_cards()
    assert all(c.timing in TIMINGS for c in pc.cards)
    assert [c.id for c in pc.cards if c.timing == "before_roll"] == ["alchemist"]
    assert {c.id for c in pc.cards if c.timing == "when_drawn"} == {"printer", "constitution"}
    assert dict(pc.timings).keys() == set(TIMINGS)


def test_vp_cards_are_printer_and_constitution_one_vp_each():
    pc = progress_cards()
    assert sorted(pc.vp_cards()) == ["constitution", "printer"]
    assert pc.card("printer").vp == pc.card("constitution").vp == 1
    assert pc.card("printer").deck == "science" and pc.card("constitution").deck == "politics"
    assert sum(c.vp * c.count for c in pc.cards) == 2


def test_names_rulings_and_labels():
    pc = progress_cards()
    assert "catan_facts.md" in pc.source
    assert pc.card("road_building").name_fr == "Construction de routes"  # the only card the seed names
    assert sum(c.name_fr is not None for c in pc.cards) == 1
    assert "Alchemy" in pc.card("alchemist").other_names
    assert all(c.effect and c.rulings for c in pc.cards)
    assert any(r.applies == "seafarers" and "ship" in r.text for r in pc.card("road_building").rulings)
    assert any(r.applies == "seafarers" and "gold" in r.text for r in pc.card("merchant").rulings)
    bishop_pirate = [r for r in pc.card("bishop").rulings if "pirate" in r.text]
    assert bishop_pirate and all(r.status == "interpretation" for r in bishop_pirate)
    assert {r.option for r in pc.rules if r.option} == {"robber_peace", "tie_defender_progress_card"}
    assert pc.card("merchant").rulings[-1].option == "merchant_vp"
    assert any(r.status == "convention" for r in pc.card("diplomat").rulings)
    # what the digest marks as an inference or interpretation, and only that, is labelled so
    assert [c.id for c in pc.cards for r in c.rulings if r.status == "interpretation"] == ["bishop", "bishop"]
    assert [r.text.split()[0] for r in pc.rules if r.status == "interpretation"] == ["Fish"]


def test_the_shipped_file_is_read_from_any_copy(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(PROGRESS_CARDS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    assert read_progress_cards(path) == progress_cards()


def _broken(edit) -> dict:
    data = copy.deepcopy(raw())
    edit(data)
    return data


def _set(path, value):
    def edit(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def _delete(path):
    def edit(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return edit


@pytest.mark.parametrize("edit, field", [
    (_set(("cards", 3, "count"), 0), "cards[3].count"),
    (_set(("cards", 3, "count"), "2"), "cards[3].count"),
    (_set(("cards", 3, "count"), True), "cards[3].count"),
    (_set(("cards", 0, "count"), 3), "decks.science.size"),
    (_set(("cards", 5, "timing"), "on_seven"), "cards[5].timing"),
    (_set(("cards", 7, "vp"), 0), "cards[7].timing"),  # the Printer without its VP would be shown when drawn
    (_set(("cards", 2, "vp"), -1), "cards[2].vp"),
    (_set(("cards", 2, "deck"), "green"), "cards[2].deck"),
    (_delete(("cards", 4, "effect")), "cards[4].effect"),
    (_set(("cards", 4, "name"), " "), "cards[4].name"),
    (_set(("cards", 1, "id"), "alchemist"), "cards[1].id"),
    (_set(("cards", 6, "other_names"), [""]), "cards[6].other_names[0]"),
    (_set(("cards", 6, "rulings", 0, "status"), "official-ish"), "cards[6].rulings[0].status"),
    (_set(("cards", 6, "rulings", 0, "applies"), "base"), "cards[6].rulings[0].applies"),
    (_set(("cards", 6, "rulings"), ["text"]), "cards[6].rulings[0]"),
    (_set(("cards", 9), 42), "cards[9]"),
    (_set(("rules", 1, "option"), 3), "rules[1].option"),
    (_set(("decks", "trade", "colour"), "red"), "decks.trade.colour"),
    (_set(("decks", "trade", "size"), 17), "decks.trade.size"),
    (_delete(("decks", "politics")), "decks"),
    (_set(("timings",), {"after_roll": "x"}), "timings"),
    (_set(("hand_limit",), 0), "hand_limit"),
    (_delete(("source",)), "source"),
    (_set(("cards",), {}), "cards"),
])
def test_malformed_data_is_rejected_naming_the_field(edit, field):
    with pytest.raises(InvalidPositionError) as exc:
        parse_progress_cards(_broken(edit))
    assert exc.value.field == field


def test_not_an_object_or_not_json(tmp_path):
    with pytest.raises(InvalidPositionError) as exc:
        parse_progress_cards([1, 2])
    assert exc.value.field == "progress_cards"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidPositionError) as exc:
        read_progress_cards(bad)
    assert exc.value.field == "progress_cards"
