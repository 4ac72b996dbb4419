"""The words of an attempt at a puzzle: what :class:`puzzles.quiz.QuizReply` values say, written once.

:func:`said` words a reply as :class:`~trainer.render.words.Words` (cards kept as
values) in its parts: the lines before a refuting deal, the deal itself (a value:
the terminal prints it as lines of card symbols, a page draws its hands), the lines
after it, and the explanation (the terminal prints it; a page draws it step by step).
:func:`reply_lines` is the terminal's text of it, line by line::

    >>> from puzzles.examples import example_claim
    >>> from puzzles.quiz import Attempt
    >>> puzzle = example_claim()
    >>> attempt = Attempt(puzzle, clock=iter(range(100)).__next__)
    >>> reply_lines(attempt.respond("Ann 2D 3D"), puzzle)
    ('name a holder for 4D 5D 6D 7D too',)
    >>> reply_lines(attempt.respond("hint"), puzzle)
    ('Nudge: look at move 1: Cat asks Bob for 3♦: no.',)
    >>> for line in reply_lines(attempt.respond("Ann 2D 3D 4D 5D 6D, Cat 7D"), puzzle):
    ...     print(line)
    Wrong: the claim is cancelled (all six cards are with your team, but not where you said).
      Right: Ann 2♦ 3♦ 4♦ 5♦.
      6♦: Ann cannot hold it in any deal that fits what you saw.
        It is not in your hand.
      7♦: Cat cannot hold it in any deal that fits what you saw.
        It is in your hand.
    Try again, or 'reveal' the answer and why; 'hint' helps, 'skip' moves on.
    >>> reply_lines(attempt.respond("Ann 2D 3D 4D 5D 7D, Cat 6D"), puzzle)[0]
    'Correct: the set is won, on try 2 (rated on your first answer).'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import assert_never

from puzzles.marking import Mark, Outcome, example_answer
from puzzles.model import Puzzle, Step
from puzzles.quiz import HINT_WIDTH, Hint, QuizReply, QuizReplyKind, Ruling
from puzzles.refute import Refutation
from trainer.explain.depth import Depth
from trainer.game.cards import Card
from trainer.render.phrases import event_words, placement_words
from trainer.render.words import Words, cards_words, shown

ADVICE = "Try again, or 'reveal' the answer and why; 'hint' helps, 'skip' moves on."
"""What a wrong answer ends with at the prompt."""
BUTTONS_ADVICE = "Try again, or Reveal the answer and why; Hint helps, Skip moves on."
"""... and on a page, whose buttons say Reveal, Hint and Skip."""

MISTAKES = {
    "wrong holder": ("card with the wrong holder", "cards with the wrong holder"),
    "left out": ("certain card left out", "certain cards left out"),
    "not certain": ("card named that is not certain", "cards named that are not certain"),
}
CLAIM_FATE = {
    Outcome.WON: "the set is won.",
    Outcome.CANCELLED: "the claim is cancelled (all six cards are with your team, but not where you said).",
    Outcome.LOST: "the set is lost to the other team.",
}
CLUES = {
    "seen": "some of these cards moved face up in a hit: who took each one last?",
    "elimination": "for {card}, which ask or 'no' rules out each player in turn?",
    "ask inference": "an asker held another card of that set; which one can it be?",
    "careful player": "who can still hold {card}, and which ask needs its set?",
    "ask history": "the asker held another card of that set then: which one?",
    "hand counting": "count a hand: known cards and cards its asks require may fill it.",
    "shared asks": "several askers each needed a card of it: count what is left.",
    "case analysis": "try each player {card} could be with: all but one fail.",
}
"""The question each technique asks, for a clue that has no words of the explainer's own."""


@dataclass(frozen=True)
class ReplyWords:
    """A reply in words: ``head`` (before the deal), ``deal`` (the refuting deal, a value), ``tail`` (after it),
    ``offer`` (what may be done next: a page shows it only while it still holds, under its last reply),
    ``why`` (the theme and the explanation, which a page draws as steps instead)."""

    head: tuple[Words, ...] = ()
    deal: Refutation | None = None
    tail: tuple[Words, ...] = ()
    why: tuple[Words, ...] = ()
    offer: tuple[Words, ...] = ()


