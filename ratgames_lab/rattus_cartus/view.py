"""What a seat may see (observation) and the worlds consistent with it (determinize), as the digest says.

Public: hand sizes, rat totals, tracks with arrival order, piles, VP tokens, the discard, the entrants and how many
cards each placed, the positions every player looked at. Private: hand contents, face-down cards until D.1,
the value of a looked-at nun-row card (only its looker knows it). ``hidden_worlds`` describes the nun row as one
deal of the cards the seat never saw; ``determinize`` samples the row from it and the other hidden cards (other
hands, face-down cards, the deck) by the constraints of what the seat can know (its docstring lists them). The
building deck and the replacement deck's unseen cards are reshuffled together (nobody has seen them).
"""
from __future__ import annotations

import random

from ..core.protocol import CHANCE, TERMINAL
from ..core.worlds import Deal, HiddenWorlds
from . import memory
from .translate import _, name, ngettext


def observation(s, player: int) -> dict:
    """JSON-able view for ``player`` (-1: the public view, with no hand)."""
    comp = s.comp
    names = comp.card_names
    bnames = comp.buildings.card_ids
    n = comp.players
    bit = 1 << player if player >= 0 else 0
    me = player
    known = {}
    if player >= 0:  # cards known to be held by q, in hand or face down (which of them q placed is q's secret)
        for q in range(n):
            if q != player:
                held = s.hands[q] + [c for slot in range(s.revealed, len(s.placed))
                                     for who, cs in zip(s.entrants[slot], s.placed[slot]) if who == q for c in cs]
                known[str(q)] = sorted(names[c] for c in held if c < comp.npop and s.knows[c] & bit)
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
        "task": list(s.tasks[0]) if s.tasks and cp not in (CHANCE, TERMINAL) else list(s.tasks[0][:1]) if s.tasks else [],
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


def hidden_worlds(s, player: int) -> HiddenWorlds:
    """The nun-row worlds ``player`` cannot tell apart: one deal of the cards they never saw into the unlooked places.

    The row was dealt face down at setup and never changes; a card the player has seen anywhere (own hand, a
    discard, a look, a card given to or by them) is not in an unlooked place, and every card they never saw is
    equally likely to be there (nobody's later draws, plays or gifts tell them which). The rest of the hidden cards
    is not a sequence of deals, so it is not described here: players *choose* the cards they give and place, and
    after a reshuffle the deck holds only cards of the old discard while the row holds only cards never seen.
    ``determinize`` samples the row from these worlds and the rest by its own constraints.
    """
    bit = 1 << player
    slots = [("nun_row", i) for i, c in enumerate(s.row) if i not in s.looks[player] and not s.knows[c] & bit]
    never = [c for c in range(s.comp.npop) if not s.seen[c] & bit]
    return HiddenWorlds([Deal(slots, never)])


def world(s, slots) -> dict:
    """What really lies in these hidden slots (``("nun_row", i)``)."""
    return {slot: s.row[slot[1]] for slot in slots}


