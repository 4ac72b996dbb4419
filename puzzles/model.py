"""The puzzle record: one moment of a game where the viewer can prove one answer.

A record is plain JSON (schema version :data:`SCHEMA_VERSION`, documented in
``docs/puzzle-format.md``); :class:`Puzzle` is its typed form::

    >>> puzzle = Puzzle.create(
    ...     variant="classic", viewer="Ann",
    ...     log="variant: classic\\nplayers: Ann Bob Cat Dan Eve Fay\\ndealer: Cat\\n"
    ...         "hand Ann: 2D 3D 4D 5D 7D 9S JS KH\\nCat asks Bob for 3D: no\\n",
    ...     question=Question.locate(["6D"]), answer={"6D": "Cat"},
    ...     difficulty=Difficulty(3, "ask inference", 3.5), techniques=["ask inference"])
    >>> puzzle.id
    'p-f62cbeecd20d'
    >>> Puzzle.from_json(puzzle.to_json()) == puzzle
    True
    >>> puzzle.question.kind, puzzle.asked
    ('locate', (Card.parse('6D'),))

The ``id`` is derived from the content that defines the puzzle (variant,
viewer, log, question and answer), so the same puzzle always gets the same id
and rating or explaining it again does not change it.

Reading a record never guesses: a missing or wrong field raises
:class:`PuzzleFormatError` saying what is wrong (:mod:`puzzles.files` reads and
writes whole files and names the file and the puzzle).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from trainer.explain.rungs import RUNGS
from trainer.explain.said import Said
from trainer.game.cards import Card, HalfSuit
from trainer.game.errors import LiteratureError, NotationError
from trainer.game.notation import Game, parse_game
from trainer.game.state import State
from trainer.game.variants import Variant

SCHEMA_VERSION = 1
"""Version of the record format; bump it when a field changes meaning."""

MAX_SCORE = 1000.0
"""The largest ``difficulty.score`` a record may give (the built-in pack's run from about 2 to 17)."""

KINDS = ("locate", "claim", "certain")
"""Question kinds: who holds these cards; claim this set; which cards of this set are certain."""

LEVELS = range(1, 7)
"""A puzzle's levels, 1 (elimination) to 6 (case analysis): the lowest rung of the ladder whose techniques
solve it (:mod:`puzzles.ladder`); a memory claim is a recall drill, level 0, outside them."""

RECALL = "recall"
"""The difficulty name of a memory claim: every card was seen, the claim is a recall drill, not a deduction."""

LEVEL_NAMES = {0: "recall", **RUNGS}
"""Each level's name: the mode of reasoning that decides it (:mod:`puzzles.ladder`); 0 is the recall drill."""

RECALL_LEVEL = 0
"""The level of a recall drill: outside the ladder of deductions (:data:`LEVELS`)."""


class PuzzleFormatError(LiteratureError):
    """A puzzle file or record that does not follow the schema."""


# -- parts of a record ---------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """What the learner is asked.

    ``locate``: who holds each of ``cards``; ``claim``: name the holder of all six
    cards of ``half_suit``; ``certain``: which cards of ``half_suit`` can be placed
    for certain (the answer maps exactly those cards to their holders).

    >>> Question.claim("LD").to_json()
    {'kind': 'claim', 'set': 'LD'}
    >>> Question.from_json({"kind": "locate", "cards": ["6d", "T♠"]}).cards
    (Card.parse('6D'), Card.parse('10S'))
    """

    kind: str
    cards: tuple[Card, ...] = ()
    half_suit: HalfSuit | None = None

    @classmethod
    def locate(cls, cards: Iterable[Card | str]) -> Question:
        """Who holds each of these cards?"""
        return cls("locate", tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards))

    @classmethod
    def claim(cls, half_suit: HalfSuit | str) -> Question:
        """Make the claim for this set."""
        half = half_suit if isinstance(half_suit, HalfSuit) else HalfSuit.parse(half_suit)
        return cls("claim", half_suit=half)

    @classmethod
    def certain(cls, half_suit: HalfSuit | str) -> Question:
        """Which cards of this set can be placed for certain, and with whom?"""
        half = half_suit if isinstance(half_suit, HalfSuit) else HalfSuit.parse(half_suit)
        return cls("certain", half_suit=half)

    @property
    def scope(self) -> tuple[Card, ...]:
        """The cards an answer may name: the asked cards, or the set's six."""
        if self.half_suit is not None:
            return self.half_suit.cards
        return self.cards

    def to_json(self) -> dict[str, Any]:
        """The question as a JSON object."""
        if self.kind == "locate":
            return {"kind": "locate", "cards": [str(c) for c in self.cards]}
        assert self.half_suit is not None
        return {"kind": self.kind, "set": self.half_suit.code}

    @classmethod
    def from_json(cls, data: object) -> Question:
        """Read a question object; raise :class:`PuzzleFormatError` when it is malformed."""
        obj = _object(data, "question")
        kind = obj.get("kind")
        if kind not in KINDS:
            raise PuzzleFormatError(f"question.kind must be one of {', '.join(KINDS)}, not {kind!r}")
        try:
            if kind == "locate":
                cards = obj.get("cards")
                if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
                    raise PuzzleFormatError("question.cards must be a non-empty list of cards such as \"6D\"")
                parsed = tuple(Card.parse(c) for c in cards)
                if len(set(parsed)) != len(parsed):
                    raise PuzzleFormatError("question.cards names a card twice")
                return cls("locate", parsed)
            half = obj.get("set")
            if not isinstance(half, str):
                raise PuzzleFormatError(f"question.set must be a set such as \"LD\" for a {kind} question")
            return cls(kind, half_suit=HalfSuit.parse(half))
        except NotationError as error:
            raise PuzzleFormatError(f"question: {error.message}") from None


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's difficulty: its level (one of :data:`LEVELS`), the name of its hardest technique (or
    ``first step``, ``recall``), and a score that orders puzzles of one level by effort."""

    level: int
    name: str
    score: float

    def to_json(self) -> dict[str, Any]:
        """The difficulty as a JSON object."""
        return {"level": self.level, "name": self.name, "score": self.score}

    @classmethod
    def from_json(cls, data: object) -> Difficulty:
        """Read a difficulty object."""
        obj = _object(data, "difficulty")
        level, name, score = obj.get("level"), obj.get("name"), obj.get("score")
        if not isinstance(name, str):
            raise PuzzleFormatError("difficulty.name must be a string")
        if not isinstance(level, int) or isinstance(level, bool) or not (
                level in LEVELS or (level == RECALL_LEVEL and name == RECALL)):
            raise PuzzleFormatError(f"difficulty.level must be an integer from 1 to 6 (0 for a recall drill), "
                                    f"not {level!r}")
        if not isinstance(score, int | float) or isinstance(score, bool):
            raise PuzzleFormatError("difficulty.score must be a number")
        if not 0 <= score <= MAX_SCORE:  # False for NaN too
            raise PuzzleFormatError(f"difficulty.score must be a number from 0 to {MAX_SCORE:g}, not {_number(score)}")
        return cls(level, name, float(score))


@dataclass(frozen=True)
class Step:
    """One step of the explanation, as the explainer writes it: its sentences as parts (:class:`Said`: text,
    cards and sets kept as values), its rung on the ladder and the moves it rests on.

    ``said`` is the full sentence; ``nudge_said`` and ``clue_said`` are the shallower
    renderings used as hints (optional). ``text``, ``nudge`` and ``clue`` are their plain
    text. ``rung`` is the step's rung (:data:`LEVEL_NAMES`, 1 elimination … 6 case analysis;
    ``None`` for a closing note) and ``technique`` the rung's name; ``kind`` says what the step
    does (the explainer's technique: ``seen``, ``elimination``, ``ask inference``, ``hand counting``,
    ``shared asks``, ``case analysis``). Unknown keys are kept in ``extra`` and written back.

    >>> step = Step.from_json({"technique": "ask history", "rung": 3, "text": ["Cat holds ", {"card": "6D"}, "."],
    ...                        "events": [1]})
    >>> step.text, step.said.cards(), step.to_json()["text"]
    ('Cat holds 6D.', (Card.parse('6D'),), ['Cat holds ', {'card': '6D'}, '.'])
    """

    technique: str
    said: Said
    facts: tuple[Mapping[str, Any], ...] = ()
    events: tuple[int, ...] = ()
    uses_steps: tuple[int, ...] = ()
    nudge_said: Said | None = None
    clue_said: Said | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    rung: int | None = None
    kind: str = ""

    def __post_init__(self) -> None:
        for name in ("said", "nudge_said", "clue_said"):
            value = getattr(self, name)
            if isinstance(value, str):  # a plain sentence: one text part (no card is looked for in it)
                object.__setattr__(self, name, Said.of(value))

    @property
    def text(self) -> str:
        """The full sentence as plain text."""
        return str(self.said)

    @property
    def nudge(self) -> str | None:
        """The nudge as plain text."""
        return None if self.nudge_said is None else str(self.nudge_said)

    @property
    def clue(self) -> str | None:
        """The clue as plain text."""
        return None if self.clue_said is None else str(self.clue_said)

    def to_json(self) -> dict[str, Any]:
        """The step as a JSON object (optional fields only when set); sentences as lists of parts."""
        out: dict[str, Any] = dict(self.extra)
        out |= {
            "technique": self.technique,
            "text": self.said.to_json(),
            "facts": [dict(f) for f in self.facts],
            "events": list(self.events),
            "uses_steps": list(self.uses_steps),
        }
        if self.rung is not None:
            out["rung"] = self.rung
        if self.kind:
            out["kind"] = self.kind
        if self.nudge_said is not None:
            out["nudge"] = self.nudge_said.to_json()
        if self.clue_said is not None:
            out["clue"] = self.clue_said.to_json()
        return out

    @classmethod
    def from_json(cls, data: object) -> Step:
        """Read a step object (a bare string is accepted as a step's text; a sentence is a string or a list
        of parts: strings, ``{"card": "4S"}``, ``{"set": "LS"}``)."""
        if isinstance(data, str):
            return cls("", Said.of(data))
        obj = _object(data, "explanation step")
        technique = obj.get("technique", "")
        if not isinstance(technique, str):
            raise PuzzleFormatError("an explanation step's 'technique' must be a string")
        text, nudge, clue = (_sentence(obj.get(key), key) for key in ("text", "nudge", "clue"))
        if text is None:
            raise PuzzleFormatError("an explanation step needs a 'text' (a string or a list of parts)")
        facts = obj.get("facts", [])
        events = obj.get("events", [])
        uses = obj.get("uses_steps", [])
        if not isinstance(facts, list) or not all(isinstance(f, dict) for f in facts):
            raise PuzzleFormatError("an explanation step's 'facts' must be a list of objects")
        for name, value in (("events", events), ("uses_steps", uses)):
            if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1
                                                      for n in value):
                raise PuzzleFormatError(f"an explanation step's {name!r} must be a list of numbers from 1 up")
        rung = obj.get("rung")
        if rung is not None and (not isinstance(rung, int) or isinstance(rung, bool) or rung not in RUNGS):
            raise PuzzleFormatError("an explanation step's 'rung' must be a number from 1 to 6")
        kind = obj.get("kind", "")
        if not isinstance(kind, str):
            raise PuzzleFormatError("an explanation step's 'kind' must be a string")
        known = {"technique", "text", "facts", "events", "uses_steps", "nudge", "clue", "rung", "kind"}
        extra = {k: v for k, v in obj.items() if k not in known}
        return cls(technique, text, tuple(facts), tuple(events), tuple(uses), nudge, clue, extra, rung, kind)


class Steps(Sequence[Step]):
    """A record's explanation, its steps read from JSON the first time one is looked at.

    The built-in pack's 5,181 records hold about 20,000 steps, and a training
    session shows the steps of the few puzzles it serves: :meth:`Puzzle.from_json`
    with ``trusted=True`` (the built-in pack only, which the tests read in full)
    keeps them as JSON until then. Anything else reads them at once.

    >>> raw = {"technique": "seen", "text": ["Cat holds ", {"card": "6D"}, "."]}
    >>> steps = Steps([raw])
    >>> len(steps), steps[0].text, steps == (Step.from_json(raw),)
    (1, 'Cat holds 6D.', True)
    """

    __slots__ = ("_raw", "_steps")

    def __init__(self, raw: list[Any]) -> None:
        self._raw = raw
        self._steps: tuple[Step, ...] | None = None

    def _read(self) -> tuple[Step, ...]:
        if self._steps is None:
            self._steps = tuple(Step.from_json(s) for s in self._raw)
        return self._steps

    def __getitem__(self, index: Any) -> Any:
        return self._read()[index]

    def __len__(self) -> int:
        return len(self._raw)

    def __iter__(self) -> Any:
        return iter(self._read())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(self._read())

    def __repr__(self) -> str:
        return repr(self._read())

    def __getstate__(self) -> tuple[list[Any], tuple[Step, ...] | None]:
        return self._raw, self._steps

    def __setstate__(self, state: tuple[list[Any], tuple[Step, ...] | None]) -> None:
        self._raw, self._steps = state


def _sentence(value: object, key: str) -> Said | None:
    """A step's sentence: a string (plain text) or a list of parts; ``None`` when absent."""
    if value is None:
        return None
    try:
        return Said.from_json(value)
    except NotationError as error:
        raise PuzzleFormatError(f"an explanation step's {key!r}: {error}") from None