def said(reply: QuizReply, puzzle: Puzzle, *, buttons: bool = False) -> ReplyWords:
    """What ``reply`` (to an attempt at ``puzzle``) says; with ``buttons``, on a page, whose buttons (Hint, Reveal,
    Skip, Show the answer) stand for the words typed at the prompt."""
    kind = reply.kind
    match kind:
        case QuizReplyKind.EMPTY:
            return ReplyWords(offer=(Words.of(usage(puzzle, buttons=buttons)),))
        case QuizReplyKind.HELP:
            lines = page_help_lines(puzzle) if buttons else help_lines(puzzle, memory=reply.memory)
            return ReplyWords(offer=tuple(Words.of(line) for line in lines))
        case QuizReplyKind.INVALID:
            return ReplyWords((Words.of(refusal(reply, puzzle)),))
        case QuizReplyKind.HINT:
            return ReplyWords((hint_words(reply.hint, puzzle),)) if reply.hint is not None else ReplyWords()
        case QuizReplyKind.CONFIRM:
            again = "Press Show the answer to see it" if buttons else "Type 'hint' again to see it"
            return ReplyWords((Words.of("The next hint shows the answer and ends this puzzle as not solved."),),
                              offer=(Words.of(f"{again}, or go on solving."),))
        case QuizReplyKind.WRONG:
            if reply.mark is None:
                return ReplyWords()
            return ReplyWords((verdict_words(reply.mark), *(Words.of("  ", line) for line in right_words(reply.mark)),
                               *why_wrong(reply.mark, reply.deal, reply.ruled, puzzle, memory=reply.memory)),
                              reply.deal, offer=(Words.of(BUTTONS_ADVICE if buttons else ADVICE),))
        case QuizReplyKind.VERDICT:
            if reply.mark is None:
                return ReplyWords()
            return ReplyWords((verdict_words(reply.mark, reply.tries, rated=reply.rated),),
                              why=explanation_words(puzzle))
        case QuizReplyKind.REVEALED | QuizReplyKind.SKIPPED:
            head = [Words.of("Skipped.")] if kind is QuizReplyKind.SKIPPED else []
            if reply.last is not None:
                head += [Words.of("Your last answer:"), *(Words.of("  ", line) for line in right_words(reply.last)),
                         *(Words.of("  ", line) for line in miss_words(reply.last, reply.ruled))]
            head.append(Words.of("The answer: ", answer_words(puzzle.expected), "."))
            return ReplyWords(tuple(head), why=explanation_words(puzzle))
        case QuizReplyKind.QUIT:
            return ReplyWords((Words.of("Stopped."),))
        case QuizReplyKind.SHOW | QuizReplyKind.HISTORY | QuizReplyKind.LAST:  # (the face shows those itself)
            return ReplyWords()
        case _:
            assert_never(kind)


def reply_lines(reply: QuizReply, puzzle: Puzzle) -> tuple[str, ...]:
    """The terminal's lines of a reply: :func:`said`'s words as text, the deal as :func:`deal_lines`."""
    told = said(reply, puzzle)
    deal = deal_lines(told.deal) if told.deal is not None else []
    return (*map(shown, told.head), *deal, *map(shown, told.tail), *map(shown, told.offer), *map(shown, told.why))


# -- the parts ----------------------------------------------------------------------------


def usage(puzzle: Puzzle, *, buttons: bool = False) -> str:
    """The one-line reminder of what can be typed (``buttons``: on a page, whose buttons are the commands).

    >>> from puzzles.examples import example_claim
    >>> usage(example_claim())
    "Your answer, for example 'Cat 2C 4C 6C 7C, Eve 3C 5C' ('help' for the commands)."
    >>> usage(example_claim(), buttons=True)
    "Your answer, for example 'Cat 2C 4C 6C 7C, Eve 3C 5C', typed or clicked (a card, then its holder)."
    """
    if buttons:
        return f"Your answer, for example {example_answer(puzzle)}, typed or clicked (a card, then its holder)."
    return f"Your answer, for example {example_answer(puzzle)} ('help' for the commands)."


