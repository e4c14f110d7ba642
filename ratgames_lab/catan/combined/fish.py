"""Fishermen of Catan in the combined variant (catan.md Part 2, Settled defaults / Fish, Setup income, Blocking,
Truce; catan_facts.md 3.5; rules fish.*). The tokens and the fish table come from ``catan/data/fish.json``.

State: ``fish_stack`` (face down), ``fish_spent`` (paid) and ``fish_held[p]`` count the tokens per value (``VALUES``
order); ``old_boot`` is the Old Boot's holder (-1: still in the stack). The robber or the pirate taken off the board
by 2 fish has the value -1 until the next 7, when the active player places it again (seven.py's robber and pirate
steps place it on any tile or spot).

- Production: a fishing ground whose number is rolled, and the lake on 2, 3, 11 or 12, give each adjacent
  settlement 1 token and city 2, drawn one at a time (a chance step; the value is seen only by its owner), in turn
  order from the active player. A player holding 7 tokens draws no more. The robber on the lake blocks it; the
  pirate blocks a fishing ground at its spot (a frame ground's own spot, or the sea tile that holds the ground).
  The Old Boot counts as one of the tokens drawn (*interpretation*) but not toward the 7.
- Setup: each setup settlement / city takes 1 / 2 tokens per adjacent lake or fishing ground (official T&B).
- The stack is refilled with the spent tokens, shuffled, as soon as it runs out.
- Spending (own turn, after the roll, several times a turn): each effect is paid separately by naming the tokens;
  no change is given, and a payment may not hold a token it does not need (*interpretation*: the cheapest token
  must be needed, so paying 3 with 1 + 3 is refused but 3 with a 4 made of 2 + 2 is accepted).
- Fish are never stolen, not tradeable, outside the hand limit and untouched by progress cards (no other module
  reads them). Paid tokens are shown (*interpretation*: the others check the payment), so the spent pile is public.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from ...core.errors import InvalidPositionError
from ..board import LAKE
from ..traders_data import default_fish
from . import table
from .chance import chance_phase, weighted
from .components import CARDS, R
from .fish_actions import DrawFish, FishFreePiece, FishProgress, FishRemove, FishResource, FishSteal, PassOldBoot
from .free_pieces import start_free_pieces
from .phases import MAIN, SETUP_ROAD, player_name
from .pieces import pieces_left
from .places import road_spots, ship_spots
from .progress import deck_empty
from .queue import done, entry, head, push_front, step
from .seven import truce
from .special import OLD_BOOT_VP
from .table import err
from .text import add_event_texts
from ..translate import N_, _, shown

FISH = default_fish()
VALUES: tuple[int, ...] = tuple(v for v, _ in FISH.tokens)  # token values, ascending
START: tuple[int, ...] = tuple(n for _, n in FISH.tokens)  # tokens of each value in the game
LIMIT = FISH.hold_limit
PER_LEVEL = (0, FISH.per_settlement, FISH.per_city)  # tokens per building level
LAKE_NUMBERS = frozenset(FISH.lake_numbers)
BOOT_IN_GAME = FISH.old_boot > 0
COST = {effect: cost for cost, effect, _ in FISH.table}
FISH_DRAW = "fish_draw"
DRAWS = {v: DrawFish(v) for v in (0,) + VALUES}
DRAW_LIST = tuple(DRAWS[v] for v in VALUES) + (DRAWS[0],)
PIECES = ("robber", "pirate")


# ------------------------------------------------------------------------------------------------
# counts and places
# ------------------------------------------------------------------------------------------------
def init_fish(s) -> None:
    """The start of a game: every token and the Old Boot face down in the stack."""
    s.fish_stack = list(START)
    s.fish_spent = [0] * len(VALUES)
    s.fish_held = [[0] * len(VALUES) for _ in range(s.players)]
    s.old_boot = -1


def held(s, p: int) -> int:
    """How many fish tokens p holds (the Old Boot is not a token)."""
    return sum(s.fish_held[p])


def boot_in_stack(s) -> bool:
    """True while the Old Boot is still face down in the stack."""
    return BOOT_IN_GAME and s.old_boot < 0


def stack_size(s) -> int:
    """Pieces face down in the stack (fish tokens and the Old Boot)."""
    return sum(s.fish_stack) + boot_in_stack(s)


def ground_spot(s, i: int) -> int:
    """The pirate spot of fishing ground i: its own spot on the frame, or the sea tile that holds it."""
    cache = s.comp.__dict__.setdefault("_fish_spots", {})
    key = tuple(tuple(f) for f in s.fishing)
    spots = cache.get(key)
    if spots is None:
        topo = s.comp.topo
        spots = []
        for k, (a, b, c, _number) in enumerate(key):
            common = set(topo.node_tiles[a]) & set(topo.node_tiles[b]) & set(topo.node_tiles[c])
            spots.append(min(common) if common else topo.n_tiles + k)
        spots = cache[key] = tuple(spots)
    return spots[i]


def ground_blocked(s, i: int) -> bool:
    """fish.blocking: the pirate on a fishing ground's spot blocks its fish."""
    return s.pirate >= 0 and s.pirate == ground_spot(s, i)


