# ---
# jupyter:
#   jupytext:
#     formats: ipynb,src//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Master of Rules, part 3: decisions — conditional odds, expected points, risk and information
#
# Part 2 counted the chance that a rule is fulfilled. A player must turn chances into **decisions**. In this
# lesson:
#
# 1. Support Right: a bet on your neighbour (conditional probability, the law of total probability).
# 2. What an opponent's play tells you about their hand (Bayes' rule), and why the answer depends on how you
#    think they choose.
# 3. Expected points, and risk: the same hand played two ways has different spreads.
# 4. When to decide: the value of waiting to see a card before choosing.
#
# You need [part 2](11_master_of_rules_probability.ipynb) first. Run the cells from top to bottom. Lines starting
# with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore them.
#
# > **The model** (the same as part 2). The player remembers everything public, including the cards each player
# > took from the face-up display. Every other card (Number or Rule) is equally likely to be anywhere the player
# > cannot look: the unknown part of the other hands or the deck. A player whose card is still to come plays a
# > card of their hand **at random**; a dummy draws from the deck. Section 2 also tries another model of play
# > (a careful player), and says which numbers change.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: conditional probability and the law of total
# probability (Support Right); Bayes' rule, with the likelihood coming from a model of play; expected value and
# variance of a bet (same hand, different risk); the value of information (deciding after seeing a card).
# *Timing*: section 1 (12 min, exercise 1), section 2 (12 min, exercise 2), section 3 (12 min, exercise 3),
# section 4 (14 min, exercise 4). *Prerequisites*: part 2 (the sample space of what a player knows), fractions,
# a weighted average. *Discussion prompts*: "your neighbour played Limit 23: what did you learn, and what did
# you assume to learn it?"; "would you rather have 3 points with chance 5/17 or 1 point with chance 13/17?";
# "why is it worth waiting to choose, even when the waiting changes no card in your hand?".

# %%
SEED = 12  # every random choice in this notebook uses this seed, so it runs the same every time

import functools
import math
import random
from fractions import Fraction
from itertools import combinations_with_replacement

import ratgames_lab as rl
from ratgames_lab.core.odds import hypergeom, subsets_probability
from ratgames_lab.master_of_rules.cards import RULES, card_name, rule_name, seat_name
from ratgames_lab.master_of_rules.odds import knowledge, marginal_points, play_odds, rule_odds
from ratgames_lab.master_of_rules.position import describe, hand_text
from ratgames_lab.master_of_rules.rules import FULFILS, TableStats, right_of


# %%
def load_position(name):
    """A position from the positions folder next to this notebook (rl.load_position checks every field)."""
    game, state = rl.load_position(f"positions/{name}.json")
    return state


def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):6.1%}"


def show(p):
    """A fraction with its rounded decimal value."""
    return f"{str(p):>9} = {float(p):.3f}"


def P(event, space):
    """The probability of an event: the outcomes of the space where it happens, out of all (equally likely)."""
    return Fraction(len([o for o in space if event(o)]), len(space))


# %% [markdown]
# ## 1. Support Right: a bet on your neighbour
#
# Support Right is fulfilled if the first real player to your right fulfils **their** rule. Its chance depends
# on what that player does: it is a **conditional probability**.

# %%
state = load_position("support_right_bet")
kn = knowledge(state, 0)
print(describe(state))
print()
print(hand_text(state, 0))
neighbour = right_of(0, kn.players)
print("Player 1's right-hand neighbour:", seat_name(neighbour, kn.players))
print("Taken from the display, in public:",
      "; ".join(f"{seat_name(q, kn.players)}: {', '.join(card_name(c) for c in cs)}"
                for q, cs in enumerate(kn.known_numbers) if cs),
      "| Player 3: Support Right")