def page_help_lines(puzzle: Puzzle) -> tuple[str, ...]:
    """What the puzzle page's buttons do (its help, where the prompt's would name words to type).

    >>> from puzzles.examples import example_claim
    >>> for line in page_help_lines(example_claim()):
    ...     print(line)
    Answer in the notation's words, for example 'Cat 2C 4C 6C 7C, Eve 3C 5C', or click a card, then its holder.
    Hint: a nudge, then a clue, then (asked first) the full explanation.
    Reveal: the answer and why (the puzzle counts as not solved).
    Skip: leave this puzzle not solved, with the answer and why.
    """
    lines = [f"Answer in the notation's words, for example {example_answer(puzzle)}, or click a card, then its "
             "holder.",
             "Hint: a nudge, then a clue, then (asked first) the full explanation.",
             "Reveal: the answer and why (the puzzle counts as not solved).",
             "Skip: leave this puzzle not solved, with the answer and why."]
    if puzzle.question.kind == "certain":
        lines.insert(1, "None is certain: the answer that no card of the set can be placed.")
    return tuple(lines)


def help_lines(puzzle: Puzzle, *, memory: bool = False) -> tuple[str, ...]:
    """What can be typed at the prompt (each line fits 80 columns)."""
    lines = [
        f"Answer in the notation's words, for example {example_answer(puzzle)}.",
        "  show          your hand, the hand sizes, the score and the question",
    ]
    if memory:
        lines.append("  last          the last move (the only one the game lets you hear again)")
    else:
        lines += [
            "  history, a    all moves; 'history LD' one set, 'history Ann' one player",
            "  last          the last move",
        ]
    lines += [
        "  hint          a nudge, then a clue, then (asked first) the full explanation",
        "  reveal        the answer and why (the puzzle counts as not solved)",
        "  skip, quit    on to the next puzzle; stop here",
    ]
    return tuple(lines)


def refusal(reply: QuizReply, puzzle: Puzzle) -> str:
    """Why a line was refused: the answer reader's message, or what the attempt refused."""
    if reply.refused == "memory":
        return "In memory mode the history is not shown again; 'last' repeats the last event."
    if reply.refused == "focus":
        sets = " ".join(h.code for h in puzzle.variant.half_suits)
        return f"{reply.focus!r} is neither a set ({sets}) nor a player ({' '.join(puzzle.players)})"
    return reply.message


def question_words(puzzle: Puzzle, *, short: bool = False) -> Words:
    """The question as the learner reads it on every face (the terminal, the pages, class sets, worksheets),
    its cards as values; ``short``: a "certain" question without its cards, for a list of puzzles (the
    daily's calendar).

    >>> from puzzles.examples import example_certain, example_claim
    >>> str(question_words(example_claim()))
    'Claim low diamonds (LD): name the holder of each of its six cards.'
    >>> print(question_words(example_certain()))  # doctest: +NORMALIZE_WHITESPACE
    Which low diamonds outside your hand (6D) can you place for certain? Name each with its holder;
    leave out the ones you cannot place.
    >>> question_words(example_certain()).cards()
    (Card.parse('6D'),)
    >>> str(question_words(example_certain(), short=True))
    'Which cards of low diamonds (LD) can you place for certain?'
    """
    question = puzzle.question
    if question.kind == "locate":
        cards = list(question.cards)
        listed = Words.of(cards[0]) if len(cards) == 1 else Words.of(Words.join(", ", cards[:-1]), " and ",
                                                                     cards[-1])
        return Words.of("Who holds ", listed, "?")
    half = question.half_suit
    assert half is not None
    named = Words.of(f"{half.name} (", half, ")")
    if question.kind == "claim":
        return Words.of("Claim ", named, ": name the holder of each of its six cards.")
    if short:
        return Words.of("Which cards of ", named, " can you place for certain?")
    return Words.of(f"Which {half.name} outside your hand (", cards_words(puzzle.asked),
                    ") can you place for certain? Name each with its holder; leave out the ones you cannot place.")