# -- the record ----------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """One puzzle record. Build new ones with :meth:`create` (it computes the id)."""

    id: str
    variant: Variant
    viewer: str
    log: str
    question: Question
    answer: Mapping[Card, str]
    difficulty: Difficulty
    techniques: tuple[str, ...] = ()
    explanation: Sequence[Step] = ()
    """The steps (a tuple, or :class:`Steps` read when first looked at)."""
    source: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def create(
        cls,
        *,
        variant: Variant | str,
        viewer: str,
        log: str,
        question: Question,
        answer: Mapping[Card, str] | Mapping[str, str],
        difficulty: Difficulty,
        techniques: Sequence[str] = (),
        explanation: Sequence[Step | Mapping[str, Any]] = (),
        source: Mapping[str, Any] | None = None,
        id: str | None = None,
    ) -> Puzzle:
        """Build a record, computing the id from its content unless one is given."""
        cards = {(c if isinstance(c, Card) else Card.parse(c)): p for c, p in answer.items()}
        ordered = dict(sorted(cards.items()))
        steps = (explanation if isinstance(explanation, Steps)
                 else tuple(s if isinstance(s, Step) else Step.from_json(s) for s in explanation))
        v = variant if isinstance(variant, Variant) else Variant.parse(variant)
        pid = id or content_id(v, viewer, log, question, ordered)
        return cls(pid, v, viewer, log, question, ordered, difficulty, tuple(techniques), steps, dict(source or {}))

    def __hash__(self) -> int:
        return hash(self.id)

    # -- derived views ----------------------------------------------------------

    @cached_property
    def game(self) -> Game:
        """The history, parsed (the viewer's dealt hand is listed in it)."""
        return parse_game(self.log, path=f"puzzle {self.id}")

    @cached_property
    def state(self) -> State:
        """The position the question is asked in."""
        return self.game.state()

    @property
    def players(self) -> tuple[str, ...]:
        """The seats, read from the log's ``players:`` line without replaying it."""
        return _players_of(self.log)

    @property
    def team(self) -> tuple[str, ...]:
        """The viewer's team (seats 1, 3, 5... or 2, 4, 6...), the viewer included."""
        seats = self.players
        start = seats.index(self.viewer) % 2
        return seats[start::2]

    @property
    def level(self) -> int:
        """Shortcut for ``difficulty.level``."""
        return self.difficulty.level

    # -- the question from the learner's side --------------------------------------

    @cached_property
    def own_cards(self) -> frozenset[Card]:
        """The cards in the viewer's hand when the question is asked (in plain sight)."""
        return frozenset(self.state.hands.get(self.viewer, ()))

    @property
    def asked(self) -> tuple[Card, ...]:
        """The cards the learner has to decide about.

        A ``certain`` question is about the cards of the set outside the viewer's
        hand (their own cards are in plain sight); the others ask about every card
        of their scope (a claim names all six, as in the game).

        >>> from puzzles.examples import example_certain
        >>> " ".join(str(c) for c in example_certain().asked)
        '6D'
        """
        if self.question.kind == "certain":
            own = self.own_cards
            return tuple(c for c in self.question.scope if c not in own)
        return self.question.scope

    @property
    def expected(self) -> Mapping[Card, str]:
        """The answer the learner must give: :attr:`answer` restricted to :attr:`asked`."""
        asked = set(self.asked)
        return {c: p for c, p in self.answer.items() if c in asked}

    # -- JSON -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object, fields in schema order."""
        return {
            "schema": SCHEMA_VERSION,
            "id": self.id,
            "variant": self.variant.value,
            "viewer": self.viewer,
            "log": self.log,
            "question": self.question.to_json(),
            "answer": {str(c): p for c, p in self.answer.items()},
            "difficulty": self.difficulty.to_json(),
            "techniques": list(self.techniques),
            "explanation": [s.to_json() for s in self.explanation],
            "source": dict(self.source),
        }

    @classmethod
    def from_json(cls, data: object, trusted: bool = False) -> Puzzle:
        """Read and check a record (cheap checks only; :meth:`validate` replays the log).

        ``trusted``: a record of the built-in pack (which the tests read in full
        without it): its nesting and numbers are not walked, and its steps are read
        when first looked at (:class:`Steps`).
        """
        obj = _object(data, "puzzle")
        plain = trusted or _plain(obj)  # one quick walk; the slower ones below only name what is wrong
        if not plain and _too_deep(obj):
            raise PuzzleFormatError(f"the record is nested deeper than {MAX_DEPTH} levels; no puzzle needs that")
        check_schema(obj.get("schema", SCHEMA_VERSION))
        where = None if plain else _not_finite(obj)
        if where is not None:
            raise PuzzleFormatError(f"{where[0]} is {where[1]}: every number in a record must be finite")
        for key in ("variant", "viewer", "log", "question", "answer", "difficulty"):
            if key not in obj:
                raise PuzzleFormatError(f"missing field {key!r}")
        variant, viewer, log = obj["variant"], obj["viewer"], obj["log"]
        if not isinstance(variant, str) or not isinstance(viewer, str) or not isinstance(log, str):
            raise PuzzleFormatError("'variant', 'viewer' and 'log' must be strings")
        try:
            v = Variant.parse(variant)
        except NotationError as error:
            raise PuzzleFormatError(error.message) from None
        question = Question.from_json(obj["question"])
        answer_obj = _object(obj["answer"], "answer")
        answer: dict[Card, str] = {}
        for code, player in answer_obj.items():
            if not isinstance(player, str):
                raise PuzzleFormatError(f"answer for {code!r} must be a player name")
            try:
                answer[Card.parse(code)] = player
            except NotationError as error:
                raise PuzzleFormatError(f"answer: {error.message}") from None
        techniques = obj.get("techniques", [])
        if not isinstance(techniques, list) or not all(isinstance(t, str) for t in techniques):
            raise PuzzleFormatError("'techniques' must be a list of names")
        steps = obj.get("explanation", [])
        if not isinstance(steps, list):
            raise PuzzleFormatError("'explanation' must be a list of steps")
        source = obj.get("source", {})
        if not isinstance(source, dict):
            raise PuzzleFormatError("'source' must be an object")
        puzzle = cls.create(
            variant=v,
            viewer=viewer,
            log=log,
            question=question,
            answer=answer,
            difficulty=Difficulty.from_json(obj["difficulty"]),
            techniques=techniques,
            explanation=Steps(steps) if trusted else [Step.from_json(s) for s in steps],
            source=source,
            id=_id_field(obj.get("id")),
        )
        puzzle.check()
        return puzzle

    def check(self) -> None:
        """Cheap consistency checks that need no replay of the log."""
        players = self.players
        header = re.search(r"^\s*variant\s*:\s*(\S+)", self.log, re.IGNORECASE | re.MULTILINE)
        if header is None or header.group(1).lower() != self.variant.value:
            raise PuzzleFormatError(f"the log's 'variant:' line does not say {self.variant.value}")
        if self.viewer not in players:
            raise PuzzleFormatError(f"viewer {self.viewer!r} is not at the table (players: {' '.join(players)})")
        for card in self.question.scope:
            if not self.variant.has(card):
                raise PuzzleFormatError(f"question names {card}, which is not in {self.variant.value}")
        if self.question.half_suit is not None and self.question.half_suit not in self.variant.half_suits:
            raise PuzzleFormatError(f"question names set {self.question.half_suit}, not in {self.variant.value}")
        for card, player in self.answer.items():
            if player not in players:
                raise PuzzleFormatError(f"answer gives {card} to {player!r}, who is not at the table")
            if card not in self.question.scope:
                raise PuzzleFormatError(f"answer names {card}, which the question does not ask about")
        expected = set(self.question.scope)
        if self.question.kind in ("locate", "claim") and set(self.answer) != expected:
            missing = " ".join(str(c) for c in sorted(expected - set(self.answer)))
            raise PuzzleFormatError(f"answer must give a holder for every asked card; missing: {missing}")
        if self.question.kind == "claim":
            team = self.team
            for card, player in self.answer.items():
                if player not in team:
                    raise PuzzleFormatError(
                        f"claim answer gives {card} to {player}, who is not on {self.viewer}'s team"
                    )

    def validate(self) -> None:
        """Full check: replay the log (the viewer's hand must be listed in it, and no other).

        Raises :class:`PuzzleFormatError` (or the notation's own error, located in
        the puzzle) when the record does not hold together.

        >>> from puzzles.examples import example_claim
        >>> from dataclasses import replace
        >>> puzzle = example_claim()
        >>> peek = puzzle.log.replace("dealer: Cat", "dealer: Cat\\nhand Bob: 9D TD JD QD KD AD 2C 3C")
        >>> replace(puzzle, log=peek).validate()
        Traceback (most recent call last):
        ...
        puzzles.model.PuzzleFormatError: its log lists Bob's hand (log line 4), but a puzzle's log lists only ...
        """
        self.check()
        game = self.game
        if self.viewer not in game.setup.hands:
            raise PuzzleFormatError(f"the log does not list the viewer's hand ('hand {self.viewer}: ...')")
        others = [p for p in game.setup.players if p in game.setup.hands and p != self.viewer]
        if others:
            line = _hand_line(self.log, others[0])
            at = f" (log line {line})" if line is not None else ""
            raise PuzzleFormatError(
                f"its log lists {others[0]}'s hand{at}, but a puzzle's log lists only the viewer's ({self.viewer}'s)"
            )


