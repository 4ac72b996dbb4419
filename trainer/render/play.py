"""The table screen of ``literature play``, the moves as they happen, and the end of the game.

The screen shows what a player at the table sees: the teams with every hand
size and whose turn it is, the score and the sets claimed, your own hand
grouped by set, and the last events (only the last one with the coach off,
as at a real table where only the last question may be repeated). Colours
come from Rich, which honours ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from rich import box
from rich.console import Console, Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from trainer.explain.phrases import percent
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus, Setup, State
from trainer.play.ending import ClaimResult, Decided, Result, SeatEnding, SetOutcome, TurningPoint
from trainer.play.expert import ExpertWhy
from trainer.play.giveaway import GiveAway
from trainer.play.match import Match
from trainer.play.recap import Claimed, Missed, Recap, Took, by_set, claim_outcome
from trainer.play.saved import SavedGame
from trainer.play.seat import Advice, AdviceKind, Alert, Certain, Doubt, Notice, Reply, Surest
from trainer.play.seat_view import SeatView
from trainer.play.table_prompt import HELP, TERMINAL_HELP
from trainer.play.view import AskFor, ClaimSet, Move, Role
from trainer.render.game import card_text, event_text, hand_text
from trainer.render.notes import note_sentence
from trainer.render.phrases import event_words, names, placement_words
from trainer.render.words import Words, cards_words, fit
from trainer.review import Note, severity

RECENT = 5
"""Events the screen shows when the history is open (coach on, or --open-book)."""

_console: Console | None = None


def console() -> Console:
    """The console everything here prints to (made once, so it can be narrowed in tests)."""
    global _console
    if _console is None:
        _console = Console(highlight=False)
    return _console


def team_line(state: State, team: int, you: str) -> Text:
    """``Team 1  Ann 8 · Cat 7 ◀ · Eve 8   3 sets``: each player with their hand size; ◀ marks the turn."""
    setup = state.setup
    actors = state.actors()
    text = Text(f"Team {team}  ", style="bold green" if team == setup.team(you) else "bold cyan")
    for number, player in enumerate(setup.members(team)):
        if number:
            text.append(" · ")
        text.append(player + (" (you)" if player == you else ""), style="bold" if player in actors else "")
        text.append(f" {state.sizes[player]}")
        if player in actors:
            text.append(" ◀", style="bold cyan")
    won = state.score[team]
    text.append(f"   {won} set{'s' if won != 1 else ''}", style="bold")
    return text


def sets_line(state: State) -> Text:
    """Every set: dim while in play, then coloured by the team that won it (or struck out when cancelled); then
    the dealer."""
    text = Text("Sets    ")
    for half, result in state.sets.items():
        if result.status is SetStatus.IN_PLAY:
            text.append(half.code, style="dim")
        elif result.status is SetStatus.CANCELLED:
            text.append(f"{half.code}✗", style="yellow")
        else:
            text.append(f"{half.code}:{result.team}", style="bold green" if result.team == 1 else "bold cyan")
        text.append(" ")
    text.append(f"  dealer {state.setup.dealer}", style="dim")
    return text


def turn_sentence(state: State, you: str | None, seat: str, role: Role, offered: str | None = None) -> Words:
    """Whose move it is on ``state`` (``seat``, to ``role``), said to ``you`` (``None``: a spectator)."""
    return Words.of(_turn(state, you, seat, role, offered or "NAME CARD"))


def _turn(state: State, you: str | None, seat: str, role: Role, offered: str) -> str:
    if seat != you:
        return f"{seat} to {'claim' if role is Role.CLAIM else 'play'}."
    if role is Role.PASS and state.endgame:
        return "Your team is out of cards: choose the opponent who claims the rest (pass NAME)."
    if role is Role.PASS:
        return "Your turn, but you have no cards: pass the turn to a teammate (pass NAME)."
    if role is Role.CLAIM:
        return "Questions are over: claim a set (claim SET: NAME CARDS, ...)."
    if role is Role.PICK:
        return "Your team picks who plays: play yourself, or pass NAME."
    if state.handover_targets():
        return "Your move: ask, claim, or hand the turn to a teammate (pass NAME), or help."
    return f"Your move: ask ({offered}), claim (claim LD: ...), or help."


def view_turn(view: SeatView) -> Words:
    """Whose move it is, from the viewer of ``view`` (a spectator: whose, never "your"), with the ask offered as
    the example (:attr:`SeatView.offered`)."""
    if view.over or view.position is None or view.decider is None or view.role is None:
        return Words.of("Game over.")
    offered = f"{view.offered.target} {view.offered.card}" if view.offered is not None else None
    return turn_sentence(view.position, view.viewer, view.decider, view.role, offered)


def table_view(view: SeatView) -> Group:
    """The whole screen for the person's seat, from its view (:class:`~trainer.play.seat_view.SeatView`)."""
    state, setup, you = view.position, view.setup, view.viewer
    assert state is not None and setup is not None and you is not None
    coach = view.coach.value if view.coach is not None else "off"
    title = (f"{view.variant} {view.players}p · you: {you} · partners {view.partners}, opponents {view.bots} · "
             f"coach {coach}")
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    for team in (setup.team(you), 3 - setup.team(you)):
        grid.add_row(team_line(state, team, you))
    grid.add_row(sets_line(state))
    grid.add_row(Text.assemble(("Hand    ", "bold"), hand_text(view.hand) or Text("(no cards)", style="dim")))
    if view.recap is not None and not view.recap.empty:
        rows = recap_rows(view.recap, state)
        grid.add_row(rows[0])
        sets = Table.grid()  # (a long line wraps under its own text, not under the set)
        sets.add_column(no_wrap=True)
        sets.add_column()
        for row in rows[1:]:
            sets.add_row(*row.divide([6]))
        grid.add_row(sets)
    else:
        recent = view.events[-RECENT:]
        first = view.event_count - len(recent) + 1
        for number, event in enumerate(recent, start=first):
            label = "Last    " if number == first else "        "
            grid.add_row(Text.assemble((label, "bold"), (f"{number}. ", "dim"), event_text(event)))
        if not recent:
            grid.add_row(Text.assemble(("Last    ", "bold"), (f"nothing yet: {setup.dealer} deals and asks first",
                                                               "dim")))
    return Group(Rule(title, style="dim"), grid, Text(str(view_turn(view)), style="bold cyan"))


