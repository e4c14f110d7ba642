"""determinize in the combined variant: it keeps everything the observer knows, redraws the others' progress cards
and the decks (exactly: uniform over the unseen non-VP cards of each deck), and redraws hidden steals from the
worlds every public event and every hand the observer saw leave possible (exactly, under the model that a card
taken is drawn at random from the victim's hand). Frequencies are checked against the models within 4 standard
errors, and against an independent enumeration of the worlds in random games."""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

from ratgames_lab.catan.combined.components import CARDS, PROGRESS_DECK_OF, PROGRESS_IDS, PROGRESS_VP

from .helpers import set_hand
from .trade_helpers import give_progress, main_position

SCIENCE = 2


def _fresh_memory(s) -> None:
    """Forget what random play left in the steal memory: every hand is known to everyone from here."""
    s.steals, s.memory, s.looks = [], [], []


def _hands(**victim: int):
    """(state, p, q, r): Player p's action phase, every hand known to all; q holds ``victim``, r 1 wool."""
    s = main_position(3, seed=7)
    p = s.active
    q, r = (p + 1) % 3, (p + 2) % 3
    _fresh_memory(s)
    set_hand(s, q, **victim)
    set_hand(s, r, wool=1)
    return s, p, q, r


def _scene():
    """p observes; q holds 2 science cards and 1 politics card, r 1 science card; p holds a science card too;
    q held 1 ore and 1 grain, r 1 wool; r stole the ore from q (p did not see which card)."""
    s, p, q, r = _hands(ore=1, grain=1)
    give_progress(s, q, "alchemist", "alchemist", "bishop")
    give_progress(s, r, "crane")
    give_progress(s, p, "mining")
    s.take_privately(r, q, CARDS.index("ore"))
    s.after_load()
    s.validate_position()
    return s, p, q, r


def test_determinize_keeps_what_the_observer_knows():
    s, p, q, r = _scene()
    before = s.to_json()
    for k in range(40):
        t = s.determinize(p, random.Random(k))
        t.validate_position()  # cards and progress cards conserved, no VP card held
        assert t.observation(p) == s.observation(p)
        assert t.legal_actions() == s.legal_actions() or t.current_player != p
    assert s.to_json() == before  # the original is untouched


def test_determinize_redraws_the_others_cards_and_the_decks():
    s, p, q, r = _scene()
    hands, decks, steals = set(), set(), set()
    for k in range(60):
        t = s.determinize(p, random.Random(k))
        hands.add(tuple(t.progress_hand[q]))
        decks.add(tuple(t.progress_decks[SCIENCE]))
        steals.add(t.steals[0][2])
        assert t.progress_hand[p] == s.progress_hand[p]
    assert len(hands) > 5 and len(decks) > 5
    assert steals == {CARDS.index("ore"), CARDS.index("grain")}
    # the seat that took part in the steal keeps it
    assert all(s.determinize(q, random.Random(k)).steals == s.steals for k in range(20))


def _within_4_se(count: int, n: int, prob: float) -> bool:
    se = math.sqrt(n * prob * (1 - prob))
    return abs(count - n * prob) <= 4 * se + 1e-9


def test_progress_cards_follow_the_exchangeable_model():
    """q's 2 science cards are a uniform pair from the unseen non-VP science cards (deck + q's + r's)."""
    s, p, q, r = _scene()
    science = [i for i, d in enumerate(PROGRESS_DECK_OF) if d == SCIENCE and not PROGRESS_VP[i]]
    pool = {i: s.progress_decks[SCIENCE][i] + s.progress_hand[q][i] + s.progress_hand[r][i] for i in science}
    total = sum(pool.values())
    printer = PROGRESS_IDS.index("printer")
    n = 3000
    holds = {i: 0 for i in science}
    for k in range(n):
        t = s.determinize(p, random.Random(10_000 + k))
        assert t.progress_hand[q][printer] == 0 and sum(t.progress_hand[q][i] for i in science) == 2
        assert t.progress_decks[SCIENCE][printer] == s.progress_decks[SCIENCE][printer]
        for i in science:
            if t.progress_hand[q][i]:
                holds[i] += 1
    for i in science:
        a = pool[i]
        prob = 1 - math.comb(total - a, 2) / math.comb(total, 2)  # q holds at least one card of type i
        assert _within_4_se(holds[i], n, prob), (PROGRESS_IDS[i], holds[i], n * prob)


def _stolen(s, observer: int, n: int, seed: int = 0) -> dict[int, int]:
    """How often each card is the first remembered steal's card in ``n`` determinized copies."""
    counts: dict[int, int] = {}
    first = len(s.steals) - len(s.memory)
    for k in range(n):
        c = s.determinize(observer, random.Random(seed + k)).steals[first][2]
        counts[c] = counts.get(c, 0) + 1
    return counts