# -- ids and kinds of record ---------------------------------------------------------


def content_id(variant: Variant, viewer: str, log: str, question: Question, answer: Mapping[Card, str]) -> str:
    """The id of a puzzle: ``p-`` and 12 hex digits of a SHA-256 of its defining content.

    The log is normalised (comments, blank lines and spacing removed) first, so
    cosmetic edits keep the id.
    """
    canonical = {
        "variant": variant.value,
        "viewer": viewer,
        "log": _normalise_log(log),
        "question": question.to_json(),
        "answer": {str(c): p for c, p in sorted(answer.items())},
    }
    digest = hashlib.sha256(json.dumps(canonical, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return "p-" + digest[:12]


def is_recall(puzzle: Puzzle) -> bool:
    """Whether a puzzle is a memory claim (the recall drill) rather than a deduction."""
    return puzzle.difficulty.name == RECALL


MAX_DEPTH = 32
"""JSON nested deeper than this is refused (a record needs 5 levels)."""


def _plain(data: object) -> bool:
    """Whether ``data`` nests at most :data:`MAX_DEPTH` deep and holds only finite numbers: what
    :func:`_too_deep` and :func:`_not_finite` check, in one walk that builds no paths (a record
    that fails it is walked again by them, to say where).

    >>> _plain({"a": [1.5, {"b": 2}]}), _plain({"a": [float("nan")]}), _plain([[[]]] * 2)
    (True, False, True)
    """
    if not isinstance(data, dict | list):
        return not isinstance(data, float) or math.isfinite(data)
    stack: list[tuple[dict[Any, Any] | list[Any], int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
            elif isinstance(child, float) and not math.isfinite(child):
                return False
    return True


def _too_deep(data: object) -> bool:
    """Whether containers nest deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def check_schema(value: object) -> None:
    """Refuse any ``schema`` but the integer :data:`SCHEMA_VERSION` (``true`` and ``1.0`` are not it).

    >>> check_schema(1)
    >>> check_schema(True)
    Traceback (most recent call last):
    ...
    puzzles.model.PuzzleFormatError: schema true is not supported (this version reads schema 1)
    """
    if type(value) is not int or value != SCHEMA_VERSION:
        shown = json.dumps(value) if isinstance(value, bool | int | float | str | None) else type(value).__name__
        raise PuzzleFormatError(f"schema {shown} is not supported (this version reads schema {SCHEMA_VERSION})")


# -- helpers ----------------------------------------------------------------------


def _not_finite(data: object) -> tuple[str, str] | None:
    """Where the first number that is not finite sits (``difficulty.score``) and what it is, if any.

    ``NaN``, ``Infinity`` and numbers too large for a float (``1e400`` reads as infinity) are
    refused wherever they are: no field of a record needs them. Walked without recursion (the
    depth is checked first).
    """
    stack: list[tuple[object, str]] = [(data, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return where or "a value", _number(item)
        if isinstance(item, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k)) for k, v in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((v, f"{where}[{i}]") for i, v in reversed(list(enumerate(item))))
    return None


def _number(value: float) -> str:
    """A number as JSON would spell it (``NaN``, ``Infinity``; a too large one read as infinity)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "-Infinity (or too large)" if value < 0 else "Infinity (or too large)"
    return repr(value)


def _hand_line(log: str, player: str) -> int | None:
    """The line of ``log`` that lists ``player``'s hand."""
    pattern = re.compile(rf"^\s*hand\s+{re.escape(player)}\s*:", re.IGNORECASE)
    return next((n for n, line in enumerate(log.splitlines(), start=1) if pattern.match(line)), None)


def _object(data: object, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise PuzzleFormatError(f"{what} must be a JSON object, not {type(data).__name__}")
    return data


def _id_field(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise PuzzleFormatError("'id' must be a non-empty string")
    return value


def _normalise_log(log: str) -> str:
    lines = (" ".join(raw.split("#", 1)[0].split()) for raw in log.splitlines())
    return "\n".join(line for line in lines if line)


def _players_of(log: str) -> tuple[str, ...]:
    match = re.search(r"^\s*players\s*:\s*([^#\n]*)", log, re.IGNORECASE | re.MULTILINE)
    if match is None:
        raise PuzzleFormatError("the log has no 'players:' line")
    return tuple(match.group(1).split())