# %% [markdown]
# Player 1 played the red 3 and must now play a Rule card. The neighbour to the right is **Player 4**: the blue 5
# is on the table, but Player 4's Rule card is still to come. Only one Number card is still to come (Player 3's).
# If Player 4 plays Support Right too, the chain passes on to Player 3, who played **Trio**.
#
# So we split on what Player 4 plays (the *law of total probability*):
#
# $$P(\text{SR}) = \sum_{r} P(\text{Player 4 plays } r) \times P(r \text{ is fulfilled} \mid
# \text{Player 4 plays } r)$$
#
# **Step 1: what will Player 4 play?** Player 4 took a Number card from the display, so all three of their Rule
# cards are unknown. In our model their Rule card is equally likely to be any of the Rule cards Player 1 cannot
# place: not in Player 1's hand, the display or the table, and not the Support Right that Player 3 visibly took.

# %%
# NBVAL_CHECK_OUTPUT
hidden_rules = dict(zip(RULES, kn.unseen_rules))
total_rules = sum(hidden_rules.values())
p_plays = {rule: Fraction(n, total_rules) for rule, n in hidden_rules.items()}
for rule, n in hidden_rules.items():
    print(f"{rule_name(rule):17} {n:2} of {total_rules} -> {p_plays[rule]}")

# %% [markdown]
# **Step 2: if Player 4 plays rule r, what is the chance it is fulfilled?** It depends on the one Number card
# still to come. That card is equally likely to be any of the 33 cards Player 1 cannot place. (The green 1 and the
# purple 7 were taken from the display by Players 2 and 4: they cannot come.) `subsets_probability(pool, size, event)`
# tries every set of `size` cards from the `pool` and returns the fraction for which `event` is true. For
# Support Right, the chain goes on to Player 3's Trio.

# %%
blue_5 = kn.table_numbers[neighbour]
on_table = [c for c in kn.table_numbers if c is not None]
pool = list(kn.unseen_numbers)
print("On the table:", ", ".join(card_name(c) for c in on_table), f"(+ 1 card to come out of {len(pool)})")

def chance(rule):
    """P(Player 4's rule is fulfilled with the blue 5) over the one Number card still to come."""
    fulfils = FULFILS[RULES.index("trio" if rule == "support_right" else rule)]  # SR: the chain ends at a Trio
    return subsets_probability(pool, 1, lambda extra: fulfils(TableStats(on_table + list(extra)), blue_5))

p_fulfilled = {rule: chance(rule) for rule in RULES}

# %%
# NBVAL_CHECK_OUTPUT
total = Fraction(0)
print(f"{'Player 4 plays':17} {'P(plays)':>9} {'P(fulfilled)':>13} {'product':>9}")
for rule in RULES:
    product = p_plays[rule] * p_fulfilled[rule]
    total += product
    print(f"{rule_name(rule):17} {str(p_plays[rule]):>9} {str(p_fulfilled[rule]):>13} {str(product):>9}")
print(f"{'sum = P(Support Right)':41} {show(total)}")

# %% [markdown]
# (Trio does not depend on whose card it is, so Player 4's Trio and Player 3's Trio have the same chance.)
#
# The engine computes Support Right by following the same chain. Does it agree?

# %%
# NBVAL_CHECK_OUTPUT
odds = rule_odds(state, 0)
print("Engine:", odds["support_right"], " Our sum:", total)
assert odds["support_right"] == total
print()
print("Player 1's Rule cards with the red 3:")
for rule in ("limit_23", "only_one", "support_right"):
    print(f"  {rule_name(rule):14} {show(odds[rule])}")

# %% [markdown]
# Only One is impossible for Player 1 (Player 2 already played a red card), Limit 23 is a better bet than
# Support Right, and Support Right is only as good as Player 4's own chances.
#
# **What the model ignores.** Player 4 does not pick a Rule card at random: they **choose** one, and the rules
# restrict the choice. Trio was already played this transaction (by Player 3), so Player 4 may not play Trio
# unless all their Rule cards were already played; and if **you** play Support Right now, Support Right is
# already played too when Player 4's turn comes.
#
# **Exercise 1.** *Guess first*: better or worse? Suppose Player 4 plays neither Trio nor Support Right (you
# played it), and their Rule card is equally likely to be any of the other hidden Rule cards. Recompute
# P(Support Right) from `hidden_rules` and `p_fulfilled`.