def test_a_hidden_steal_is_either_card_of_the_victims_hand_then():
    """q held 1 ore and 1 grain when r stole: for p, ore and grain each have probability 1/2."""
    s, p, q, r = _scene()
    n = 2000
    grain = _stolen(s, p, n).get(CARDS.index("grain"), 0)
    assert _within_4_se(grain, n, 0.5)


def test_a_card_the_victim_gains_later_does_not_change_the_odds():
    """q gains another ore after the steal: the stolen card was still ore or grain with 1/2 each (the victim's hand
    at the time of the steal counts, not the hand now, where ore would be 2 to 1)."""
    s, p, q, r = _scene()
    s.gain(q, CARDS.index("ore"))
    n = 2000
    grain = _stolen(s, p, n, seed=50_000).get(CARDS.index("grain"), 0)
    assert _within_4_se(grain, n, 0.5), grain


def test_a_card_the_observer_then_stole_weighs_the_worlds():
    """q held 2 ore and 1 grain; r stole a card p did not see (really an ore); then p stole from q and got an ore.
    Ore first (2/3), then ore from {ore, grain} (1/2): 1/3; grain first (1/3), then ore from {ore, ore} (1): 1/3.
    So for p the first card is ore or grain with 1/2 each, where the prior alone would say 2/3 ore."""
    s, p, q, r = _hands(ore=2, grain=1)
    ore, grain = CARDS.index("ore"), CARDS.index("grain")
    s.take_privately(r, q, ore)
    s.take_privately(p, q, ore)
    s.after_load()
    s.validate_position()
    exact = _enumerated(s, p)
    assert exact == {(ore, ore): Fraction(1, 2), (grain, ore): Fraction(1, 2)}
    n = 2000
    assert _within_4_se(_stolen(s, p, n).get(grain, 0), n, 0.5)


def test_a_card_the_victim_spent_after_the_steal_pins_the_steal():
    """q pays the grain for something after the steal (in public), then gains a grain and an ore: had the grain been
    stolen, q could not have paid it, so every world keeps the ore."""
    s, p, q, r = _scene()
    grain, ore = CARDS.index("grain"), CARDS.index("ore")
    s.lose(q, grain)
    s.bank[grain] += 1
    s.gain(q, grain)
    s.gain(q, ore)
    assert _stolen(s, p, 300) == {ore: 300}


def test_a_card_shown_in_a_trade_offer_pins_the_steal():
    """The active player p steals from q (1 ore, 1 grain), unseen by r, then offers 1 ore for 1 wool: everyone now
    knows p holds an ore, and p held none before, so every world of r's keeps the ore."""
    from ratgames_lab.catan.combined.trade_players import OfferTrade

    from .trade_helpers import amounts
    s, p, q, r = _hands(ore=1, grain=1)
    set_hand(s, p, wool=1)
    ore = CARDS.index("ore")
    s.take_privately(p, q, ore)
    s.after_load()
    assert len(_stolen(s, r, 400)) == 2  # before the offer: ore or grain
    s.apply(OfferTrade(amounts(ore=1), amounts(wool=1)))
    assert _stolen(s, r, 300) == {ore: 300}


def test_a_monopoly_that_takes_fewer_shows_the_count_and_pins_the_steal():
    """r stole q's grain; p plays a Resource Monopoly on grain and q gives none (everyone sees q has no grain): in
    a world where r had taken the ore, q would have given a grain, so every world keeps the grain."""
    from ratgames_lab.catan.combined.progress_trade import PlayResourceMonopoly

    s, p, q, r = _hands(ore=1, grain=1)
    give_progress(s, p, "resource_monopoly")
    grain = CARDS.index("grain")
    s.take_privately(r, q, grain)
    s.after_load()
    assert _stolen(s, p, 2000).get(grain, 0) in range(900, 1100)  # before the card: 1/2
    s.apply(PlayResourceMonopoly("grain"))
    assert s.hands[q][grain] == 0 and s.memory[-1][-1 - 3 + q] >> grain & 1  # q's grain count was shown
    assert _stolen(s, p, 300) == {grain: 300}


