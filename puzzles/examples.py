"""Two hand-made puzzles, the notation spec's worked example, for doctests, tests and scripts.

    >>> example_claim().question.kind, str(example_claim().question.half_suit)
    ('claim', 'LD')
"""

from __future__ import annotations

from puzzles.model import Difficulty, Puzzle, Question


def example_claim() -> Puzzle:
    """The six-diamonds puzzle of the notation spec (classic, as Ann): claim LD.

    >>> from trainer.game.cards import Card
    >>> example_claim().answer[Card.parse("6D")]
    'Cat'
    """
    return Puzzle.create(
        variant="classic",
        viewer="Ann",
        log=(
            "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Cat\n"
            "hand Ann: 2D 3D 4D 5D 7D 9S JS KH\nCat asks Bob for 3D: no\n"
        ),
        question=Question.claim("LD"),
        answer={**{c: "Ann" for c in ("2D", "3D", "4D", "5D", "7D")}, "6D": "Cat"},
        difficulty=Difficulty(3, "ask inference", 3.5),
        techniques=["ask inference"],
        explanation=[
            {
                "technique": "ask inference",
                "text": "Cat asked Bob for 3D on move 1, so Cat held another low diamond; "
                "you hold 2D 3D 4D 5D 7D, so it is 6D.",
                "facts": [{"card": "6D", "holder": "Cat"}],
                "events": [1],
                "uses_steps": [],
            }
        ],
        source={"kind": "hand-made", "from": "notation spec, worked example"},
    )


def example_certain() -> Puzzle:
    """The six-diamonds position as a ``certain`` question: Ann holds five low diamonds, 6D is Cat's.

    >>> sorted(str(c) for c in example_certain().answer)
    ['2D', '3D', '4D', '5D', '6D', '7D']
    """
    claim = example_claim()
    return Puzzle.create(
        variant=claim.variant,
        viewer=claim.viewer,
        log=claim.log,
        question=Question.certain("LD"),
        answer=claim.answer,
        difficulty=claim.difficulty,
        techniques=claim.techniques,
        explanation=claim.explanation,
        source={"kind": "hand-made", "from": "notation spec, worked example"},
    )