# %% tags=["solution"]
allowed = {rule: n for rule, n in hidden_rules.items() if rule not in ("trio", "support_right")}
p_sr = sum(Fraction(n, sum(allowed.values())) * p_fulfilled[rule] for rule, n in allowed.items())
print("Trio and Support Right blocked:", show(p_sr), "  before:", show(total))

# %% [markdown] tags=["solution"]
# **Answer.** 151/341 ≈ 44.3% instead of 191/561 ≈ 34.0%: a better bet. Trio and Support Right (which passes on
# to Player 3's Trio) were among Player 4's weakest rules here (2/11 each). Only Best of the Best (1/11) is
# weaker, and it stays possible. One rule about how the others may choose changes the odds.
#
# 151/341 is right for the simplification of this exercise (Player 4's card is any allowed hidden card). Under the
# lesson's own model, Player 4 holds 3 cards and plays a random allowed card of that hand: then it is
# 19633/45815 ≈ 42.9% (a hand of only Trio and Support Right cards must play one of them). The real game adds one
# more block: Player 2 plays a Rule card before Player 4, and that type is blocked too. With Player 2 also playing
# a random allowed card, it is 740028881/1782936540 ≈ 41.5%. The engine, playing 3000 such games, agrees.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("12-ex1", answer)

# %% [markdown]
# ## 2. What a play tells you: Bayes' rule
#
# Player 4 holds 3 Rule cards that Player 1 cannot see, dealt from the 51 hidden Rule cards, 10 of which are
# Only One. Before Player 4 plays, the chance that they hold at least one Only One is a hypergeometric count:

# %%
# NBVAL_CHECK_OUTPUT
HIDDEN, ONLY_ONES, HAND = total_rules, hidden_rules["only_one"], 3
prior = hypergeom(HIDDEN, ONLY_ONES, HAND)   # P(k Only One cards among Player 4's 3)
print("k Only One   prior")
for k, p in prior.items():
    print(f"    {k}      {show(p)}")
print("P(at least one) =", show(1 - prior[0]))

# %% [markdown]
# Now Player 4 plays **Limit 23**, not Only One. What does that tell us? Bayes' rule turns the question around:
#
# $$P(k \mid \text{plays Limit 23}) = \frac{P(k) \times P(\text{plays Limit 23} \mid k)}{P(\text{plays Limit 23})}$$
#
# The **likelihood** $P(\text{plays Limit 23} \mid k)$ needs a model of how Player 4 chooses. Under the lesson's
# model, Player 4 plays a random card of the hand. With $k$ Only Ones, the other $3 - k$ cards come from the 41
# hidden cards that are not Only One, and 10 of these are Limit 23. So on average $(3 - k) \times 10/41$ of the 3
# cards are Limit 23, and a random card is one of them with chance $(3 - k) \times 10 / (41 \times 3)$.

# %%
# NBVAL_CHECK_OUTPUT
LIMITS = hidden_rules["limit_23"]
likelihood = {k: Fraction((HAND - k) * LIMITS, (HIDDEN - ONLY_ONES) * HAND) for k in prior}
evidence = sum(prior[k] * likelihood[k] for k in prior)
posterior = {k: prior[k] * likelihood[k] / evidence for k in prior}
print("k   prior      likelihood   posterior")
for k in prior:
    print(f"{k}  {str(prior[k]):>9}  {str(likelihood[k]):>9}   {show(posterior[k])}")
print("P(plays Limit 23) =", evidence, "  P(at least one Only One | plays Limit 23) =", show(1 - posterior[0]))