def test_a_hand_the_observer_saw_pins_the_steals_before():
    """p saw q's cards after r's steal (as with a Master Merchant): p's worlds keep the stolen card; the others'
    (a fourth seat) still redraw it."""
    s = main_position(4, seed=3)
    p = s.active
    q, r, o = (p + 1) % 4, (p + 2) % 4, (p + 3) % 4
    _fresh_memory(s)
    set_hand(s, q, ore=1, grain=1)
    set_hand(s, r, wool=1)
    ore = CARDS.index("ore")
    s.take_privately(r, q, ore)
    s.look_at_hand(p, q)
    s.after_load()
    s.validate_position()
    assert _stolen(s, p, 300) == {ore: 300}
    assert len(_stolen(s, o, 300)) == 2


def test_playing_the_master_merchant_records_what_its_player_saw():
    from ratgames_lab.catan.combined.progress_trade import PlayMasterMerchant

    s, p, q, r = _scene()
    give_progress(s, p, "master_merchant")
    bonus = next(i for i, c in enumerate(PROGRESS_IDS) if PROGRESS_VP[i])
    s.progress_shown[q][bonus] += 1  # q leads on VP (a shown VP card), so the Master Merchant may target q
    s.progress_decks[PROGRESS_DECK_OF[bonus]][bonus] -= 1
    s.after_load()
    s.validate_position()
    s.apply(PlayMasterMerchant(q))
    assert s.looks == [[p, q, len(s.steals)]]
    assert _stolen(s, p, 200) == {CARDS.index("ore"): 200}


def test_determinize_keeps_the_cards_an_open_offer_showed():
    """Seed 0, 3 players, random play: at some point an offer is open after hidden steals; every determinized
    world must still let the active player make that offer (the cards were shown to everyone)."""
    import random as _random

    import ratgames_lab as rl
    from ratgames_lab.core.protocol import CHANCE, TERMINAL
    checked = 0
    for seed in range(3):
        g = rl.load_game("catan", 3, seed=seed, variant="combined", turn_cap=60)
        s = g.new_state()
        rng = _random.Random(seed)
        while s.current_player != TERMINAL and checked < 40:
            if s.offer and any(r[0] != 0 and r[1] != 0 for r in s.steals):
                for k in range(5):
                    t = s.determinize(0, _random.Random(k))
                    g.state_from_json(t.to_json())  # a valid position: the offer still holds
                    checked += 1
            s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
    assert checked > 0


def _enumerated(s, observer: int) -> dict[tuple[int, ...], Fraction]:
    """The exact distribution of the remembered steals' cards for ``observer``, by enumerating every assignment of
    the hidden ones (written apart from hidden.py: whole-history weights instead of forward sampling)."""
    n, k = s.players, len(CARDS)
    first = len(s.steals) - len(s.memory)
    steals = s.steals[first:]
    hidden = [j for j, st in enumerate(steals) if observer not in st[:2]]
    seen = {(made - 1 - first, victim) for looker, victim, made in s.looks if looker == observer}
    dist: dict[tuple[int, ...], Fraction] = {}
    for combo in itertools.product(range(k), repeat=len(hidden)):
        cards = [st[2] for st in steals]
        for j, c in zip(hidden, combo):
            cards[j] = c
        d = [[0] * k for _ in range(n)]
        weight = Fraction(1)
        for j, rec in enumerate(s.memory):
            thief, victim, real = steals[j]
            hand = [rec[c] + d[victim][c] for c in range(k)]
            if min(hand) < 0 or not hand[cards[j]]:
                break
            weight *= Fraction(hand[cards[j]], sum(hand))
            d[victim][cards[j]] -= 1
            d[victim][real] += 1
            d[thief][cards[j]] += 1
            d[thief][real] -= 1
            lows_ok = all(rec[k + k * p + c] + d[p][c] >= 0 for p in range(n) for c in range(k))
            exact_ok = all(not d[p][c] or not rec[k + k * n + p] >> c & 1 for p in range(n) for c in range(k))
            looks_ok = all(not any(d[v]) for (at, v) in seen if at == j)
            if not (lows_ok and exact_ok and looks_ok):
                break
        else:
            dist[tuple(cards)] = dist.get(tuple(cards), 0) + weight
    total = sum(dist.values())
    return {key: w / total for key, w in dist.items()}