def recap_rows(summary: Recap, state: State) -> list[Text]:
    """The events since the person's last move, grouped by set (:func:`recap_lines`), for the terminal: the
    set first (``  HC  Fay took Q♣ from Ann; Ann asked Bob and Dan for 9♣: no``), cards with their suits."""
    lines = recap_lines(summary, state)
    rows = [Text.assemble(("Since   ", "bold"), (str(lines[0]).removeprefix("Since "), "dim"))]
    for line in lines[1:]:
        parts = list(line.parts)
        row = Text("  ")
        half = parts[0]
        if isinstance(half, HalfSuit):  # the set, then what changed in it
            row.append(f"{half.code:<4}", style="bold")
            parts.pop(0)
            parts[0] = str(parts[0]).removeprefix(": ")
        for part in parts:
            if isinstance(part, Card):
                row.append_text(card_text(part))
            else:
                row.append(str(part))
        rows.append(row)
    return rows


def _bit_words(state: State, bit: Took | Missed | Claimed) -> Words:
    if isinstance(bit, Claimed):
        return Words.of(f"{bit.who} claimed it ({claim_words(state, bit.claim, score=False)})")
    if isinstance(bit, Took):
        return Words.of(f"{bit.who} took ", bit.card, f" from {bit.whom[0]}")
    return Words.of(f"{bit.who} asked {names(bit.whom)} for ", bit.card, ": no")