def determinize(s, player: int, rng: random.Random):
    """A copy where everything ``player`` cannot see is resampled: a world consistent with all they know.

    With ``N`` the Population cards the player never saw and ``L`` those they saw and lost track of:
    the unlooked nun-row places get cards of ``N`` (``hidden_worlds``); the deck gets cards of ``N`` until it is
    first rebuilt, and afterwards only cards of ``L`` that were seen by everyone (the old discard). The other
    players' unknown cards (the rest of ``N`` and ``L``, and every special card they hold) are then dealt again
    between them, each card only to a player its gift memory allows (``memory``: a card may have travelled along
    the gifts the player saw happen, not which card went): every card of ``N`` may be with anyone, a card of ``L``
    only with the players it may have reached, a special card likewise from its public take. Each other player
    keeps their number of cards, and every deal meeting the masks is equally likely (``memory.sample_uniform``
    counts them exactly; when no memory restricts the deal, the special cards stay and the rest is shuffled). Last, each other player's cards (Gold excepted, which cannot be placed) are dealt again
    between their hand and their unrevealed face-down piles, since which of them they placed is theirs to know.
    """
    d = s.clone()
    comp = d.comp
    bit = 1 << player
    everyone = comp.all_mask
    slots = unknown_slots(d, player)
    old = [lst[i] for lst, i in slots]
    knows, seen = d.knows, d.seen
    mine_seen = {c: seen[c] & bit for c in old}
    old_knows = [knows[c] for c in old]
    old_seen = [seen[c] for c in old]
    row_idx = [k for k, (lst, _) in enumerate(slots) if lst is d.row]
    sampled = hidden_worlds(d, player).sample(rng)
    for k, (_place, c) in zip(row_idx, sorted(sampled.items(), key=lambda kv: kv[0][1])):
        d.row[slots[k][1]] = c
        knows[c], seen[c] = old_knows[k] & ~bit, (old_seen[k] & ~bit) | mine_seen[c]
    taken = set(sampled.values())
    deck_idx = [k for k, (lst, _) in enumerate(slots) if lst is d.deck]
    rebuilt = any(seen[d.deck[slots[k][1]]] == everyone for k in deck_idx)
    if rebuilt:
        fits_deck = [c for c in old if mine_seen[c] and seen[c] == everyone]
    else:
        fits_deck = [c for c in old if not mine_seen[c] and c not in taken]
    deck_cards = rng.sample(fits_deck, len(deck_idx))
    for k, c in zip(deck_idx, deck_cards):
        d.deck[slots[k][1]] = c
        knows[c], seen[c] = old_knows[k] & ~bit, (old_seen[k] & ~bit) | mine_seen[c]
    taken |= set(deck_cards)
    d.deck.sort()
    rest = [c for c in old if c not in taken]
    omask = everyone & ~bit
    if all(m & (m - 1) == 0 for masks in d.spec_holders[player] for m in masks) and \
            all(not mine_seen[c] or d.holders[player][c] & omask == omask for c in rest):
        # no gift between two others restricts the deal: the special cards stay, the rest is dealt uniformly
        held_idx = [k for k, (lst, _) in enumerate(slots) if lst is not d.row and lst is not d.deck]
        rng.shuffle(rest)
        for k, c in zip(held_idx, rest):
            lst, i = slots[k]
            lst[i] = c
            knows[c], seen[c] = old_knows[k] & ~bit, (old_seen[k] & ~bit) | mine_seen[c]
            for v, row in enumerate(d.holders):
                if v != player:
                    row[c] = everyone
        for q in range(comp.players):
            if q != player:
                _deal_hand_and_piles(d, q, rng)
    else:
        _redeal_holders(d, player, rest, mine_seen, rng)
    pool = d.bdeck + d.repl
    rng.shuffle(pool)
    d.repl = sorted(pool[:len(d.repl)])
    d.bdeck = sorted(pool[len(d.repl):])
    return d


def _redeal_holders(d, player: int, rest: list[int], mine_seen: dict[int, int], rng: random.Random) -> None:
    """Deal the other players' unknown cards again, each within its gift memory; then hand against face down."""
    comp = d.comp
    bit = 1 << player
    npop = comp.npop
    others = [q for q in range(comp.players) if q != player]
    omask = comp.all_mask & ~bit
    kept: dict[int, list[int]] = {}
    marks: dict[int, list[tuple[int, int]]] = {}
    free: dict[int, int] = {}
    for q in others:
        cards = memory.held(d, q)
        kept[q] = [c for c in cards if c < npop and d.knows[c] & bit]
        marks[q] = [(d.knows[c], d.seen[c]) for c in cards if c < npop and not d.knows[c] & bit]
        free[q] = len(cards) - len(kept[q])
    units = [(d.holders[player][c] if mine_seen[c] else omask) & omask for c in rest]
    codes = list(rest)
    for t, masks in enumerate(d.spec_holders[player]):
        units += [m & omask for m in masks]
        codes += [npop + t] * len(masks)
    golds = frozenset(i for i, c in enumerate(codes) if c == comp.GOLD)
    room = {q: len(d.hands[q]) - max([t[3] for t in d.tasks if t[0] == "place" and t[1] == q], default=0)
            for q in others}  # Gold stays in the hand, beside the cards a player still has to place
    where = memory.sample_uniform(units, free, rng, golds, room)
    if where is None:  # no deal found (the close-to-uniform fallback can miss one): keep the true holders
        for q in others:
            _deal_hand_and_piles(d, q, rng)
        return
    got: dict[int, list[int]] = {q: [] for q in others}
    for c, q in zip(codes, where):
        got[q].append(c)
    for q in others:
        qbit = 1 << q
        marks_q = iter(marks[q])
        for c in got[q]:
            if c < npop:
                kn, sn = next(marks_q, (qbit, qbit))
                d.knows[c] = (kn & ~bit) | qbit
                d.seen[c] = (sn & ~bit) | mine_seen[c] | d.knows[c]
                for v in others:
                    d.holders[v][c] = comp.all_mask
        cards = sorted(kept[q] + got[q], key=lambda c: c != comp.GOLD)  # Gold stays in the hand
        piles = _piles(d, q)
        d.hands[q][:] = sorted(cards[:len(cards) - sum(len(p) for p in piles)] if piles else cards)
        start = len(d.hands[q])
        for p in piles:
            p[:] = cards[start:start + len(p)]
            start += len(p)
        _deal_hand_and_piles(d, q, rng)
    for v in others:
        d.spec_holders[v] = memory.default_spec_holders(d, v)