# %% [markdown]
# Seeing a Limit 23 lowered the chance from 0.488 to 0.363. There is a shortcut that checks it: if
# the card played is a random card of the hand, the *other two* are two random cards of the 50 hidden cards left,
# 10 of which are Only One.

# %%
shortcut = 1 - Fraction(math.comb(40, 2), math.comb(50, 2))
print("1 - C(40,2)/C(50,2) =", show(shortcut))
assert shortcut == 1 - posterior[0]

# %% [markdown]
# A third check, by simulation. `state.determinize(0, rng)` deals the cards Player 1 cannot see at random (the
# worlds of the model). In each world Player 4 plays a random Rule card. We keep the worlds where it is a Limit 23
# and count those where Player 4 still holds an Only One.

# %%
# NBVAL_CHECK_OUTPUT
rng = random.Random(SEED)
kept = with_only_one = 0
for _ in range(4000):
    world = state.determinize(0, rng)
    hand = [t for t, n in enumerate(world.hand_rules[3]) for _ in range(n)]
    if RULES[rng.choice(hand)] == "limit_23":
        kept += 1
        with_only_one += world.hand_rules[3][RULES.index("only_one")] > 0
frequency = with_only_one / kept
se = math.sqrt(float(shortcut) * (1 - float(shortcut)) / kept)
print(f"{kept} worlds where Player 4 plays Limit 23; an Only One left in {frequency:.3f} of them")
print(f"exact {float(shortcut):.3f} ± {2 * se:.3f} (2 standard errors): inside = {abs(frequency - float(shortcut)) <= 2 * se}")

# %% [markdown]
# **Another model of play, another answer.** A *careful* Player 4 who holds an Only One plays it: with the blue 5
# it is their best bet (8/11 in section 1). Under that model the likelihood is 0 for every $k \ge 1$, and seeing
# Limit 23 tells you for sure that Player 4 holds **no** Only One. The arithmetic of Bayes' rule is the same;
# the likelihood, and so the answer, comes from what you believe about how people choose.
#
# **Exercise 2.** *Guess first*: if Player 4 plays **Only One**, is it more or less likely than before the play
# (0.488) that they hold another Only One? Compute it under the random-play model (the shortcut works again: which
# cards are the other two drawn from?).

# %% tags=["solution"]
another = 1 - Fraction(math.comb(41, 2), math.comb(50, 2))
print("P(another Only One | plays Only One) =", show(another))

# %% [markdown] tags=["solution"]
# **Answer.** The other two cards are two random cards of the 50 hidden cards left, now only 9 of them Only One:
# $1 - \binom{41}{2}/\binom{50}{2}$ = 81/245 ≈ 0.331, less likely than 0.488 before the play. Each Only One seen
# leaves fewer behind (without replacement again).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("12-ex2", answer)

# %% [markdown]
# ## 3. Expected points, and risk
#
# In this position (transaction 7), Player 4 plays last in the first round and still holds both cards. Player 4
# has already kept **two Trio cards**.

# %%
state3 = load_position("set_bonus_choice")
kn3 = knowledge(state3, 3)
print(describe(state3))
print()
print("Player 4 ->", hand_text(state3, 3))
print("Number cards to come: Dummy-1's, from the", len(kn3.unseen_numbers), "cards Player 4 cannot place")

# %% [markdown]
# Players 1 to 3 each took a Number card from the display after playing (the red 5, blue 3 and yellow 4): those
# cannot be Dummy-1's card. Add the 16 cards of the discard pile, and only 17 cards are left for the dummy.
#
# A third Trio would bring a **set bonus** of +2, so it is worth 3 points. `marginal_points(kept, rule)` computes
# how many points one more card of each type would add to Player 4's score:

# %%
kept4 = state3.kept[3]
for t, rule in enumerate(RULES):
    print(f"{rule_name(rule):17} +{marginal_points(kept4, t)} point(s)")