def recap_lines(summary: Recap, state: State) -> tuple[Words, ...]:
    """The events since the person's last move in a few lines: one a set touched, what changed in it in order
    (who took which card from whom, who was asked for a card and had none, a claim and what it came to), then
    the passes; cards as values, for a page that draws the cards itself. Only the public events.

    >>> from trainer.game.notation import parse_game
    >>> game = parse_game('''variant: classic
    ... players: Ann Bob Cat Dan Eve Fay
    ... dealer: Ann
    ... Ann asks Bob for 3D: no
    ... Bob asks Cat for 2S: yes
    ... Bob asks Ann for 9S: no
    ... Ann asks Dan for 3D: no
    ... Dan asks Eve for 9S: no''')
    >>> from trainer.play.recap import recap
    >>> said = recap_lines(recap(game.setup, game.events, "Fay"), game.state())
    >>> [str(line) for line in said]  # doctest: +NORMALIZE_WHITESPACE
    ['Since your last move, 5 events (from 1), by set:',
     'LD: Ann asked Bob and Dan for 3D: no',
     'LS: Bob took 2S from Cat',
     'HS: Bob asked Ann for 9S: no; Dan asked Eve for 9S: no']
    >>> said[3].cards()
    (Card.parse('9S'), Card.parse('9S'))
    """
    count = sum(len(t.asks) or 1 for t in summary.turns)
    lines = [Words.of(f"Since your last move, {count} event{'s' if count != 1 else ''} (from {summary.first}), "
                      "by set:")]
    for news in by_set(summary):
        if news.half_suit is None:
            lines.append(Words.join("; ", (event_words(p) for p in news.passes)))
            continue
        said: list[Words] = []
        for index, bit in enumerate(news.bits):
            before = news.bits[index - 1] if index else None
            if isinstance(bit, Took) and isinstance(before, Took) and before.who == bit.who:
                said[-1] += Words.of(", ", bit.card, f" from {bit.whom[0]}")
            else:
                said.append(_bit_words(state, bit))
        lines.append(Words.of(news.half_suit, ": ", Words.join("; ", said)))
    return tuple(lines)


def claim_words(state: State, claim: Claim, score: bool = True) -> Words:
    """What a claim came to, in words: ``right: team 1 wins LD (score 1-0)`` (the score as ``state`` has it)."""
    outcome, team = claim_outcome(state, claim)
    half = claim.half_suit
    if not score:
        return Words.of(f"{outcome}: ", half, " is cancelled") if team is None else Words.of(
            f"{outcome}: team {team} wins it")
    scored = f"score {state.score[1]}-{state.score[2]}"
    if team is None:
        return Words.of(f"{outcome}: ", half, f" is cancelled ({scored})")
    return Words.of(f"{outcome}: team {team} wins ", half, f" ({scored})")


def show_table(view: SeatView) -> None:
    """Print the screen of the person's seat."""
    console().print(table_view(view))


def show_events(events: Sequence[Event], you: str, auto: bool = False, state: State | None = None) -> None:
    """Print events as they happen, one line each (yours marked, ``auto`` ones as the expert's); with the
    position after them (``state``), every claim's outcome is announced on the next line."""
    for event in events:
        text = event_text(event)
        actor = event.asker if isinstance(event, Ask) else event.claimer if isinstance(event, Claim) else None
        if actor == you or (actor is None and getattr(event, "player", None) == you):
            text = Text.assemble(("you: " if not auto else "auto (expert) for you: ", "bold green"), text)
        console().print(text)
        if isinstance(event, Claim) and state is not None:
            console().print(Text(str(claim_announcement(state, event, you)), style="bold"))


def claim_announcement(state: State, claim: Claim, you: str) -> Words:
    """A claim's outcome announced, once played on ``state``: ``Your claim of LD is right: team 1 wins LD (score
    1-0).`` (the terminal and the web say it)."""
    who = "Your claim" if claim.claimer == you else f"{claim.claimer}'s claim"
    return Words.of(f"{who} of ", claim.half_suit, " is ", claim_words(state, claim), ".")