def answer_words(answer: Mapping[Card, str]) -> Words:
    """An answer in the notation's words (``Ann 2D 3D, Cat 6D``), or ``none is certain``."""
    return placement_words(answer.items()) if answer else Words.of("none is certain")


def verdict_words(mark: Mark, tries: int = 1, *, rated: bool = True) -> Words:
    """One line starting with ``Correct`` or ``Wrong`` (for a claim, then what happened to the set); it names no
    holder, so it can be shown before a second try. After a later try it says the first answer is what is rated
    (``rated``; a replay is not rated).

    >>> from puzzles.marking import Miss
    >>> verdict_words(Mark(False, Outcome.CANCELLED, {}, "claim")).parts
    ('Wrong: the claim is cancelled (all six cards are with your team, but not where you said).',)
    >>> str(verdict_words(Mark(False, Outcome.WRONG, {Card.parse("6D"): Miss("Ann", "Cat")}, "locate")))
    'Wrong: 1 card with the wrong holder.'
    >>> str(verdict_words(Mark(True, Outcome.RIGHT), tries=3))
    'Correct, on try 3 (rated on your first answer).'
    >>> str(verdict_words(Mark(True, Outcome.RIGHT), tries=3, rated=False))
    'Correct, on try 3.'
    """
    head = "Correct" if mark.correct else "Wrong"
    if mark.kind == "claim":
        text = f"{head}: {CLAIM_FATE[mark.outcome]}"
    elif mark.correct:
        text = "Correct."
    else:
        text = f"Wrong: {mistakes(mark)}."
    if mark.correct and tries > 1:
        text = text.rstrip(".") + f", on try {tries}" + (" (rated on your first answer)." if rated else ".")
    return Words.of(text)


def mistakes(mark: Mark) -> str:
    """The mistakes counted by kind (no card or holder named): ``1 certain card left out, 2 cards named ...``."""
    return ", ".join(f"{n} {MISTAKES[kind][n != 1]}" for kind, n in mark.counts().items())


def right_words(mark: Mark) -> tuple[Words, ...]:
    """What a partly right answer got right: ``Right: Ann 2D 3D 4D 5D.`` (nothing when it is all right or
    all wrong).

    >>> from puzzles.examples import example_claim
    >>> from puzzles.marking import mark_text
    >>> [str(line) for line in right_words(mark_text(example_claim(), "Ann 2D 3D 4D 5D 6D, Cat 7D"))]
    ['Right: Ann 2D 3D 4D 5D.']
    """
    if mark.correct or not mark.right:
        return ()
    return (Words.of("Right: ", answer_words(mark.right), "."),)