# %% [markdown]
# The **expected points** of a play are (chance of success) × (points if it succeeds): on average, over many
# games like this one, that is what the play earns. The **spread** says how far from that average one game
# usually lands: a play that scores $x$ points with chance $p$ (and 0 otherwise) has variance $x^2 p(1-p)$, and
# its standard deviation is the square root. `play_odds` gives the chance and the points of every pair of a
# Number card and a Rule card, best expected points first:

# %%
# NBVAL_CHECK_OUTPUT
plays = play_odds(state3, 3)

def spread(play):
    """Standard deviation of the points a play scores."""
    p = play.probability
    return math.sqrt(play.points_if_fulfilled ** 2 * p * (1 - p))

print(f"{'Number card':11} {'Rule card':17} {'chance':>16} {'points':>6} {'expected':>9} {'spread':>7}")
for play in plays[:6]:
    print(f"{card_name(play.card):11} {rule_name(play.rule):17} {show(play.probability)} "
          f"{play.points_if_fulfilled:>6} {str(play.expected_points):>9} {spread(play):7.2f}")
print(f"... {len(plays)} pairs in all")

# %% [markdown]
# The blue 8 with Trio succeeds only 5 times in 17: with the red 2, red 7 and blue 6 on the table, a red or a blue
# card for the dummy makes a trio (5 of the 17 cards). But each success is worth 3 points: **15/17** point on
# average. The green 1 with Limit 23 succeeds 13 times in 17 for 1 point: **13/17**. The blue 8 earns more on
# average, and it is also much **riskier**: a spread of 1.37 points against 0.42, and 12 times in 17 it scores
# nothing. Which one to prefer depends on the score: a player far behind needs the risk, a player ahead may
# prefer the safe point.
#
# **Exercise 3.** *Guess first*: can two of Player 4's plays have the same expected points but different
# spreads? Print every pair of `plays` with its expected points and its spread, and find such plays.

# %% tags=["solution"]
for play in plays:
    print(f"{card_name(play.card):9} {rule_name(play.rule):15} {str(play.expected_points):>6} {spread(play):5.2f}")

# %% [markdown] tags=["solution"]
# **Answer.** Yes: the purple 4 with Limit 23 scores 1 point with chance 6/17, and the green 1 or the purple 4
# with Trio score 3 points with chance 2/17. All three are worth 6/17 of a point on average, but the Trios have
# a spread of 0.97 against 0.48: same mean, twice the risk.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the expected points that several plays share, a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("12-ex3", answer)


# %% [markdown]
# ## 4. When to decide: the value of information
#
# So far Player 4 chose both cards now. But the rules let Player 4 play **one** card now (either type) and the
# other in the second round, after Dummy-1's Number card is on the table. Players 1 to 3 have all played their
# Number cards, so once the dummy's card is drawn, Player 4 knows all the other Number cards before choosing.
# Two orders:
#
# * **Number first**: play a Number card now; after the dummy's card, choose the best Rule card for the table.
# * **Rule first**: play a Rule card now; after the dummy's card, choose the best Number card for that rule.
#
# **Careful: the others play before Player 4.** In the second round Players 1, 2 and 3 each play a Rule card
# before Player 4. A type they play is blocked for Player 4 (the "already played" rule). So "number first" may
# find its best rule blocked. "Rule first" has no such problem: Player 4's rule is on the table first.
#
# How often is a rule blocked? Player 4 cannot see the others' Rule cards: each holds 3 of the 36 Rule cards that
# Player 4 cannot place. Each plays a random allowed card of their hand (the lesson's model), in seat order.
# We count every case:

# %%
# NBVAL_CHECK_OUTPUT
def hands_of_three(pool):
    """Every Rule hand of 3 cards from a pool (counts by type), with its probability (no order)."""
    for hand in combinations_with_replacement(range(len(pool)), 3):
        ways = math.prod(math.comb(pool[t], hand.count(t)) for t in set(hand))
        if ways:
            yield hand, Fraction(ways, math.comb(sum(pool), 3))