def lake_tiles(s) -> list[int]:
    """The lake tiles of the board."""
    return [t for t, kind in enumerate(s.terrain) if kind == LAKE]


def sources_at(s, v: int) -> int:
    """The lakes and fishing grounds next to intersection v that give fish now (not blocked)."""
    count = sum(1 for i, f in enumerate(s.fishing) if v in f[:3] and not ground_blocked(s, i))
    terrain = s.terrain
    return count + sum(1 for t in s.comp.topo.node_tiles[v] if terrain[t] == LAKE and t != s.robber)


def fish_owed(s, total: int) -> list[int]:
    """fish.production: the tokens each player is owed on a roll: 1 per settlement and 2 per city next to a fishing
    ground with that number (unless the pirate blocks it) or next to the lake on 2, 3, 11 or 12 (unless the robber
    stands on it)."""
    owed = [0] * s.players
    owner, level = s.node_owner, s.node_level
    for i, f in enumerate(s.fishing):
        if f[3] == total and not ground_blocked(s, i):
            for v in f[:3]:
                if owner[v] >= 0:
                    owed[owner[v]] += PER_LEVEL[level[v]]
    if total in LAKE_NUMBERS:
        nodes = s.comp.topo.tile_nodes
        for t in lake_tiles(s):
            if t != s.robber:
                for v in nodes[t]:
                    if owner[v] >= 0:
                        owed[owner[v]] += PER_LEVEL[level[v]]
    return owed


def refill(s) -> None:
    """fish.reshuffle: when the stack runs out, the spent tokens are shuffled into a new stack."""
    if stack_size(s) == 0 and any(s.fish_spent):
        for i in range(len(VALUES)):
            s.fish_stack[i] += s.fish_spent[i]
            s.fish_spent[i] = 0
        s.emit("fish_reshuffle", "fish.reshuffle", tokens=sum(s.fish_stack))


# ------------------------------------------------------------------------------------------------
# drawing tokens (production and setup)
# ------------------------------------------------------------------------------------------------
def _nothing_to_draw(s, e) -> bool:
    return e[2] <= 0 or held(s, e[1]) >= LIMIT or stack_size(s) == 0


def fish_production(s, total: int) -> None:
    """fish.production: queue the draws of a roll, in turn order from the active player (after production)."""
    owed = fish_owed(s, total)
    n = s.players
    entries = []
    for k in range(n):
        p = (s.active + k) % n
        if owed[p]:
            entries.append(entry(FISH_DRAW, p, owed[p]))
    if entries:
        push_front(s, entries)


def setup_fish(s, p: int, v: int, level: int) -> None:
    """fish.setup: a setup settlement / city takes 1 / 2 tokens per adjacent lake or fishing ground (official
    T&B), drawn before its road is placed."""
    count = PER_LEVEL[level] * sources_at(s, v)
    e = entry(FISH_DRAW, p, count)
    if count and not _nothing_to_draw(s, e):
        push_front(s, [e])
        s.phase = FISH_DRAW


def _draw_outcomes(s) -> list:
    total = stack_size(s)
    out = [(DRAWS[v], Fraction(c, total)) for v, c in zip(VALUES, s.fish_stack) if c]
    if boot_in_stack(s):
        out.append((DRAWS[0], Fraction(1, total)))
    return out


