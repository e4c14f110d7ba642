"""What a seat may see (observation) and the worlds consistent with it (determinize), as the digest says.

Public: hand sizes, rat totals, tracks with arrival order, piles, VP tokens, the discard, the entrants and how many
cards each placed, the positions every player looked at. Private: hand contents, face-down cards until D.1,
the value of a looked-at nun-row card (only its looker knows it). ``determinize`` resamples the Population cards
the seat cannot locate (nun row, other hands, face-down cards, deck) from the cards it has not seen, keeping the
seat's own looks; a nun-row position only receives a card the seat has never seen. The building deck and the
replacement deck's unseen cards are reshuffled together (nobody has seen them).
"""
from __future__ import annotations

import random

from ..core.protocol import CHANCE, TERMINAL


def observation(s, player: int) -> dict:
    """JSON-able view for ``player`` (-1: the public view, with no hand)."""
    comp = s.comp
    names = comp.card_names
    bnames = comp.buildings.card_ids
    n = comp.players
    bit = 1 << player if player >= 0 else 0
    me = player
    known = {}
    if player >= 0:
        for q in range(n):
            if q != player:
                known[str(q)] = sorted(names[c] for c in s.hands[q] if c < comp.npop and s.knows[c] & bit)
    placed = []
    for slot, (ent, cards) in enumerate(zip(s.entrants, s.placed)):
        row = []
        for p, cs in zip(ent, cards):
            if slot < s.revealed or p == me:
                row.append([names[c] for c in cs])
            else:
                row.append(len(cs))
        placed.append(row)
    cp = s.current_player
    return {
        "game": "rattus_cartus",
        "viewer": player,
        "players": n,
        "round": s.round,
        "rounds": comp.rounds,
        "last_round": s.last_round,
        "phase": s.phase,
        "first": s.first,
        "to_move": cp,
        "task": s.tasks[0][:] if s.tasks and cp not in (CHANCE, TERMINAL) else (s.tasks[0][:1] if s.tasks else []),
        "rats": s.rats[:],
        "influence": {comp.cards.class_ids[c]: s.influence[c][:] for c in range(6)},
        "arrival": {comp.cards.class_ids[c]: s.arrival[c][:] for c in range(6)},
        "hand": sorted(names[c] for c in s.hands[player]) if player >= 0 else None,
        "hand_sizes": [len(h) for h in s.hands],
        "known_in_hands": known,
        "nun_row": [names[c] if s.knows[c] & bit else None for c in s.row],
        "looks": [x[:] for x in s.looks],
        "discard": sorted(names[c] for c in s.discard),
        "deck_size": len(s.deck),
        "piles": dict(zip(("joker", "sword", "flute", "pass", "gold", "vp"), s.piles)),
        "vp_tokens": s.vp[:],
        "buildings_in_play": [bnames[b] for b in s.chosen],
        "building_deck_size": len(s.bdeck) + len(s.repl),
        "replacement_unseen": len(s.repl),
        "replacement_under": [bnames[b] for b in s.repl_under],
        "building_discard": [bnames[b] for b in s.bdiscard],
        "row": [bnames[b] for b in s.shown],
        "entrants": [e[:] for e in s.entrants],
        "placed": placed,
        "entered": s.entered[:],
        "protected": s.protected[:],
        "revealed": s.revealed,
    }


def unknown_slots(s, player: int) -> list[tuple[list, int]]:
    """Every (list, index) holding a Population card whose place ``player`` does not know, the nun row first."""
    bit = 1 << player
    npop = s.comp.npop
    knows = s.knows
    slots = [(s.row, i) for i, c in enumerate(s.row) if not knows[c] & bit]
    for q, h in enumerate(s.hands):
        if q != player:
            slots += [(h, i) for i, c in enumerate(h) if c < npop and not knows[c] & bit]
    for slot in range(s.revealed, len(s.placed)):
        for cards in s.placed[slot]:
            slots += [(cards, i) for i, c in enumerate(cards) if c < npop and not knows[c] & bit]
    slots += [(s.deck, i) for i, c in enumerate(s.deck) if not knows[c] & bit]
    return slots