def _piles(d, q: int) -> list[list[int]]:
    """The face-down piles ``q`` placed in buildings not yet resolved."""
    return [cards for slot in range(d.revealed, len(d.placed))
            for who, cards in zip(d.entrants[slot], d.placed[slot]) if who == q and cards]


def _deal_hand_and_piles(d, q: int, rng: random.Random) -> None:
    """Deal ``q``'s placeable cards again between their hand and their unrevealed face-down piles (Gold in hand)."""
    gold = d.comp.GOLD
    piles = _piles(d, q)
    if not piles:
        return
    hand = d.hands[q]
    free = [c for c in hand if c != gold] + [c for cards in piles for c in cards]
    rng.shuffle(free)
    for cards in piles:
        cards[:] = [free.pop() for _ in cards]
    hand[:] = sorted([c for c in hand if c == gold] + free)


def describe(s, viewer: int | None = None) -> str:
    """The position as a small text table for the terminal (a viewer's hand and looks if given)."""
    comp = s.comp
    cls = [name(c) for c in comp.cards.class_names]
    head = _("Rattus Cartus, {players} players, round {round} of {rounds} (last round), phase {phase}; first player "
             "{first}") if s.last_round else _("Rattus Cartus, {players} players, round {round} of {rounds}, phase "
                                                "{phase}; first player {first}")
    lines = [head.format(players=comp.players, round=s.round, rounds=comp.rounds, phase=s.phase,
                         first=name(s.name(s.first)))]
    for slot, b in enumerate(s.shown):
        ent = ", ".join(ngettext("{player} ({n} card)", "{player} ({n} cards)", len(cs)).format(
            player=name(s.name(p)), n=len(cs)) for p, cs in zip(s.entrants[slot], s.placed[slot])) or _("empty")
        lines.append("  " + _("building #{slot}: {building} [{cls}]: {entrants}").format(
            slot=slot + 1, building=comp.building_label(b), cls=cls[comp.buildings.card_class[b]], entrants=ent))
    lines.append("  " + _("player").ljust(8) + "".join(c[:10].rjust(12) for c in cls) + _("rats").rjust(6)
                 + _("hand").rjust(6) + _("VP tokens").rjust(11))
    for p in range(comp.players):
        track = "".join(f"{s.influence[c][p]}".rjust(12) for c in range(6))
        lines.append(f"  {name(s.name(p)).ljust(8)}{track}{s.rats[p]:6d}{len(s.hands[p]):6d}{s.vp[p]:11d}")
    if viewer is not None and viewer >= 0:
        row = ["?" if not s.knows[c] >> viewer & 1 else str(comp.nuns[c]) for c in s.row]
        lines.append("  " + _("nun row (your looks): {row}").format(row=" ".join(row)))
    cp = s.current_player
    who = {CHANCE: _("chance"), TERMINAL: _("nobody (game over)")}.get(cp, name(s.name(cp)) if cp >= 0 else "")
    lines.append("  " + _("to play: {who}").format(who=who) + (f" ({s.tasks[0][0]})" if s.tasks else ""))
    return "\n".join(lines)


def hand_text(s, player: int) -> str:
    """What ``player`` holds, in words."""
    comp = s.comp
    cards = sorted(s.hands[player])
    return ", ".join(comp.card_label(c) for c in cards) or _("no cards")