@functools.lru_cache(maxsize=None)
def played_before(pool, seats, played=frozenset()):
    """{the set of types played by the next `seats` players: probability}; each plays a random allowed card."""
    if seats == 0:
        return {played: Fraction(1)}
    out = {}
    for hand, p_hand in hands_of_three(pool):
        allowed = [t for t in hand if t not in played] or list(hand)
        rest = tuple(n - hand.count(t) for t, n in enumerate(pool))
        for t in allowed:
            for later, q in played_before(rest, seats - 1, played | {t}).items():
                out[later] = out.get(later, 0) + p_hand * q / len(allowed)
    return out


blocked = played_before(tuple(kn3.unseen_rules), 3)
assert sum(blocked.values()) == 1
for t in (t for t, n in enumerate(kn3.hand_rules) if n):
    p_t = sum(p for s, p in blocked.items() if t in s)
    print(f"{rule_name(RULES[t]):9} already played when Player 4 chooses: {float(p_t):.3f}")

# %% [markdown]
# Each of Player 4's rules is blocked 46% to 64% of the time. Now the two orders, exactly, with the blocks:

# %%
# NBVAL_CHECK_OUTPUT
table = [c for c in kn3.table_numbers if c is not None]
numbers = list(kn3.hand_numbers)
rule_cards = [t for t, n in enumerate(kn3.hand_rules) if n]
dummy_cards = list(kn3.unseen_numbers)     # the space: Dummy-1's card, each of the 17 equally likely

def points(card, rule, dummy):
    """Points Player 4 scores with this card and rule if Dummy-1 gets ``dummy``."""
    fulfilled = FULFILS[rule](TableStats(table + [dummy, card]), card)
    return marginal_points(kept4, rule) if fulfilled else 0

def average(f):
    """The average of f(dummy) over the dummy's equally likely cards: an expected value."""
    return sum(Fraction(f(d)) for d in dummy_cards) / len(dummy_cards)

both_now = max(average(lambda d: points(c, t, d)) for c in numbers for t in rule_cards)


def best_rule(card, dummy, played):
    """Player 4's points with the best rule still allowed (any rule if all of theirs are blocked)."""
    allowed = [t for t in rule_cards if t not in played] or rule_cards
    return max(points(card, t, dummy) for t in allowed)


number_first = {c: average(lambda d: sum(p * best_rule(c, d, s) for s, p in blocked.items())) for c in numbers}
rule_first = {t: average(lambda d: max(points(c, t, d) for c in numbers)) for t in rule_cards}
print("Both cards now (section 3):    ", show(both_now))
print("Number first, then the rule:")
for c, v in number_first.items():
    print(f"   {card_name(c):9}                  {show(v)}")
print("Rule first, then the number:")
for t, v in rule_first.items():
    print(f"   {rule_name(t):17}          {show(v)}")

# %% [markdown]
# Waiting is worth something. Play the **Trio now** and choose the Number card later: 18/17 ≈ 1.06 points. (The
# yellow 6 makes a trio of 6s if the dummy brings a green 6.) Choosing both cards blind gives only 15/17.
# The difference, **3/17** of a point, is the **value of the information** the dummy's card brings, for the best
# order.
#
# "Green 1 first" looked better: 20/17 if nobody blocked Player 4. But the others block its best rule too often.
# With the blocks it is worth only 66812303/82781160 ≈ 0.81. A model that forgets the others' blocks picks the
# wrong order.
#
# **Checked against the engine.** The game engine plays the rest of the transaction 600 times for each order. The
# others play a random allowed card; Player 4 plays the order, then the best card once the table is known.

# %%
# NBVAL_CHECK_OUTPUT
from ratgames_lab.master_of_rules.actions import PlayNumber, PlayRule


