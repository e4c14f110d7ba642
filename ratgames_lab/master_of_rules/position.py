"""Master of Rules positions: JSON export, validated import, per-player observation, terminal text."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.position import require
from .cards import (CODES, HAND_NUMBERS, HAND_RULES, RULE_COPIES, RULES,
                    SEATS, TRANSACTIONS, card_name, rule_name, seat_name)
from .translate import _, card_text, data_text, seat_text
from .phases import DISPLAY_DRAW, DUMMY_DRAW, NUMBER, OVER, PLAY, REFILL, RULE



def _rules_list(counts: list[int]) -> list[str]:
    return [RULES[t] for t, n in enumerate(counts) for _ in range(n)]


def check_conservation(data: dict, n: int) -> None:
    """Counters in range for ``n`` players; all 45 Number cards exactly once; 12 Rule cards of each type."""
    transactions = TRANSACTIONS[n]
    over = data["phase"] == OVER
    require(data["transaction"] == transactions if over else data["transaction"] < transactions,
            f"must be {'equal to' if over else 'below'} {transactions} for {n} players", "transaction")
    if data["phase"] == DUMMY_DRAW:  # every real player has played: the turn counter stands at n
        require(data["turn"] == n, f"must be {n} (every player has played) in the dummy_draw phase", "turn")
    else:
        require(data["turn"] < n, f"must be below the number of players ({n})", "turn")
    _check_cards(data)
    for p, (known, hand) in enumerate(zip(data["known_in_hands"], data["hands"])):
        for kind in ("numbers", "rules"):
            require(len(known[kind]) == len(set(known[kind])) or kind == "rules",
                    "a card is listed twice", f"known_in_hands[{p}].{kind}")


def _check_cards(data: dict) -> None:
    """All 45 Number cards exactly once; 12 Rule cards of each type in all zones together."""
    seen: dict[str, str] = {}
    places = [("display.numbers", data["display"]["numbers"]), ("decks.numbers", data["decks"]["numbers"]),
              ("discards.numbers", data["discards"]["numbers"])]
    places += [(f"hands[{p}].numbers", h["numbers"]) for p, h in enumerate(data["hands"])]
    places += [(f"table[{i}].number", [t["number"]]) for i, t in enumerate(data["table"]) if t["number"]]
    for where, cards in places:
        for i, code in enumerate(cards):
            field = where if where.startswith("table") else f"{where}[{i}]"
            require(code not in seen, f"duplicated card {code} (also in {seen.get(code)})", field)
            seen[code] = where
    missing = [c for c in CODES if c not in seen]
    require(not missing, f"Number cards missing from every zone: {', '.join(missing)}", "cards")
    rules = Counter()
    for pile in (data["display"], data["decks"], data["discards"], *data["hands"]):
        rules.update(pile["rules"])
    rules.update(t["rule"] for t in data["table"] if t["rule"])
    for k in data["kept"]:
        rules.update(k)
    for t, name in enumerate(RULES):
        require(rules[name] == RULE_COPIES[t], f"{rules[name]} {name} cards in all zones, expected {RULE_COPIES[t]}",
                "rules")


def check_consistency(s: Any) -> None:
    """Hand sizes, the table and the phase must fit together."""
    n = s.players
    for p in range(n):
        require(len(s.hand_numbers[p]) <= HAND_NUMBERS, f"at most {HAND_NUMBERS} Number cards in hand",
                f"hands[{p}].numbers")
        require(sum(s.hand_rules[p]) <= HAND_RULES, f"at most {HAND_RULES} Rule cards in hand", f"hands[{p}].rules")
        require(all(c in s.hand_numbers[p] for c in s.known_numbers[p]), "known cards must be in that hand",
                f"known_in_hands[{p}].numbers")
        require(all(k <= h for k, h in zip(s.known_rules[p], s.hand_rules[p])), "known cards must be in that hand",
                f"known_in_hands[{p}].rules")
    require(len(s.display_numbers) <= 5 and sum(s.display_rules) <= 5, "at most 5 cards of each type", "display")
    if s.phase in (OVER, DISPLAY_DRAW):
        require(all(c is None for c in s.table_numbers + s.table_rules), "must be empty between transactions", "table")
        require(s.round == 1 and s.turn == 0, "must be round 1, turn 0 between transactions", "round")
    if s.phase == OVER:
        require(not any(s.hand_numbers) and not any(map(any, s.hand_rules)), "must be empty after the game", "hands")
    order = s.turn_order()
    if s.phase in (PLAY, REFILL, DUMMY_DRAW):
        done_this_round = s.turn + (1 if s.phase == REFILL else 0) if s.phase != DUMMY_DRAW else n
        for i, p in enumerate(order):
            on_table = (s.table_numbers[p] is not None) + (s.table_rules[p] is not None)
            expected = (s.round - 1) + (1 if i < done_this_round else 0)
            require(on_table <= expected and on_table >= expected - (1 if s.round == 2 else 0),
                    f"{seat_name(p, n)} should have {expected} card(s) on the table", f"table[{p}]")
            if s.round == 2 or i < done_this_round:
                require(s.first_round[p] in (NUMBER, RULE), "must say what was played in the first round",
                        f"first_round[{p}]")
                first_card = s.table_numbers[p] if s.first_round[p] == NUMBER else s.table_rules[p]
                require(first_card is not None, f"{seat_name(p, n)}'s first-round {s.first_round[p]} card is missing",
                        f"table[{p}]")
                if s.round == 2 and i < done_this_round and on_table == 1:  # played nothing: only without Rule cards
                    require(s.first_round[p] == NUMBER, f"{seat_name(p, n)} should have played a Number card",
                            f"table[{p}]")
            else:
                require(s.first_round[p] is None, "must be null before the player's first card", f"first_round[{p}]")
        for seat in range(n, SEATS):
            num, rule, field = s.table_numbers[seat], s.table_rules[seat], f"table[{seat}]"
            if s.round == 1 and s.phase != DUMMY_DRAW:
                require(num is None and rule is None, "dummies get cards only after the first round", field)
            if seat == n:  # Dummy-1: a Number card after the first round (3 players: then a Rule card)
                require(num is not None or (s.round == 1 and rule is None),
                        "Dummy-1 gets its Number card after the first round, before any Rule card", field)
                require(rule is None or n == 3, "Dummy-1 gets a Rule card only with 3 players", field)
            else:  # Dummy-2 (3 players): only a Number card, after the second round
                require(rule is None, "Dummy-2 never gets a Rule card", field)
                require(num is None or (s.round == 2 and s.phase == DUMMY_DRAW),
                        "Dummy-2 gets its Number card only after the second round", field)
    if s.phase == REFILL:
        require(s.transaction < TRANSACTIONS[n] - 1, "nobody refills in the final transaction (rules.final_transaction)",
                "phase")
        require(s.refill_type in (NUMBER, RULE), "must be 'number' or 'rule' while refilling", "refill_type")
        p = order[s.turn]
        held, most = ((len(s.hand_numbers[p]), HAND_NUMBERS) if s.refill_type == NUMBER
                      else (sum(s.hand_rules[p]), HAND_RULES))
        require(held < most, f"a refilling player holds fewer than {most} cards of that type",
                f"hands[{p}].{s.refill_type}s")
        played = s.table_numbers[p] if s.refill_type == NUMBER else s.table_rules[p]
        require(played is not None, "the refilling player must have just played that type", "refill_type")
        has = s.display_numbers if s.refill_type == NUMBER else any(s.display_rules)
        require(bool(has), "the display has no card of that type", "display")
    else:
        require(s.refill_type is None, "must be null outside the refill step", "refill_type")
    if s.phase == DUMMY_DRAW:
        require(n < SEATS, "there are no dummies with 5 players", "phase")


def observation(s: Any, player: int) -> dict:
    """What ``player`` may see: public zones, own hand, hand sizes and publicly known cards of the others."""
    full = s.to_json()
    hands = []
    for p in range(s.players):
        if p == player:
            hands.append(full["hands"][p])
        else:
            hands.append({"numbers": None, "rules": None, "sizes": {"numbers": len(s.hand_numbers[p]),
                                                                    "rules": sum(s.hand_rules[p])}})
    return {
        "player": player, "players": s.players, "transaction": s.transaction, "transactions": s.transactions,
        "first_player": s.first_player, "round": s.round, "phase": s.phase, "current_player": s.current_player,
        "hands": hands, "known_in_hands": full["known_in_hands"], "display": full["display"],
        "deck_sizes": {"numbers": len(s.deck_numbers), "rules": sum(s.deck_rules)},
        "discards": full["discards"], "table": full["table"], "kept": full["kept"], "scores": s.scores(),
        "events": [e.text() for e in s.events],
    }


def describe(s: Any) -> str:
    """A readable summary of the position for the terminal (hidden hands shown only for the player to move)."""
    n = s.players
    stage = _("game over") if s.phase == OVER else _("round {n}").format(n=s.round)
    lines = [_("Transaction {number}/{total}, {stage}; first player: {first}").format(
        number=min(s.transaction + 1, s.transactions), total=s.transactions, stage=stage,
        first=seat_text(seat_name(s.first_player, n)))]
    disp_rules = ", ".join(_rule(r) for r in _rules_list(s.display_rules)) or _("none")
    disp_numbers = ", ".join(_card(c) for c in s.display_numbers) or _("none")
    lines.append(_("Display: {numbers} | {rules}").format(numbers=disp_numbers, rules=disp_rules))
    table = []
    for seat in range(SEATS):
        num, rule = s.table_numbers[seat], s.table_rules[seat]
        if num is None and rule is None:
            continue
        bits = [_card(num) if num is not None else "", _rule(rule) if rule is not None else ""]
        table.append(f"{seat_text(seat_name(seat, n))}: " + " + ".join(b for b in bits if b))
    lines.append(_("Table: {cards}").format(cards="; ".join(table) if table else _("empty")))
    for p in range(n):
        kept = ", ".join(f"{_rule(r)}×{c}" for r, c in zip(RULES, s.kept[p]) if c) or _("none")
        lines.append(_("{player}: {points} VP (kept: {kept})").format(
            player=seat_text(seat_name(p, n)), points=s.scores()[p], kept=kept))
    return "\n".join(lines)


def hand_text(s: Any, player: int) -> str:
    """The player's hand in words."""
    nums = ", ".join(_card(c) for c in s.hand_numbers[player]) or _("none")
    rules = ", ".join(_rule(r) for r in _rules_list(s.hand_rules[player])) or _("none")
    return _("Your hand: {numbers} | {rules}").format(numbers=nums, rules=rules)


def _card(card: int) -> str:
    return card_text(card_name(card))


def _rule(rule) -> str:
    return data_text(rule_name(rule))


__all__ = ["check_conservation", "check_consistency", "observation", "describe", "hand_text"]