def why_wrong(mark: Mark, deal: Refutation | None = None, ruled: tuple[Ruling, ...] = (),
              puzzle: Puzzle | None = None, *, memory: bool = False) -> tuple[Words, ...]:
    """Why each mistake is one, without telling where a card is (the learner may try again): a holder named
    that no deal allows (with the step that rules that holder out, :func:`ruling_words`), the certain cards
    left out, a card named that some deal puts elsewhere (``deal``, the one shown, for its card). ``memory``: the
    history cannot be shown, so every move a ruling cites is quoted in full.

    >>> from puzzles.marking import Miss
    >>> wrong = {Card.parse("6D"): Miss(None, "Cat"), Card.parse("7D"): Miss("Bob", None),
    ...          Card.parse("9D"): Miss("Bob", "Ann"), Card.parse("5D"): Miss(None, "Eve")}
    >>> for line in why_wrong(Mark(False, Outcome.WRONG, wrong, "certain", viewer="Ann")):
    ...     print(line)
      9D: Bob cannot hold it in any deal that fits what you saw.
      Certain, but left out: 5D 6D.
      7D: Bob may hold it, but some deals that fit what you saw put it elsewhere.
    """
    lines = []
    why = {r.card: r for r in ruled}
    for card in mark.of_kind("wrong holder"):
        lines.append(Words.of("  ", card, f": {mark.wrong[card].said} cannot hold it in any deal that fits what "
                                          "you saw."))
        if card in why and puzzle is not None:
            lines += ruling_words(why[card], puzzle, memory=memory)
    left = mark.of_kind("left out")
    if left:
        lines.append(Words.of("  Certain, but left out: ", cards_words(left), "."))
    for card in mark.of_kind("not certain"):
        said_ = mark.wrong[card].said
        if deal is not None and deal.card == card:
            lines.append(Words.of("  ", card, f": {said_} may hold it, but this deal fits what you saw and puts it "
                                              "elsewhere:"))
        else:
            lines.append(Words.of("  ", card, f": {said_} may hold it, but some deals that fit what you saw put "
                                              "it elsewhere."))
    return tuple(lines)


def ruling_words(ruling: Ruling, puzzle: Puzzle, *, memory: bool = False) -> tuple[Words, ...]:
    """While the puzzle is open, why ``ruling.said`` cannot hold the card: the explanation's step that rules
    them out when it places no answer card, else the moves to look at.

    >>> from puzzles.examples import example_claim
    >>> from puzzles.quiz import ruling
    >>> [str(line) for line in ruling_words(ruling(example_claim(), Card.parse("6D"), "Bob"), example_claim())]
    ['    What rules Bob out: move 1: Cat asks Bob for 3D: no.']
    """
    if ruling.card in puzzle.own_cards:
        return (Words.of("    It is in your hand."),)
    if ruling.said == puzzle.viewer:
        return (Words.of("    It is not in your hand."),)
    if ruling.step is None:
        return ()
    step = step_words(puzzle.explanation[ruling.step - 1], puzzle)
    if ruling.safe and not _tells(step, puzzle):
        return (Words.of("    Why: ", step),)
    if not ruling.moves:
        return ()
    # every move it rests on: the first three in full, the others (and any that would give the answer away) by
    # number, kept on screen in the history; none is left out. In memory mode (no history to look at) all in full.
    told = [(n, e) for n, e in ruling.moves if e is not None][:None if memory else 3]
    moves = [Words.of(f"move {n}: ", event_words(e)) for n, e in told]
    bare = [str(n) for n, e in ruling.moves if (n, e) not in told]
    if bare:
        numbers = f"move {bare[0]}" if len(bare) == 1 else f"moves {', '.join(bare[:-1])} and {bare[-1]}"
        where = "not quoted: it would give the answer away" if memory else "in the history"
        moves.append(Words.of(f"{numbers} ({where})"))
    return (Words.of(f"    What rules {ruling.said} out: ", Words.join("; ", moves), "."),)


def _tells(said: Words, puzzle: Puzzle) -> bool:
    """Whether a sentence names an answer card outside the viewer's hand and, anywhere in it, that card's holder
    (a step's facts may place no answer card while its reasoning, a case supposed, still names one's holder)."""
    named = {part for part in said.parts if isinstance(part, str) for part in part.replace(",", " ").split()}
    return any(card in puzzle.expected and card not in puzzle.own_cards and puzzle.expected[card] in named
               for card in said.cards())