def engine_points(first, rng):
    """Player 4's points in one transaction played by the engine: `first` now, the best card later."""
    world = state3.determinize(3, rng)                 # a world of the cards Player 4 cannot see
    start, before = world.transaction, world.scores()[3]
    while world.transaction == start:
        legal = world.legal_actions()
        if world.current_player == rl.CHANCE:          # a card drawn: with its exact probability
            cards, weights = zip(*world.chance_outcomes())
            world.apply(rng.choices(cards, weights=[float(w) for w in weights])[0])
        elif world.current_player != 3:                # the others: a random allowed card of their hand
            weights = [world.hand_rules[world.current_player][RULES.index(a.rule)] if isinstance(a, PlayRule)
                       else 1 for a in legal]
            world.apply(rng.choices(legal, weights=weights)[0] if any(weights) else rng.choice(legal))
        elif first in legal:
            world.apply(first)
        elif world.phase == "play":                    # Player 4's second card: the best now
            world.apply(max(legal, key=lambda a: then_points(world, a)))
        else:
            world.apply(rng.choice(legal))             # the card taken from the display does not matter here
    return world.scores()[3] - before


def then_points(world, action):
    """Player 4's points if they play `action` now (everything on the table is known by then)."""
    w = world.clone()
    w.apply(action)
    start, before = w.transaction, w.scores()[3]
    while w.transaction == start:
        w.apply(w.legal_actions()[0])
    return w.scores()[3] - before


rng = random.Random(SEED)
GAMES = 600
for name, first, exact in (("Trio first", PlayRule("trio"), rule_first[RULES.index("trio")]),
                           ("green 1 first", PlayNumber("G1"), next(v for c, v in number_first.items() if card_name(c) == "green 1"))):
    got = [engine_points(first, rng) for _ in range(GAMES)]
    mean = sum(got) / GAMES
    se = math.sqrt(sum((g - mean) ** 2 for g in got) / (GAMES - 1) / GAMES)
    print(f"{name:13} engine {mean:.3f} ± {3 * se:.3f} (3 SE)   exact {float(exact):.3f}")

# %% [markdown]
# The exact values fall inside the engine's bands, and Trio first wins clearly. (A test plays more games and
# checks every order with a 99.9% band.)
#
# **Exercise 4.** *Guess first*: if Player 4 could see Dummy-1's card before choosing **both** cards, what would
# the hand be worth? Compute it with `average`, `points`, `numbers` and `rule_cards`: that is the value of
# perfect information, the most any order can reach.

# %% tags=["solution"]
perfect = average(lambda d: max(points(c, t, d) for c in numbers for t in rule_cards))
best_order = max(list(number_first.values()) + list(rule_first.values()))
print("Seeing the dummy's card first:", show(perfect), "  the best real order:", show(best_order))

# %% [markdown] tags=["solution"]
# **Answer.** 29/17 ≈ 1.71 points. With the dummy's card known, Player 4 picks the best pair for each card (a
# trio whenever one can be made). The best real order, Trio first, reaches 18/17. Seeing everything first would
# be worth another 11/17 of a point.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the hand's value in points, a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("12-ex4", answer)

# %% [markdown]
# ## 5. What to remember
#
# * **Support Right** is a conditional probability: a sum over what your neighbour does (the law of total
#   probability).
# * **Bayes' rule** turns "what I saw" into "what they hold"; the likelihood comes from a model of how players
#   choose, and a different model gives a different answer.
# * Choose by **expected points**, not by chance alone, and look at the **spread**: two plays with the same mean
#   can carry very different risks.
# * **Information has a value**: keep the choice that the next card will inform, and decide the other one now.
#   But check what the others can do before you choose: here their Rule cards block yours, and Trio first wins.
# * All of this is exact only **for the model**. [Part 4](13_master_of_rules_what_if.ipynb) compares moves another
#   way: by playing the rest of the game many times.