def _draw_sample(s, rng):
    return weighted(list(s.fish_stack) + [int(boot_in_stack(s))], DRAW_LIST, rng)


chance_phase(FISH_DRAW, _draw_outcomes, _draw_sample)
step(FISH_DRAW, phase=FISH_DRAW, skip=_nothing_to_draw)


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_draw(s, a: DrawFish):
    if s.phase != FISH_DRAW:
        return err(_("no fish token is being drawn (phase {phase!r})").format(phase=shown(s.phase)), "fish.draw")
    if not _whole(a.value):
        return err(_("{value!r} is not a token value").format(value=shown(a.value)), "fish.draw")
    if a.value == 0:
        ok = boot_in_stack(s)
    else:
        ok = a.value in VALUES and s.fish_stack[VALUES.index(a.value)] > 0
    if not ok:
        return err(_("the stack holds no Old Boot") if a.value == 0 else
                   _("the stack holds no token worth {value}").format(value=a.value), "fish.draw")
    return None


def _do_draw(s, a: DrawFish) -> None:
    e = head(s)
    p = e[1]
    if a.value == 0:
        s.old_boot = p
        s.emit("old_boot", "fish.old_boot", player=player_name(p), vp=OLD_BOOT_VP)
    else:
        i = VALUES.index(a.value)
        s.fish_stack[i] -= 1
        s.fish_held[p][i] += 1
        s.emit("fish_draw", "fish.production", player=player_name(p), held=held(s, p))  # the value stays hidden
    refill(s)
    e[2] -= 1
    if _nothing_to_draw(s, e):
        if e[2] > 0 and held(s, p) >= LIMIT:
            s.emit("fish_limit", "fish.limit", player=player_name(p), limit=LIMIT)
        if s.turn == 0:  # setup: back to the road of the building just placed
            s.pending.pop(0)
            s.phase = SETUP_ROAD
        else:
            done(s)


# ------------------------------------------------------------------------------------------------
# spending
# ------------------------------------------------------------------------------------------------
def timing_error(s, what: str):
    """fish.timing: fish are spent (and the Old Boot passed) on your own turn, after the roll."""
    if s.phase != MAIN or s.pending or s.free_pieces or s.turn < 1:
        return err(_("{what} is done on your own turn after the roll (phase {phase!r})").format(
            what=shown(what), phase=shown(s.phase)), "fish.timing")
    return None


def payment_error(s, p: int, tokens, effect: str):
    """fish.payment / fish.no_change: the named tokens are p's, cover the effect's cost, and each is needed."""
    cost = COST.get(effect)
    if cost is None:
        return err(_("the fish table has no effect {effect!r}").format(effect=shown(effect)), "fish.table")
    return tokens_error(s, p, tokens, cost)


def tokens_error(s, p: int, tokens, cost: int):
    """fish.payment / fish.no_change for any fish price (the table's effects; the wagon's +2 MP for 2 fish)."""
    if not isinstance(tokens, tuple) or not tokens or any(
            not isinstance(x, int) or isinstance(x, bool) or x not in VALUES for x in tokens):
        return err(_("name the fish tokens paid by their values ({join})").format(
            join=shown(', '.join(map(str, VALUES)))), "fish.payment")
    for i, v in enumerate(VALUES):
        if tokens.count(v) > s.fish_held[p][i]:
            return err(_("you hold {fish_held} fish token(s) worth {v}, not {count}").format(
                fish_held=shown(s.fish_held[p][i]), v=shown(v), count=shown(tokens.count(v))),
                       "fish.payment")
    total = sum(tokens)
    if total < cost:
        return err(_("this costs {cost} fish; the tokens named make {total}").format(
            cost=shown(cost), total=shown(total)), "fish.payment")
    if total - min(tokens) >= cost:
        return err(_("no change is given and the token worth {min} is not needed to pay {cost} fish (name only the "
                     "tokens you need)").format(
            min=shown(min(tokens)), cost=shown(cost)), "fish.no_change")
    return None


_PAYMENTS: dict = {}