def show_hand(view: SeatView) -> None:
    """Your hand, one set per line, with how many cards of each set you hold."""
    hand = view.hand
    if not hand:
        console().print(Text("You have no cards.", style="dim"))
        return
    halves = sorted({c.half_suit for c in hand})
    for half in halves:
        mine = [c for c in hand if c.half_suit is half]
        console().print(Text.assemble((f"{half.code:<3} ", "bold"), hand_text(mine), (f"  {len(mine)}/6", "dim")))


def show_history(view: SeatView, half: HalfSuit | None) -> None:
    """The numbered history the seat is shown (only the events about ``half``, when given)."""
    shown = 0
    for number, event in enumerate(view.events, start=view.event_count - len(view.events) + 1):
        if half is not None:
            card_set = event.card.half_suit if isinstance(event, Ask) else event.half_suit if isinstance(
                event, Claim) else None
            if card_set is not half:
                continue
        console().print(Text.assemble((f"{number:>4}. ", "dim"), event_text(event)))
        shown += 1
    if not shown:
        console().print(Text("No events" + (f" about {half}" if half else "") + " yet.", style="dim"))


def show_lines(lines: Sequence[str], style: str = "") -> None:
    """Print plain lines (messages, the coach's words): on a terminal wrapped at spaces to its width (a word
    longer than the width, a path, stays whole for the terminal to wrap, so it can be copied); elsewhere (a file,
    a pipe) each line whole."""
    out = console()
    for line in lines:
        for part in fit(line, out.width) if out.is_terminal else [line]:
            out.print(Text(part, style=style), soft_wrap=True)





PAGE_HELP = "Your hand, the table and the history are on the page all the time; the game is saved after every move."
"""What the web's help says instead of :data:`~trainer.play.table_prompt.TERMINAL_HELP`."""


def _help_line(typed: str, does: str) -> str:
    """A terminal's help line: what to type in a column of 28, then what it does (a longer line: 3 spaces)."""
    if not typed:
        return does
    return f"{typed:<28}{does}" if len(typed) < 28 else f"{typed}   {does}"


def said_words(reply: Reply, terminal: bool = False) -> tuple[Words, ...]:
    """What the seat says of a line (before the coach's notes): its refusal, notice, question, hint or odds;
    ``terminal``: the terminal's words where the faces differ (the help)."""
    if reply.message:
        return (Words.of(reply.message),)
    if reply.notice is not None:
        return notice_words(reply, terminal)
    if reply.doubt is not None:
        return (doubt_words(reply.doubt),)
    if reply.advice is not None:
        return (advice_words(reply.advice),)
    if reply.odds is not None:
        odds = reply.odds
        return (Words.of(odds.card, ": " + ", ".join(f"{p} {percent(f)}" for p, f in odds.chances.items())),)
    return ()


