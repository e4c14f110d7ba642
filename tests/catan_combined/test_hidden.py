"""determinize in the combined variant: it keeps everything the observer knows, redraws the others' progress cards
and the decks (exactly: uniform over the unseen non-VP cards of each deck), and redraws hidden steals (the
documented approximation). Frequencies are checked against the models within 4 standard errors."""
from __future__ import annotations

import math
import random

from ratgames_lab.catan.combined.components import CARDS, PROGRESS_DECK_OF, PROGRESS_IDS, PROGRESS_VP

from .helpers import set_hand
from .trade_helpers import give_progress, main_position

SCIENCE = 2


def _scene():
    """p observes; q holds 2 science cards and 1 politics card, r 1 science card; p holds a science card too;
    r stole an ore from q."""
    s = main_position(3, seed=7)
    p = s.active
    q, r = (p + 1) % 3, (p + 2) % 3
    set_hand(s, q, grain=1)
    set_hand(s, r, ore=1, wool=1)
    give_progress(s, q, "alchemist", "alchemist", "bishop")
    give_progress(s, r, "crane")
    give_progress(s, p, "mining")
    s.steals = [[r, q, CARDS.index("ore")]]
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


def test_a_hidden_steal_follows_the_documented_model():
    """The stolen card is drawn again from the victim's hand now plus the stolen card: q holds 1 grain, the card
    was an ore, so grain and ore each have probability 1/2."""
    s, p, q, r = _scene()
    n = 2000
    grain = sum(s.determinize(p, random.Random(k)).steals[0][2] == CARDS.index("grain") for k in range(n))
    assert _within_4_se(grain, n, 0.5)


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
