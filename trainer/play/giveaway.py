"""What an ask gives away (the cards the table can then prove the asker holds, or cannot hold).

The computation belongs to the review (:mod:`trainer.review.giveaway`), which
counts it per player too; ``play`` uses it from there, under these names:

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Ann
    ... Ann asks Bob for 3D: yes''')
    >>> [str(c) for c in given_away(game.setup, game.events, 1).held]
    ['3D']
"""

from trainer.review.giveaway import GiveAway, counts, given_away, proven, public

__all__ = ["GiveAway", "counts", "given_away", "proven", "public"]