def notice_words(reply: Reply, terminal: bool = False) -> tuple[Words, ...]:
    """What the seat's notice says (``terminal``: the terminal's help, with the lines only it needs).

    >>> from trainer.play.seat import Notice, ReplyKind
    >>> [str(w) for w in notice_words(Reply(ReplyKind.INFO, notice=Notice.NOT_YOUR_MOVE))]
    ['It is not your move.']
    """
    notice = reply.notice
    match notice:
        case None:
            return ()
        case Notice.HELP:
            if terminal:
                return tuple(Words.of(_help_line(typed, does)) for typed, does in (*HELP, *TERMINAL_HELP))
            return (*(Words.of(typed, " — ", does) for typed, does in HELP), Words.of(PAGE_HELP))
        case Notice.HISTORY_CLOSED:
            last = event_words(reply.last) if reply.last is not None else Words.of("nothing yet")
            return (Words.of("At a real table only the last question and answer may be repeated: ", last,
                             ". (--open-book shows the whole history.)"),)
        case Notice.CLAIMED:
            if reply.card is None:
                return (Words.of("That set has been claimed."),)
            return (Words.of(reply.card.half_suit, " has been claimed: ", reply.card, " is out of the game."),)
        case Notice.EMPTY:
            return (Words.of("Your move: type a move such as 'Bob 6D', or 'help'."),)
        case Notice.NOTHING_TO_CONFIRM:
            return (Words.of("There is nothing to say yes to."),)
        case Notice.NOTHING_TO_REFUSE:
            return (Words.of("There is nothing to say no to."),)
        case Notice.NOT_PLAYED:
            return (Words.of("Not played."),)
        case Notice.NOT_YOUR_MOVE:
            return (Words.of("It is not your move."),)
        case Notice.ODDS_NEEDS_FULL:
            return (Words.of("odds needs the full coach (literature play --coach full)."),)
        case Notice.COACH_OFF:
            return (Words.of("The coach is off: no hints at a real table (--coach alert or full)."),)
        case _:
            assert_never(notice)


def doubt_words(doubt: Doubt) -> Words:
    """The coach's "are you sure?" before a move that cannot hit or may be wrong.

    >>> from fractions import Fraction
    >>> from trainer.game.cards import Card
    >>> str(doubt_words(Doubt("ask", Fraction(0), target="Bob", card=Card.parse("6D"))))
    'Coach: Bob cannot hold 6D (you could know it): the ask cannot hit. Ask anyway? (yes/no)'
    """
    if doubt.move == "ask":
        assert doubt.card is not None
        return Words.of(f"Coach: {doubt.target} cannot hold ", doubt.card, " (you could know it): the ask cannot "
                        "hit. Ask anyway? (yes/no)")
    return Words.of(f"Coach: this claim is right in {percent(doubt.chance)} of the deals you cannot rule out. "
                    "Claim anyway? (yes/no)")


def advice_words(advice: Advice) -> Words:
    """The coach's hint: ``Hint: claim LD: Ann 2D 3D 4D 5D 7D, Cat 6D (certain).``, and with the full coach what
    the expert would play instead, and why (:func:`expert_words`)."""
    said = hint_words(advice)
    if advice.expert is not None and advice.why is not None:
        said += Words.of(" ") + expert_words(advice.expert, advice.why)
    return said


def hint_words(advice: Advice) -> Words:
    """The coach's hint in one sentence (the best chance, a certain claim, whom to pass to, the surest set)."""
    kind = advice.kind
    match kind:
        case AdviceKind.CLAIM:
            assert advice.certain is not None
            half = advice.certain.half_suit
            return Words.of("Hint: claim ", half, ": ", placement_words(advice.certain.holders.items()),
                            " (certain).")
        case AdviceKind.PASS:
            return Words.of(f"Hint: you have no cards; pass to one of {', '.join(advice.mates)}.")
        case AdviceKind.SUREST:
            assert advice.surest is not None
            return Words.of("Hint: no ask is possible; ", surest_words(advice.surest))
        case AdviceKind.ASKS:
            listed = Words.join(", ", (Words.of(f"{t} ", c) for t, c in advice.asks[:4]))
            more = f" and {len(advice.asks) - 4} more" if len(advice.asks) > 4 else ""
            return Words.of(f"Hint: the best asks hit with chance {percent(advice.chance)}: ", listed, f"{more}.")
        case _:
            assert_never(kind)