def determinize(s, player: int, rng: random.Random):
    """A copy where everything ``player`` cannot see is resampled consistently with what they know.

    Every consistent world is equally likely: the unknown nun-row positions get cards the player never saw; the
    cards the player saw but lost track of (given on by someone else, drawn from a reshuffled deck) are in some
    hand or face-down pile, never in the deck or the row; the other cards fill the remaining places at random.
    """
    d = s.clone()
    bit = 1 << player
    slots = unknown_slots(d, player)
    old = [lst[i] for lst, i in slots]
    knows, seen = d.knows, d.seen
    old_knows = [knows[c] for c in old]
    old_seen = [seen[c] for c in old]
    mine_seen = {c: seen[c] & bit for c in old}
    row_idx = [k for k, (lst, _) in enumerate(slots) if lst is d.row]
    deck_idx = [k for k, (lst, _) in enumerate(slots) if lst is d.deck]
    other_idx = [k for k, (lst, _) in enumerate(slots) if lst is not d.row and lst is not d.deck]
    never = [c for c in old if not mine_seen[c]]
    lost = [c for c in old if mine_seen[c]]
    new = [0] * len(slots)
    row_cards = rng.sample(never, len(row_idx))
    for k, c in zip(row_idx, row_cards):
        new[k] = c
    taken = set(row_cards)
    lost_places = rng.sample(other_idx, len(lost))
    for k, c in zip(lost_places, lost):
        new[k] = c
    rest_cards = [c for c in never if c not in taken]
    rng.shuffle(rest_cards)
    used = set(lost_places)
    rest_places = [k for k in other_idx if k not in used] + deck_idx
    for k, c in zip(rest_places, rest_cards):
        new[k] = c
    for (lst, i), c, kn, sn in zip(slots, new, old_knows, old_seen):
        lst[i] = c
        knows[c] = kn & ~bit
        seen[c] = (sn & ~bit) | mine_seen[c]
    d.deck.sort()
    pool = d.bdeck + d.repl
    rng.shuffle(pool)
    d.repl = sorted(pool[:len(d.repl)])
    d.bdeck = sorted(pool[len(d.repl):])
    return d


def describe(s, viewer: int | None = None) -> str:
    """The position as a small text table for the terminal (a viewer's hand and looks if given)."""
    comp = s.comp
    cls = comp.cards.class_names
    lines = [f"Rattus Cartus, {comp.players} players, round {s.round} of {comp.rounds}"
             f"{' (last round)' if s.last_round else ''}, phase {s.phase}; first player {s.name(s.first)}"]
    for slot, b in enumerate(s.shown):
        ent = ", ".join(f"{s.name(p)} ({len(cs)} card{'s' if len(cs) != 1 else ''})"
                        for p, cs in zip(s.entrants[slot], s.placed[slot])) or "empty"
        lines.append(f"  building #{slot + 1}: {comp.building_label(b)} [{cls[comp.buildings.card_class[b]]}]: {ent}")
    lines.append("  " + "player".ljust(8) + "".join(c[:10].rjust(12) for c in cls) + "rats".rjust(6)
                 + "hand".rjust(6) + "VP tokens".rjust(11))
    for p in range(comp.players):
        track = "".join(f"{s.influence[c][p]}".rjust(12) for c in range(6))
        lines.append(f"  {s.name(p).ljust(8)}{track}{s.rats[p]:6d}{len(s.hands[p]):6d}{s.vp[p]:11d}")
    if viewer is not None and viewer >= 0:
        row = ["?" if not s.knows[c] >> viewer & 1 else str(comp.nuns[c]) for c in s.row]
        lines.append(f"  nun row (your looks): {' '.join(row)}")
    cp = s.current_player
    who = {CHANCE: "chance", TERMINAL: "nobody (game over)"}.get(cp, s.name(cp) if cp >= 0 else "")
    lines.append(f"  to play: {who}" + (f" ({s.tasks[0][0]})" if s.tasks else ""))
    return "\n".join(lines)


def hand_text(s, player: int) -> str:
    """What ``player`` holds, in words."""
    comp = s.comp
    cards = sorted(s.hands[player])
    return ", ".join(comp.card_label(c) for c in cards) or "no cards"
