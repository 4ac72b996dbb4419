"""The learner's rating: Glicko-2 against puzzles that play at their level.

Glicko-2 (Glickman, *Example of the Glicko-2 system*, 2013) is implemented
below step by step (:func:`glicko2_update`): each *first* attempt at a puzzle
is one rating period with one game against the puzzle, whose level ``L`` plays
as an opponent rated :func:`level_rating` (L) = 900 + 200 L with deviation 60.
Solved without hints scores 1, solved after hints 0.5, anything else 0;
skipped attempts are not rated (:func:`score_of`).

    >>> after = glicko2_update(Rating(), [(Rating(level_rating(3), LEVEL_RD), score_of("won", 0))])
    >>> round(after.rating), level_for(after.rating)
    (1675, 4)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

START_RATING, START_RD, START_VOLATILITY = 1500.0, 350.0, 0.06
TAU = 0.5
"""Glicko-2 system constant: how much the volatility may change (0.3 to 1.2 are sensible)."""
LEVEL_RD = 60.0
SOLVED_OUTCOMES = ("won", "right")
FAILED_OUTCOMES = ("cancelled", "lost", "wrong", "revealed")
UNRATED_OUTCOMES = ("skipped", "quit")
OUTCOMES = (*SOLVED_OUTCOMES, *FAILED_OUTCOMES, *UNRATED_OUTCOMES)
MAX_CHANGE = 200.0
"""Points one answer may move the rating at most (a new learner's deviation of 350 would move it by
470 for one first right answer; lichess's provisional period keeps such steps smaller)."""

PROVISIONAL_RD = 110.0
"""A rating whose deviation is above this is provisional (lichess marks it with a ``?``)."""

_SCALE = 173.7178


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: ``rating`` ± 2 ``rd``; ``volatility`` as in the paper."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY


def level_rating(level: int) -> float:
    """The rating a puzzle of ``level`` plays at: level 3 is an average (1500) learner's match.

    >>> [level_rating(n) for n in (1, 3, 6)]
    [1100.0, 1500.0, 2100.0]
    """
    return 900.0 + 200.0 * level


def level_for(rating: float) -> int:
    """The level whose puzzles match ``rating`` best (1-6).

    >>> level_for(1500), level_for(1180), level_for(3000)
    (3, 1, 6)
    """
    return max(1, min(6, round((rating - 900.0) / 200.0)))


def glicko2_update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """One Glicko-2 rating period: ``games`` are (opponent, score 0..1) pairs.

    The steps are numbered as in Glickman's paper; its worked example:

    >>> new = glicko2_update(Rating(1500, 200, 0.06),
    ...     [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    >>> f"{new.rating:.2f} {new.rd:.2f} {new.volatility:.6f}"  # the paper: 1464.06 151.52 0.05999
    '1464.05 151.52 0.059996'
    """
    # Step 2: convert to the Glicko-2 scale.
    mu, phi, sigma = (player.rating - 1500.0) / _SCALE, player.rd / _SCALE, player.volatility
    if not games:  # Step 6 only: an idle period widens the deviation.
        return Rating(player.rating, _SCALE * math.sqrt(phi**2 + sigma**2), sigma)
    terms = []
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - 1500.0) / _SCALE, opponent.rd / _SCALE
        g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j**2 / math.pi**2)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        terms.append((g, expected, score))
    # Step 3: estimated variance of the rating from game outcomes only.
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    # Step 4: estimated improvement.
    improvement = sum(g * (s - e) for g, e, s in terms)
    delta = v * improvement
    # Step 5: new volatility, by the Illinois algorithm on f(x).
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2.0 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    # Step 6: pre-period deviation.
    phi_star = math.sqrt(phi**2 + new_sigma**2)
    # Step 7: new deviation and rating.
    new_phi = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / v)
    new_mu = mu + new_phi**2 * improvement
    # Step 8: back to the familiar scale.
    return Rating(_SCALE * new_mu + 1500.0, _SCALE * new_phi, new_sigma)


def rate_answer(player: Rating, level: int, score: float) -> Rating:
    """The rating after one answer to a puzzle of ``level`` (:func:`glicko2_update` against the level's
    rating), moved by at most :data:`MAX_CHANGE` points.

    >>> round(glicko2_update(Rating(), [(Rating(level_rating(6), LEVEL_RD), 1.0)]).rating)  # uncapped
    2097
    >>> first = rate_answer(Rating(), 6, 1.0)
    >>> round(first.rating), round(first.rd)
    (1700, 330)
    """
    after = glicko2_update(player, [(Rating(level_rating(level), LEVEL_RD), score)])
    change = max(-MAX_CHANGE, min(MAX_CHANGE, after.rating - player.rating))
    return Rating(player.rating + change, after.rd, after.volatility)


def score_of(outcome: str, hints: int) -> float | None:
    """The game score of an attempt for rating (``None``: not rated)."""
    if outcome in UNRATED_OUTCOMES:
        return None
    if outcome in SOLVED_OUTCOMES:
        return 1.0 if hints == 0 else 0.5
    return 0.0


def is_provisional(rating: Rating) -> bool:
    """Whether the rating is still provisional: its deviation is too high to trust it yet.

    >>> is_provisional(Rating()), is_provisional(Rating(1500, 80))
    (True, False)
    """
    return rating.rd > PROVISIONAL_RD