def payments(held_counts: tuple, cost: int) -> tuple:
    """Every payment of ``cost`` from these tokens with no token too many (sorted tuples of values)."""
    key = (held_counts, cost)
    out = _PAYMENTS.get(key)
    if out is None:
        found = []
        for combo in product(*(range(h + 1) for h in held_counts)):
            tokens = tuple(v for v, k in zip(VALUES, combo) for _ in range(k))
            if tokens and sum(tokens) >= cost > sum(tokens) - tokens[0]:
                found.append(tokens)
        out = _PAYMENTS[key] = tuple(found)
    return out


def pay_fish(s, p: int, tokens: tuple, effect: str) -> None:
    """p pays the named tokens (shown, then on the spent pile)."""
    for v in tokens:
        i = VALUES.index(v)
        s.fish_held[p][i] -= 1
        s.fish_spent[i] += 1
    s.emit("fish_spend", "fish.spend", player=player_name(p), tokens=list(tokens), fish=sum(tokens),
           effect=effect)
    refill(s)


def _truce(s) -> bool:
    return truce(s)


def remove_targets(s) -> list[str]:
    """fish.remove: the pieces 2 fish may take off the board (none during the truce)."""
    if _truce(s):
        return []
    return [x for x in PIECES if getattr(s, x) >= 0]


def steal_targets(s, p: int) -> list[int]:
    """fish.steal: the other players holding a resource or commodity."""
    return [q for q in range(s.players) if q != p and s.hand_size(q)]


def resource_targets(s) -> list[str]:
    """fish.resource: the resources (not commodities) the bank still holds."""
    return [CARDS[c] for c in range(R) if s.bank[c]]


def free_piece_possible(s, p: int) -> bool:
    """fish.free_piece: a road or ship p could place now (never a bridge)."""
    return bool(pieces_left(s, p, "road") and road_spots(s, p) or pieces_left(s, p, "ship") and ship_spots(s, p))


def progress_possible(s) -> bool:
    """fish.progress_card: some progress deck still has a card."""
    return not all(deck_empty(s, d) for d in range(len(s.progress_decks)))


EFFECT_OF = {FishRemove: "remove_robber_or_pirate", FishSteal: "steal", FishResource: "resource",
             FishFreePiece: "free_piece", FishProgress: "progress_card"}
_ACTIONS: dict = {}


def _action(cls, target, tokens):
    key = (cls, target, tokens)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = cls(tokens) if target is None else cls(target, tokens)
    return a


def boot_takers(s) -> list[int]:
    """fish.old_boot: the players the holder may give the Old Boot to: others with the most VP (ties included)."""
    p = s.active
    if s.old_boot != p:
        return []
    vps = s.scores()
    best = max(vps)
    return [q for q in range(s.players) if q != p and vps[q] == best]


@table.main_actions
def _list_fish(s) -> list:
    if s.free_pieces or s.pending or s.turn < 1:
        return []
    p = s.active
    out: list = [BOOT_PASS[q] for q in boot_takers(s)]
    h = tuple(s.fish_held[p])
    if not any(h):
        return out
    for cls, effect in EFFECT_OF.items():
        cost = COST.get(effect)
        if cost is None:
            continue
        pays = payments(h, cost)
        if not pays:
            continue
        if cls is FishRemove:
            targets: list = remove_targets(s)
        elif cls is FishSteal:
            targets = steal_targets(s, p)
        elif cls is FishResource:
            targets = resource_targets(s)
        elif cls is FishFreePiece:
            targets = [None] if free_piece_possible(s, p) else []
        else:
            targets = [None] if progress_possible(s) else []
        out += [_action(cls, x, t) for x in targets for t in pays]
    return out


def _spend_error(s, a, target_error):
    bad = timing_error(s, _("spending fish"))
    if bad is None:
        bad = target_error()
    return bad or payment_error(s, s.active, a.tokens, EFFECT_OF[type(a)])