def miss_words(mark: Mark, ruled: tuple[Ruling, ...] = ()) -> tuple[Words, ...]:
    """One line per mistake, naming the true holder (for after the attempt), and the step of the explanation
    (printed below it) that rules a wrong holder out.

    >>> from puzzles.marking import Miss
    >>> wrong = {Card.parse("6D"): Miss(None, "Cat"), Card.parse("7D"): Miss("Bob", None),
    ...          Card.parse("9D"): Miss("Bob", "Ann")}
    >>> for line in miss_words(Mark(False, Outcome.WRONG, wrong, "certain", viewer="Ann")):
    ...     print(line)
    6D: you left it out, but it is certain: Cat holds it
    7D: you named Bob, but nobody can be sure who holds it
    9D: you said Bob, it is in your hand
    """
    lines = []
    for card, miss in sorted(mark.wrong.items()):
        if miss.said is None:
            holder = "you hold" if miss.actual == mark.viewer else f"{miss.actual} holds"
            lines.append(Words.of(card, f": you left it out, but it is certain: {holder} it"))
        elif miss.actual is None:
            lines.append(Words.of(card, f": you named {miss.said}, but nobody can be sure who holds it"))
        elif miss.actual == mark.viewer:
            lines.append(Words.of(card, f": you said {miss.said}, it is in your hand"))
        else:
            lines.append(Words.of(card, f": you said {miss.said}, it is with {miss.actual}"))
        step = next((r.step for r in ruled if r.card == card and r.said == miss.said), None)
        if step is not None:
            lines[-1] += Words.of(f" (step {step} rules {miss.said} out)")
    return tuple(lines)


def reason_words(mark: Mark, puzzle: Puzzle) -> tuple[Words, ...]:
    """For the teacher: each mistake of an answer in the third person, and for a holder named who cannot hold
    the card, the step of the explanation that rules that holder out (its number and its words).

    >>> from puzzles.examples import example_certain
    >>> from puzzles.marking import mark_text
    >>> [line] = reason_words(mark_text(example_certain(), "Bob 6D"), example_certain())
    >>> str(line)[:66]
    '6D: answered Bob, it is with Cat; step 1 rules Bob out: Cat asked '
    """
    from puzzles.quiz import ruling

    lines = []
    for card, miss in sorted(mark.wrong.items()):
        if miss.said is None:
            lines.append(Words.of(card, f": left out, but it is certain: {miss.actual} holds it"))
        elif miss.actual is None:
            lines.append(Words.of(card, f": answered {miss.said}, but nobody can be sure who holds it"))
        else:
            where = "in the viewer's hand" if miss.actual == puzzle.viewer else f"with {miss.actual}"
            line = Words.of(card, f": answered {miss.said}, it is {where}")
            found = ruling(puzzle, card, miss.said)
            if found.step is not None:
                line += Words.of(f"; step {found.step} rules {miss.said} out: ",
                                 step_words(puzzle.explanation[found.step - 1], puzzle))
            lines.append(line)
    return tuple(lines)


def depth_word(depth: Depth) -> str:
    """How a hint's depth is called: ``Nudge``, ``Clue``, ``Explanation``.

    >>> depth_word(Depth.CLUE)
    'Clue'
    """
    match depth:
        case Depth.NUDGE:
            return "Nudge"
        case Depth.CLUE:
            return "Clue"
        case Depth.FULL:
            return "Explanation"
        case _:
            assert_never(depth)


def hint_words(hint: Hint, puzzle: Puzzle) -> Words:
    """A hint in one line of :data:`~puzzles.quiz.HINT_WIDTH` columns: ``Nudge: ...`` or ``Clue: ...``.

    >>> from puzzles.examples import example_claim
    >>> from puzzles.quiz import hint_for
    >>> str(hint_words(hint_for(example_claim(), "clue"), example_claim()))
    'Clue: ask inference: an asker held another card of that set; which one can it be?'
    """
    if hint.written:
        return Words.of(f"{depth_word(hint.depth)}: ", hint.written)
    if hint.depth is Depth.NUDGE:
        if hint.moves:
            moves: list[Words] = []
            for number, event in hint.moves:
                move = Words.of(f"move {number}") if event is None else Words.of(f"move {number}: ",
                                                                                 event_words(event))
                if len("Nudge: look at " + "; ".join(map(str, [*moves, move])) + ".") > HINT_WIDTH:
                    moves = moves or [Words.of(f"move {number}")]  # a long claim: its number only
                    break
                moves.append(move)
            if all(event is None for _, event in hint.moves):  # numbers only: one list, as a person says it
                bare = [str(number) for number, _ in hint.moves]
                return Words.of("Nudge: look at " + (f"move {bare[0]}" if len(bare) == 1 else
                                                     f"moves {', '.join(bare[:-1])} and {bare[-1]}") + ".")
            return Words.of("Nudge: look at ", Words.join("; ", moves), ".")
        if hint.technique:
            return Words.of(f"Nudge: think of {hint.technique}.")
        return Words.of("Nudge: what does each ask for a card of this set tell you about the asker?")
    clue = CLUES.get(hint.technique)
    if clue:
        before, _, after = clue.partition("{card}")
        if not _:
            return Words.of(f"Clue: {hint.technique}: {clue}")
        return Words.of(f"Clue: {hint.technique}: {before}", hint.card or "each card", after)
    return Words.of("Clue: techniques needed: " + (", ".join(hint.techniques) or hint.level) + ".")


