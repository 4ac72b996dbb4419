"""What a person types at their seat in ``literature play``, read into a :class:`Command`.

Moves use the game's words: ``Bob 6D`` (or ``ask Bob for 6D``) asks Bob for
6D; ``claim LD: Ann 2D 3D, Cat 4D 5D 6D 7D`` claims low diamonds in the
trainer's lenient answer syntax; ``pass Cat`` hands the turn to Cat. The other
words ask about the game: ``history [SET]``, ``hand``, ``table``, ``odds 6D``,
``hint``, ``auto``, ``help``, ``quit``, and ``yes``/``no`` to a question.

    >>> from trainer.game.state import Setup
    >>> setup = Setup.create("classic", "Ann Bob Cat Dan Eve Fay".split())
    >>> parse_command("bob 6d", setup, "Ann").move
    AskFor(target='Bob', card=Card.parse('6D'))
    >>> claim = parse_command("claim LD: Ann 2D 3D, cat 4D 5D 6D 7D", setup, "Ann").move
    >>> claim.half_suit, dict(claim.declared)[Card.parse("7D")]
    (HalfSuit.parse('LD'), 'Cat')
    >>> parse_command("history hs", setup, "Ann")
    Command(kind=<Word.HISTORY: 'history'>, move=None, card=None, half_suit=HalfSuit.parse('HS'))
    >>> try:
    ...     parse_command("claim LD: Ann 2D 3D, Bob 4D 5D 6D 7D", setup, "Ann")
    ... except PromptError as error:
    ...     print(error)
    Bob is an opponent: a claim names only your team (Ann Cat Eve), not 4D's holder

Only the words are checked here; whether a move is allowed now (the asker
holds another card of the set, the target is an opponent with cards, …) is
the game's to say (:meth:`trainer.play.match.Match.events_for`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.holders import AnswerError, read_holders
from trainer.game.state import Setup
from trainer.play.view import AskFor, ClaimSet, Move, PassTo

MAX_LINE = 300
"""Characters a line may have: a claim of six cards needs under 60."""



class Word(str, Enum):
    """What a line typed at the table means: a move, nothing, or one of the words of :data:`WORDS`."""

    MOVE = "move"
    EMPTY = "empty"
    HELP = "help"
    HAND = "hand"
    TABLE = "table"
    HISTORY = "history"
    HINT = "hint"
    AUTO = "auto"
    ODDS = "odds"
    QUIT = "quit"
    YES = "yes"
    NO = "no"


WORDS: dict[str, Word] = {
    "help": Word.HELP, "?": Word.HELP, "h": Word.HELP,
    "hand": Word.HAND, "cards": Word.HAND,
    "table": Word.TABLE, "show": Word.TABLE, "t": Word.TABLE,
    "history": Word.HISTORY, "log": Word.HISTORY,
    "hint": Word.HINT,
    "auto": Word.AUTO,
    "odds": Word.ODDS,
    "quit": Word.QUIT, "q": Word.QUIT, "exit": Word.QUIT, "stop": Word.QUIT,
    "yes": Word.YES, "y": Word.YES,
    "no": Word.NO, "n": Word.NO,
}

HELP = (
    ("Bob 6D", "ask Bob for 6D (typing 'ask Bob for 6D' works too)"),
    ("claim LD: Ann 2D 3D, Cat 4D 5D 6D 7D", "claim a set, naming your teammate for each card"),
    ("pass Cat", "hand the turn to Cat, where the rules allow it"),
    ("odds 6D", "who may hold 6D, with exact chances (coach full)"),
    ("hint", "what the coach would do"),
    ("auto", "let the expert bot make this move for you"),
)
"""The lines typed at a table, each with what it does, the terminal's and the web page's alike
(:data:`TERMINAL_HELP`: the terminal's own)."""

TERMINAL_HELP = (
    ("hand", "your cards, by set"),
    ("history [SET]", "what happened (all of it, or one set's events)"),
    ("table", "the table again"),
    ("quit", "save and leave (literature play --resume goes on)"),
    ("", "(while the bots move, Enter skips the pauses; anything else typed then is dropped, never played)"),
)
"""What only the terminal needs (a page shows the hand, the table and the history all the time)."""


class PromptError(LiteratureError):
    """A line that is not a command; the message says what to type."""


@dataclass(frozen=True)
class Command:
    """One line read: what it means (``move`` its move, ``card`` the card of ``odds``, ``half_suit`` the set of
    ``history``)."""

    kind: Word
    move: Move | None = None
    card: Card | None = None
    half_suit: HalfSuit | None = None


def parse_command(line: str, setup: Setup, you: str) -> Command:
    """Read one line typed by ``you`` at the table; raise :class:`PromptError` when it means nothing."""
    if len(line) > MAX_LINE:
        raise PromptError(f"that line is {len(line)} characters long; a move is short, as in 'Bob 6D'")
    text = " ".join(line.split())
    if not text:
        return Command(Word.EMPTY)
    head, _, rest = text.partition(" ")
    word = WORDS.get(head.lower())
    try:
        if word in (Word.HISTORY, Word.ODDS):
            return _about(word, rest)
        if word is not None:
            if rest and word not in (Word.QUIT, Word.HELP):
                raise PromptError(f"'{head}' takes nothing after it")
            return Command(word)
        if head.lower() == "claim":
            return Command(Word.MOVE, _claim(rest, setup, you))
        if head.lower() == "pass":
            return Command(Word.MOVE, PassTo(_player(re.sub(r"^(?:the\s+turn\s+)?to\s+", "", rest, flags=re.I), setup)))
        if head.lower() == "ask":
            head, _, rest = rest.partition(" ")
        return Command(Word.MOVE, _ask(head, rest, setup))
    except (NotationError, AnswerError) as error:
        raise PromptError(error.message) from None


def _about(word: Word, rest: str) -> Command:
    if word is Word.ODDS:
        if not rest:
            raise PromptError("name a card, as in 'odds 6D'")
        return Command(Word.ODDS, card=Card.parse(rest))
    return Command(Word.HISTORY, half_suit=HalfSuit.parse(rest) if rest else None)


def _player(word: str, setup: Setup) -> str:
    names = {p.lower(): p for p in setup.players}
    name = names.get(word.strip().lower())
    if name is None:
        what = f"{word.strip()!r} is not at the table" if word.strip() else "name a player"
        raise PromptError(f"{what} (players: {' '.join(setup.players)})")
    return name


def _ask(head: str, rest: str, setup: Setup) -> AskFor:
    names = {p.lower() for p in setup.players}
    if head.lower() not in names:
        if not rest:
            raise PromptError(f"unknown command {head!r}: type a move such as 'Bob 6D', or 'help'")
        raise PromptError(f"{head!r} is not at the table (players: {' '.join(setup.players)})")
    card = re.sub(r"^for\s+", "", rest, flags=re.IGNORECASE).strip()
    if not card:
        raise PromptError(f"name the card to ask {_player(head, setup)} for, as in '{_player(head, setup)} 6D'")
    if " " in card:
        raise PromptError(f"ask for one card at a time, as in '{_player(head, setup)} {card.split()[0]}'")
    try:
        return AskFor(_player(head, setup), Card.parse(card))
    except NotationError:
        raise PromptError(f"{card!r} is not a card (cards look like 6D, 10S, QH)") from None


def _claim(rest: str, setup: Setup, you: str) -> ClaimSet:
    if ":" in rest:
        name, _, holders = rest.partition(":")
    else:
        name, _, holders = rest.partition(" ")
    if not name.strip():
        raise PromptError("name the set, as in 'claim LD: Ann 2D 3D, Cat 4D 5D 6D 7D'")
    half = HalfSuit.parse(name)
    if half not in setup.variant.half_suits:
        raise PromptError(f"{half} is not a set in {setup.variant.value}")
    team = setup.members(setup.team(you))
    mate = next((p for p in team if p != you), you)
    cards = half.cards
    example = f"'claim {half}: {you} {' '.join(map(str, cards[:3]))}, {mate} {' '.join(map(str, cards[3:]))}'"
    declared = read_holders(holders, setup.players, cards, example, f"the set {half}: {' '.join(map(str, cards))}",
                            team=team)
    return ClaimSet.of(half, declared)