def _check_remove(s, a: FishRemove):
    def target():
        if not isinstance(a.piece, str) or a.piece not in PIECES:
            return err(_("2 fish remove the robber or the pirate, not {piece!r}").format(
                piece=shown(a.piece)), "fish.remove")
        if _truce(s):
            return err(_("fish cannot move the robber or the pirate before the barbarians' first attack (truce)"),
                       "fish.truce")
        if getattr(s, a.piece) < 0:
            return err(_("the {piece} is already off the board until the next 7").format(
                piece=shown(a.piece)), "fish.remove")
        return None
    return _spend_error(s, a, target)


def _do_remove(s, a: FishRemove) -> None:
    p = s.active
    pay_fish(s, p, a.tokens, "remove_robber_or_pirate")
    setattr(s, a.piece, -1)
    s.emit("fish_remove", "fish.remove", player=player_name(p), piece=a.piece)


def _check_steal(s, a: FishSteal):
    def target():
        if not _whole(a.victim) or a.victim not in steal_targets(s, s.active):
            return err(_("{victim!r} is not the seat of another player holding a resource or commodity").format(
                victim=shown(a.victim)),
                       "fish.steal")
        return None
    return _spend_error(s, a, target)


def _do_steal(s, a: FishSteal) -> None:
    p = s.active
    pay_fish(s, p, a.tokens, "steal")
    s.victim = a.victim
    push_front(s, [entry("steal", p, a.victim)])  # seven.py's steal: a random card (chance)


def _check_resource(s, a: FishResource):
    def target():
        if not isinstance(a.card, str) or a.card not in CARDS[:R]:
            return err(_("4 fish buy a resource (not a commodity), not {card!r}").format(
                card=shown(a.card)), "fish.resource")
        if not s.bank[CARDS.index(a.card)]:
            return err(_("the bank has no {card} left").format(card=shown(a.card)), "fish.resource")
        return None
    return _spend_error(s, a, target)


def _do_resource(s, a: FishResource) -> None:
    p = s.active
    pay_fish(s, p, a.tokens, "resource")
    s.gain(p, CARDS.index(a.card))
    s.emit("fish_resource", "fish.resource", player=player_name(p), card=a.card)


def _check_free_piece(s, a: FishFreePiece):
    def target():
        if not free_piece_possible(s, s.active):
            return err(_("you have no road or ship to place, or no free edge for one (never a bridge)"),
                       "fish.free_piece")
        return None
    return _spend_error(s, a, target)


def _do_free_piece(s, a: FishFreePiece) -> None:
    pay_fish(s, s.active, a.tokens, "free_piece")
    start_free_pieces(s, 1)


def _check_progress(s, a: FishProgress):
    def target():
        if not progress_possible(s):
            return err(_("every progress deck is empty"), "fish.progress_card")
        return None
    return _spend_error(s, a, target)


def _do_progress(s, a: FishProgress) -> None:
    p = s.active
    pay_fish(s, p, a.tokens, "progress_card")
    push_front(s, [entry("choose_deck", p)])  # progress.py: choose a deck, draw its top card


# ------------------------------------------------------------------------------------------------
# the Old Boot
# ------------------------------------------------------------------------------------------------
def _check_pass(s, a: PassOldBoot):
    bad = timing_error(s, _("passing the Old Boot"))
    if bad is not None:
        return bad
    if s.old_boot != s.active:
        return err(_("you do not hold the Old Boot"), "fish.old_boot")
    if not _whole(a.player) or not 0 <= a.player < s.players or a.player == s.active:
        return err(_("{player!r} is not another player").format(player=shown(a.player)), "fish.old_boot")
    if a.player not in boot_takers(s):
        return err(_("Player {value} does not have the most VP ({vp} VP; the most is {max})").format(
            value=shown(a.player + 1), vp=shown(s.vp(a.player)), max=shown(max(s.scores()))), "fish.old_boot")
    return None


def _do_pass(s, a: PassOldBoot) -> None:
    s.old_boot = a.player
    s.emit("old_boot_pass", "fish.old_boot", player=player_name(s.active), to=player_name(a.player))


BOOT_PASS = tuple(PassOldBoot(q) for q in range(8))

table.rule(DrawFish, _check_draw, _do_draw)
table.rule(FishRemove, _check_remove, _do_remove)
table.rule(FishSteal, _check_steal, _do_steal)
table.rule(FishResource, _check_resource, _do_resource)
table.rule(FishFreePiece, _check_free_piece, _do_free_piece)
table.rule(FishProgress, _check_progress, _do_progress)
table.rule(PassOldBoot, _check_pass, _do_pass)