def expert_words(move: Move, why: ExpertWhy) -> Words:
    """What the expert would play where it is not the best chance to hit, and why, in one sentence.

    >>> from fractions import Fraction
    >>> from trainer.game.cards import Card, HalfSuit
    >>> from trainer.play.view import AskFor
    >>> str(expert_words(AskFor("Bob", Card.parse("5D")), ExpertWhy("completes", Fraction(1, 2), Fraction(3, 4),
    ...                                                        HalfSuit.parse("LD"))))
    'The expert would ask Bob for 5D (chance 50%): a hit makes LD certain for your team, worth more than a hit at 75%.'
    """
    if isinstance(move, AskFor):
        alone = " by the rules alone" if why.reason == "signals" else ""
        did = Words.of(f"The expert would ask {move.target} for ", move.card, f" (chance {percent(why.chance)}{alone})")
    elif isinstance(move, ClaimSet):
        did = Words.of("The expert would claim ", move.half_suit, " first")
    else:
        did = Words.of(f"The expert would pass to {move.to}")
    if why.reason == "keep" and why.half_suit is not None:
        because = Words.of(": it keeps ", why.half_suit, " (the other team holds none of its cards, so nothing can "
                           "take it away) to claim when a partner has a better ask, and hand them the turn")
    elif why.reason == "handover":
        because = Words.of(f", to hand the turn to {why.mate}, whose best ask hits with chance {percent(why.better)} "
                           f"(yours: {percent(why.best)})")
    elif why.reason == "completes" and why.half_suit is not None:
        because = Words.of(": a hit makes ", why.half_suit, " certain for your team, worth more than a hit at "
                           f"{percent(why.best)}")
    elif why.reason == "signals":
        because = Words.of(": it reads the bots' signals (an expert or hard bot with partners asks only for a card "
                           f"next to one it holds), by which it hits with chance {percent(why.better)}")
    elif why.reason == "fair":
        because = Words.of(": the best chance would take a card from the same player a third time")
    else:
        because = Words.of(f": it weighs more than the chance to hit (best {percent(why.best)})")
    return did + because + Words.of(".")


def surest_words(surest: Surest) -> Words:
    """The set to claim when none is certain, by its exact chance, and the next surest."""
    half = surest.half_suit
    why = Words.of("claim ", half, ": ", placement_words(surest.declared.items()),
                   f", right in {percent(surest.chance)} of the deals you cannot rule out")
    if surest.next:
        why += Words.of("; the next surest: ", Words.join(", ", (Words.of(h, f" {percent(c)}")
                                                                for h, c in surest.next)))
    return Words.of("no set is certain; the one you are surest of is ", half, ": ", why, ".")


def alert_sentence(alert: Alert) -> Words:
    """One of the coach's alerts as the seat's turn begins."""
    if isinstance(alert, Certain):
        half = alert.half_suit
        return Words.of("Coach: your team can claim ", half, " with certainty: claim ", half, ": ",
                        placement_words(alert.holders.items()))
    return Words.of("Coach: ", surest_words(alert))


def reply_words(reply: Reply, terminal: bool = False) -> tuple[Words, ...]:
    """What a reply says, as sentences that keep their cards (the pages draw them with the ``words`` filter):
    what the seat says, then the coach's words on each note of the move just played and on what it gave away
    (``terminal``: :func:`said_words`)."""
    given = () if reply.given is None else (Words.of("Coach: ", given_words(reply.given)),)
    return (*said_words(reply, terminal), *(Words.of("Coach: ", note_sentence(note)) for note in reply.notes), *given)


def reply_lines(reply: Reply) -> tuple[str, ...]:
    """:func:`reply_words` as the terminal prints them."""
    return tuple(map(str, reply_words(reply, terminal=True)))


def alert_lines(alerts: Sequence[Alert]) -> tuple[str, ...]:
    """What the coach says as the seat's turn begins (:attr:`SeatView.alerts`), as the terminal prints it."""
    return tuple(str(alert_sentence(alert)) for alert in alerts)