def explanation_words(puzzle: Puzzle) -> tuple[Words, ...]:
    """The theme (the level and the mode of reasoning that decides it: shown only once the puzzle is answered,
    as lichess shows its themes), then the full explanation, one numbered line per step."""
    lines = [Words.of(f"Theme: level {puzzle.level}, {puzzle.difficulty.name}.")]
    if not puzzle.explanation:
        return tuple(lines)
    lines.append(Words.of("Why:"))
    for number, step in enumerate(puzzle.explanation, start=1):
        technique = f" ({step.technique})" if step.technique else ""
        lines.append(Words.of(f"{number}. ", step_words(step, puzzle), technique))
    return tuple(lines)


def step_words(step: Step, puzzle: Puzzle) -> Words:
    """A stored step of ``puzzle``'s explanation, drawn from its parts (the cards and sets it names are values
    in the record: nothing is looked for in its letters).

    >>> from puzzles.examples import example_claim
    >>> from trainer.explain.said import Said
    >>> step = Step("elimination", Said.of(Card.parse("6D"), " and ", Card.parse("10D"), " are in your hand."))
    >>> said = step_words(step, example_claim())
    >>> said.cards(), str(said) == step.text
    ((Card.parse('6D'), Card.parse('10D')), True)
    """
    return step.said


def deal_heading(deal: Refutation) -> Words:
    """``A deal that fits all 3 event(s) you saw and your own hand, with 9C not at Bob (hands now):``."""
    return Words.of(f"A deal that fits all {deal.events} event(s) you saw and your own hand, with ", deal.card,
                    f" not at {deal.said} (hands now):")


def deal_lines(deal: Refutation, over: bool = False) -> list[str]:
    """The terminal's lines of a refuting deal: the heading, a line per player (the cards in symbols, the hidden
    ones left out while the puzzle is open), and the line naming the cards left out.

    >>> from puzzles.examples import example_certain
    >>> from puzzles.refute import refuting_deal
    >>> lines = deal_lines(refuting_deal(example_certain(), Card.parse("9C"), "Bob", seed=1))
    >>> lines[0]
    'A deal that fits all 1 event(s) you saw and your own hand, with 9♣ not at Bob (hands now):'
    >>> [line.split()[0] for line in lines[1:]]
    ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay']
    """
    width = max(len(p) for p in deal.hands)
    lines = [shown(deal_heading(deal)), *(f"{p.ljust(width)}  " + (" ".join(c.symbol for c in cards) or "—")
                                        for p, cards in deal.shown(over).items())]
    if deal.hidden and not over:
        cards = " ".join(c.symbol for c in deal.hidden)
        lines.append(f"Not shown: {cards} (the question's other cards, while it is open).")
    return lines


__all__ = ["ReplyWords", "answer_words", "deal_heading", "deal_lines", "explanation_words", "help_lines", "hint_words",
           "miss_words", "page_help_lines", "question_words", "refusal", "reply_lines", "right_words",
           "ruling_words", "said", "step_words", "usage", "verdict_words", "why_wrong"]