# ------------------------------------------------------------------------------------------------
# positions: conservation, what a seat sees, determinize, words
# ------------------------------------------------------------------------------------------------
def check_fish(s) -> None:
    """Every fish token accounted for (stack + spent + held = the game's tokens), at most 7 held each."""
    for i, v in enumerate(VALUES):
        total = s.fish_stack[i] + s.fish_spent[i] + sum(s.fish_held[p][i] for p in range(s.players))
        if total != START[i]:
            raise InvalidPositionError(f"fish tokens worth {v}: stack, spent pile and players hold {total}, the "
                                       f"game has {START[i]}", "fish.stack")
    for p in range(s.players):
        if held(s, p) > LIMIT:
            raise InvalidPositionError(f"Player {p + 1} holds {held(s, p)} fish tokens (at most {LIMIT})",
                                       f"fish.held[{p}]")
    if not BOOT_IN_GAME and s.old_boot >= 0:
        raise InvalidPositionError("this game has no Old Boot", "fish.old_boot")


def observe_fish(s, data: dict, player: int) -> None:
    """In an observation: others' tokens as counts, the stack as a count (the spent pile and the Boot are public)."""
    f = data["fish"]
    f["stack"] = sum(s.fish_stack)
    for p in range(s.players):
        if p != player:
            f["held"][p] = {"hidden": held(s, p)}


def redeal_fish(t, player: int, rng) -> None:
    """determinize: the others' tokens and the stack dealt again from the tokens ``player`` has not seen (every
    unseen token is exchangeable with every other, the tokens paid being public and chosen, in the model, without
    regard to the rest of the hand); each keeps its count."""
    others = [p for p in range(t.players) if p != player]
    pool: list[int] = []
    for i in range(len(VALUES)):
        pool += [i] * (t.fish_stack[i] + sum(t.fish_held[p][i] for p in others))
    rng.shuffle(pool)
    k = 0
    for p in others:
        m = held(t, p)
        row = [0] * len(VALUES)
        for i in pool[k:k + m]:
            row[i] += 1
        t.fish_held[p] = row
        k += m
    stack = [0] * len(VALUES)
    for i in pool[k:]:
        stack[i] += 1
    t.fish_stack = stack


def describe_fish(s) -> str:
    """The fish in words: tokens per player, the stack, the Old Boot, a robber or pirate off the board."""
    parts = ", ".join(f"{shown(player_name(p))} {held(s, p)}" for p in range(s.players))
    boot = _("in the stack") if boot_in_stack(s) else _("held by {player}").format(
        player=shown(player_name(s.old_boot))) if s.old_boot >= 0 else _("not in this game")
    text = _("Fish tokens: {parts}; {stack} in the stack, {spent} spent. Old Boot: {boot}.").format(
        parts=parts, stack=sum(s.fish_stack), spent=sum(s.fish_spent), boot=boot)
    off = [x for x in PIECES if getattr(s, x) < 0]
    if off:
        text += " " + (_("Off the board until the next 7: the robber and the pirate.") if len(off) > 1 else
                       _("Off the board until the next 7: the robber.") if off[0] == "robber" else
                       _("Off the board until the next 7: the pirate."))
    return text


# the English texts of the fish events (registered with the variant's other texts, combined/text.py)
FISH_TEXTS = {
    "fish_draw": N_("{player} draws a fish token ({held} held)."),
    "old_boot": N_("{player} draws the Old Boot ({vp} VP while held)."),
    "fish_limit": N_("{player} holds {limit} fish tokens and draws no more."),
    "fish_reshuffle": N_("The {tokens} spent fish tokens are shuffled into a new stack."),
    "fish_spend": N_("{player} pays {fish} fish with tokens worth {tokens}."),
    "fish_remove": N_("{player} takes the {piece} off the board until the next 7."),
    "fish_resource": N_("{player} takes 1 {card} for fish."),
    "old_boot_pass": N_("{player} gives the Old Boot to {to}."),
}
add_event_texts(FISH_TEXTS)