def given_words(given: GiveAway) -> Words:
    """What an ask gave away, in one sentence.

    >>> from trainer.game.cards import Card
    >>> str(given_words(GiveAway("Ann", 3, (Card.parse("4D"),), (Card.parse("6D"), Card.parse("7D")))))
    'the table can now prove that you hold 4D and that you do not hold 6D 7D.'
    >>> str(given_words(GiveAway("Ann", 3)))
    'the table can prove nothing new about your hand.'
    """
    parts = []
    if given.held:
        parts.append(Words.of("that you hold ", cards_words(given.held)))
    if given.lacks:
        parts.append(Words.of("that you do not hold ", cards_words(given.lacks)))
    if not parts:
        return Words.of("the table can prove nothing new about your hand.")
    return Words.of("the table can now prove ", Words.join(" and ", parts), ".")


def result_words(result: Result) -> str:
    """The result of a game in one sentence, from the person's side (every face says it).

    >>> result_words(Result(0, 0, None)), result_words(Result(5, 3, True)), result_words(Result(3, 5, False))
    ('A tie, 0-0.', 'Your team wins, 5-3.', 'Your team loses, 3-5.')
    """
    if result.won is None:
        return f"A tie, {result.mine}-{result.theirs}."
    return f"Your team {'wins' if result.won else 'loses'}, {result.mine}-{result.theirs}."


def queued_words(queued: tuple[int, int] | None) -> str:
    """What the end says of the missed positions queued for training ('' when none was).

    >>> queued_words((2, 1))
    "2 positions you missed are now in your training queue (1 new): 'literature train' brings them back."
    """
    if not queued or not queued[0]:
        return ""
    missed, added = queued
    return (f"{missed} position{'s' if missed != 1 else ''} you missed {'are' if missed != 1 else 'is'} now in your "
            f"training queue ({added} new): 'literature train' brings them back.")


def giveaway_words(end: SeatEnding, setup: Setup) -> str:
    """What each player's asks gave away over the game, the person's team first."""
    team = setup.team(end.seat)
    order = [*setup.members(team), *setup.members(3 - team)]
    parts = [f"{p}{' (you)' if p == end.seat else ''} {end.given[p][0]}/{end.given[p][1]}" for p in order]
    return ("Given away by each player's asks (cards the table could then prove they held / did not hold): "
            + ", ".join(parts) + ".")


def show_ending(end: SeatEnding, match: Match, path: str) -> None:
    """The end of a game at the terminal: the result and where it is saved, what decided it, what each player's
    asks gave away, the review of the person's own moves and what was queued for training."""
    console().print(Rule("Game over", style="dim"))
    console().print(Text(result_words(end.result), style="bold"))
    console().print(Text(f"Saved: {path}"), soft_wrap=True)
    show_decided(match, end.decided)
    console().print(Text(giveaway_words(end, match.setup), style="dim"), soft_wrap=False)
    show_review(end.notes, lost=end.result.lost, own=end.own_moves, moves=end.moves)
    queued = queued_words(end.queued)
    if queued:
        show_lines((queued,), "bold")


def worst_first(notes: Sequence[Note]) -> list[Note]:
    """Notes ordered worst first (then by move), as the end-of-game review lists them."""
    return sorted(notes, key=lambda n: (severity(n.kind), n.event))


def show_decided(match: Match, decided: Decided) -> None:
    """The sets won and lost, and the moments that mattered most for the person's team."""
    def listed(results: Sequence[ClaimResult]) -> str:
        return " ".join(str(r.half_suit) for r in results) or "none"

    console().print(Text.assemble(("Won     ", "bold"), listed(decided.won())))
    console().print(Text.assemble(("Lost    ", "bold"), listed(decided.lost())))
    cancelled = [r for r in decided.sets if r.outcome is SetOutcome.CANCELLED]
    if cancelled:
        console().print(Text.assemble(("Void    ", "bold"), listed(cancelled)))
    if not decided.moments:
        return
    console().print(Text("What mattered most for your team:", style="bold"))
    for moment in decided.moments:
        show_lines([f"  move {moment.event}: {moment_words(moment, match.state)}"])