def test_sampled_steals_match_an_independent_enumeration_in_random_games():
    """In random 3- and 4-player games, at positions where player 1 did not see some remembered steals, the cards
    determinize draws follow the enumerated posterior (each world within 4 standard errors), and no drawn world
    is one the enumeration rules out."""
    import ratgames_lab as rl
    from ratgames_lab.core.protocol import CHANCE, TERMINAL

    checked = 0
    for players, seed in ((3, 1), (3, 2), (4, 3), (4, 4), (3, 5), (4, 6)):
        game = rl.load_game("catan", players, seed=seed, variant="combined", turn_cap=80)
        s = game.new_state()
        rng = random.Random(seed)
        done = 0
        while s.current_player != TERMINAL and done < 2:
            first = len(s.steals) - len(s.memory)
            hidden = [st for st in s.steals[first:] if 0 not in st[:2]]
            if s.current_player >= 0 and 1 <= len(hidden) <= 3 and len(s.memory) <= 5 and rng.random() < 0.2:
                exact = _enumerated(s, 0)
                n = 1500
                counts: dict[tuple[int, ...], int] = {}
                for k in range(n):
                    t = s.determinize(0, random.Random(k))
                    key = tuple(st[2] for st in t.steals[first:])
                    counts[key] = counts.get(key, 0) + 1
                    if k < 20:
                        game.state_from_json(t.to_json())  # a valid position: no low below zero, cards conserved
                assert set(counts) <= set(exact), (set(counts) - set(exact))
                for key, prob in exact.items():
                    assert _within_4_se(counts.get(key, 0), n, float(prob)), (key, counts.get(key, 0), n * prob)
                if len(exact) > 1:
                    checked += 1
                done += 1
            s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
    assert checked >= 3, checked


def test_a_spys_player_keeps_what_the_spy_showed_and_the_others_do_not():
    """p spies on q (2 Alchemists and a Bishop) and takes the Bishop: in p's worlds q holds the 2 Alchemists; in
    r's worlds q's 2 science cards are dealt again; once q plays an Alchemist, p knows of one only."""
    from ratgames_lab.catan.combined.progress_politics import PlaySpy, SpyTake

    s, p, q, r = _scene()
    give_progress(s, p, "spy")
    s.apply(PlaySpy(q))
    s.apply(SpyTake("bishop"))
    alchemist = PROGRESS_IDS.index("alchemist")
    assert s.progress_known == [[p, q, *s.progress_hand[q]]] and s.progress_hand[q][alchemist] == 2
    assert all(s.determinize(p, random.Random(k)).progress_hand[q][alchemist] == 2 for k in range(100))
    assert any(s.determinize(r, random.Random(k)).progress_hand[q][alchemist] < 2 for k in range(100))
    assert s.observation(r)["progress_known"] == [] and s.observation(p)["progress_known"] == s.progress_known
    s.progress_leaves(q, alchemist)  # q plays one (in public)
    s.progress_under[SCIENCE].append(alchemist)
    s.validate_position()
    assert s.progress_known[0][2 + alchemist] == 1
    worlds = [s.determinize(p, random.Random(k)).progress_hand[q][alchemist] for k in range(100)]
    assert min(worlds) == 1  # the one left is known; none is dealt at random to q any more (q holds 1 card)


def test_another_spy_take_blurs_what_the_first_spy_showed_of_that_deck():
    s, p, q, r = _scene()
    give_progress(s, q, "crane")
    alchemist, crane = PROGRESS_IDS.index("alchemist"), PROGRESS_IDS.index("crane")
    s.progress_known = [[p, q, *s.progress_hand[q]]]
    s.spy_takes(r, q, alchemist)  # r's Spy takes one science card from q: p does not know which
    s.progress_hand[r][alchemist] += 1
    assert s.progress_known[0][2 + alchemist] == 0 and s.progress_known[0][2 + crane] == 0  # both science
    assert s.progress_known[0][2 + PROGRESS_IDS.index("bishop")] == 1  # politics still known
    assert s.progress_known[1] == [r, q, *s.progress_hand[q]]
    s.validate_position()


def test_determinized_worlds_of_random_games_are_valid_positions_that_look_the_same():
    """In random games, at about one action in twenty, a seat's determinized copy loads as a position (cards,
    steal records and Spy records consistent) and shows that seat exactly what the real game shows it; the games
    include Spy, Master Merchant and Wedding takes."""
    import ratgames_lab as rl
    from ratgames_lab.core.protocol import CHANCE, TERMINAL

    kinds: set = set()
    checked = 0
    for seed in (0, 2, 4, 5, 7, 9):
        players = 3 + seed % 2
        game = rl.load_game("catan", players, seed=seed, variant="combined", turn_cap=120)
        s = game.new_state()
        rng = random.Random(seed)
        while s.current_player != TERMINAL:
            a = s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions())
            kinds.add(a.kind)
            s.apply(a)
            if rng.random() < 0.05:
                seat = rng.randrange(players)
                t = s.determinize(seat, random.Random(checked))
                assert game.state_from_json(t.to_json()).observation(seat) == s.observation(seat)
                checked += 1
    assert {"spy_take", "master_merchant_take", "wedding_gift", "steal_card"} <= kinds, kinds
    assert checked > 300