def moment_words(moment: TurningPoint, state: State | None) -> Words:
    """One moment that mattered, in a sentence."""
    if moment.note is not None:
        return note_sentence(moment.note)
    taken = moment.taken
    assert taken is not None
    half = taken.half_suit
    if moment.lost_cards:
        assert state is not None
        ask = state.events[moment.event - 1]
        assert isinstance(ask, Ask)
        times = "once" if moment.lost_cards == 1 else f"{moment.lost_cards} times"
        return Words.of(f"{ask.asker} took ", ask.card, f" from {ask.target}: the other team took a card of ", half,
                        f" from yours {times}, this first, before {taken.claimer} claimed it (move {taken.event}).")
    if taken.held:
        cards = f"{taken.held} of its cards" if taken.held != 1 else "one of its cards"
        return Words.of(f"{taken.claimer} claimed ", half, f" for the other team while your team still held {cards}.")
    return Words.of(f"{taken.claimer} claimed ", half, " for the other team: your team held none of its cards by "
                    "then.")


def quiet_review(lost: bool, own: int, moves: int = 1) -> tuple[str, str]:
    """What the review of the person's own moves says when it has no note (``own``: the moves they made
    themselves, not with ``auto``; ``moves``: all of their seat's), and its tone: ``good``, or ``alert`` after a
    loss or with nothing reviewed.

    >>> quiet_review(False, 0, 5)
    ('alert', "All your moves were auto's (the expert's): none of your own to review.")
    >>> quiet_review(False, 0, 0)[1]
    'The turn never came to you this game: no move of yours to review.'
    >>> quiet_review(False, 12, 12)[1]
    'Nothing to remark: each of your 12 moves was as good as your view allowed.'
    """
    if not moves:
        return "alert", "The turn never came to you this game: no move of yours to review."
    if not own:
        return "alert", "All your moves were auto's (the expert's): none of your own to review."
    if lost:
        return "alert", "The review finds no mistake in your own moves: the game turned on the moments above."
    each = "your move was" if own == 1 else f"each of your {own} moves was"
    return "good", f"Nothing to remark: {each} as good as your view allowed."


def show_review(notes: Sequence[Note], lost: bool = False, own: int = 1, moves: int = 1) -> None:
    """The review of the person's own moves, worst first (after a loss, never as if nothing mattered; ``own``:
    the moves they made themselves)."""
    console().print(Rule("Your moves, reviewed (worst first)", style="dim"))
    if not notes:
        tone, said = quiet_review(lost, own, moves)
        console().print(Text(said, style="green" if tone == "good" else "yellow"))
        return
    for note in worst_first(notes):
        console().print(Text.assemble((f"move {note.event}: ", "dim"), (f"{note.kind.value} ", "bold yellow"),
                                      str(note_sentence(note))))


def games_table(games: Sequence[SavedGame]) -> Table:
    """The saved games: date, table, result and file. The file name, which a user copies, is never cut: the
    other columns wrap to let the table fit the terminal (80 columns will do)."""
    folders = sorted({str(g.path.parent) for g in games})
    table = Table(title="Saved games", title_justify="left", caption=f"in {', '.join(folders)}",
                  caption_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("started", overflow="fold")
    table.add_column("table", overflow="fold")
    table.add_column("result", overflow="fold")
    table.add_column("file", no_wrap=True, min_width=max((len(g.path.name) for g in games), default=4))
    for game in games:
        if not game.variant:
            table.add_row("", "", Text(game.result, style="red"), game.path.name)
            continue
        where = f"{game.variant} {game.players}p v {game.opponents}"
        score = f" {game.score[0]}-{game.score[1]}"
        result = game.result + (score if game.over else f" ({game.events} events)")
        style = {"won": "bold green", "lost": "bold red"}.get(game.result, "")
        table.add_row(game.started[:16].replace("T", " "), where, Text(result, style=style), game.path.name)
    return table


def show_games(games: Sequence[SavedGame]) -> None:
    """Print the saved games (or say there are none)."""
    if not games:
        console().print("No saved games yet: start one with 'literature play'.")
        return
    console().print(games_table(games))
