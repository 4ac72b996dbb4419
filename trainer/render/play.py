"""The table screen of ``literature play``, the moves as they happen, and the end of the game.

The screen shows what a player at the table sees: the teams with every hand
size and whose turn it is, the score and the sets claimed, your own hand
grouped by set, and the last events (only the last one with the coach off,
as at a real table where only the last question may be repeated). Colours
come from Rich, which honours ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from trainer.explain.phrases import percent
from trainer.game.cards import Card, HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus, State
from trainer.play.ending import Decided, Moment, SetResult, verdict
from trainer.play.expert import Why
from trainer.play.giveaway import GiveAway
from trainer.play.match import Match
from trainer.play.recap import Claimed, Missed, Recap, Took, by_set, claim_outcome, recap
from trainer.play.saved import SavedGame
from trainer.play.seat import Advice, Alert, Certain, Doubt, Reply, Seat, Surest
from trainer.play.table_prompt import HELP, TERMINAL_HELP
from trainer.play.view import AskFor, ClaimSet, Move, Role
from trainer.render.game import card_text, event_text, hand_text
from trainer.render.notes import note_sentence
from trainer.render.phrases import event_words, names, placement_words
from trainer.render.words import Words, cards_words, fit
from trainer.review import Note

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


def turn_words(match: Match, offered: str | None = None) -> Words:
    """Whose move it is, in words, from the person's side; ``offered``: the ask given as the example (one that
    can hit, :meth:`trainer.play.table.Table.offered_ask`; without one, the form of an ask, never an ask the
    seat may not make).

    >>> from trainer.play.match import Match, Seating
    >>> match = Match.new(Seating(seed=3))
    >>> while match.decider()[0] != match.you: _ = match.bot_move()
    >>> str(turn_words(match))
    'Your move: ask (NAME CARD), claim (claim LD: ...), or help.'
    """
    return Words.of(_turn(match, offered or "NAME CARD"))


def _turn(match: Match, offered: str) -> str:
    state = match.state
    if state.over:
        return "Game over."
    seat, role = match.decider()
    if seat != match.you:
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


def table_view(match: Match, open_history: bool, offered: str | None = None) -> Group:
    """The whole screen for the person's seat; ``offered``: the example ask (:func:`turn_words`)."""
    state = match.state
    setup = match.setup
    you = match.you
    seating = match.seating
    title = (
        f"{setup.variant.value} {len(setup.players)}p · you: {you} · partners {seating.partners.value}, "
        f"opponents {seating.opponents.value} · coach {seating.coach.value}"
    )
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    for team in (setup.team(you), 3 - setup.team(you)):
        grid.add_row(team_line(state, team, you))
    grid.add_row(sets_line(state))
    grid.add_row(Text.assemble(("Hand    ", "bold"), hand_text(state.hands[you]) or Text("(no cards)", style="dim")))
    summary = recap(setup, state.events, you)
    if open_history and not summary.empty and match.decider()[0] == you:
        rows = recap_rows(summary, state)
        grid.add_row(rows[0])
        sets = Table.grid()  # (a long line wraps under its own text, not under the set)
        sets.add_column(no_wrap=True)
        sets.add_column()
        for row in rows[1:]:
            sets.add_row(*row.divide([6]))
        grid.add_row(sets)
    else:
        recent = state.events[-(RECENT if open_history else 1) :]
        first = len(state.events) - len(recent) + 1
        for number, event in enumerate(recent, start=first):
            label = "Last    " if number == first else "        "
            grid.add_row(Text.assemble((label, "bold"), (f"{number}. ", "dim"), event_text(event)))
        if not recent:
            grid.add_row(Text.assemble(("Last    ", "bold"), (f"nothing yet: {setup.dealer} deals and asks first",
                                                               "dim")))
    return Group(Rule(title, style="dim"), grid, Text(str(turn_words(match, offered)), style="bold cyan"))


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


def show_table(match: Match, open_history: bool, offered: str | None = None) -> None:
    """Print the screen (``offered``: the example ask)."""
    console().print(table_view(match, open_history, offered))


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


def show_hand(match: Match) -> None:
    """Your hand, one set per line, with how many cards of each set you hold."""
    hand = match.state.hands[match.you]
    if not hand:
        console().print(Text("You have no cards.", style="dim"))
        return
    halves = sorted({c.half_suit for c in hand})
    for half in halves:
        mine = [c for c in hand if c.half_suit is half]
        console().print(Text.assemble((f"{half.code:<3} ", "bold"), hand_text(mine), (f"  {len(mine)}/6", "dim")))


def show_history(match: Match, half: HalfSuit | None) -> None:
    """The numbered history (only the events about ``half``, when given)."""
    events = match.state.events
    shown = 0
    for number, event in enumerate(events, start=1):
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



NOTICES = {
    "empty": "Your move: type a move such as 'Bob 6D', or 'help'.",
    "nothing-to-confirm": "There is nothing to say yes to.",
    "nothing-to-refuse": "There is nothing to say no to.",
    "not-played": "Not played.",
    "not-your-move": "It is not your move.",
    "odds-needs-full": "odds needs the full coach (literature play --coach full).",
    "coach-off": "The coach is off: no hints at a real table (--coach alert or full).",
}
"""The seat's notices that need no value to say (:data:`trainer.play.seat.NOTICES`)."""


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
    notice = reply.notice
    if notice == "help" and terminal:
        return tuple(Words.of(_help_line(typed, does)) for typed, does in (*HELP, *TERMINAL_HELP))
    if notice == "help":
        return (*(Words.of(typed, " — ", does) for typed, does in HELP), Words.of(PAGE_HELP))
    if notice == "history-closed":
        last = event_words(reply.last) if reply.last is not None else Words.of("nothing yet")
        return (Words.of("At a real table only the last question and answer may be repeated: ", last,
                         ". (--open-book shows the whole history.)"),)
    if notice == "claimed" and reply.card is not None:
        return (Words.of(reply.card.half_suit, " has been claimed: ", reply.card, " is out of the game."),)
    if notice:
        return (Words.of(NOTICES[notice]),)
    if reply.doubt is not None:
        return (doubt_words(reply.doubt),)
    if reply.advice is not None:
        return (advice_words(reply.advice),)
    if reply.odds is not None:
        odds = reply.odds
        return (Words.of(odds.card, ": " + ", ".join(f"{p} {percent(f)}" for p, f in odds.chances.items())),)
    return ()


def doubt_words(doubt: Doubt) -> Words:
    """The coach's "are you sure?" before a move that cannot hit or may be wrong.

    >>> from fractions import Fraction
    >>> from trainer.game.cards import Card
    >>> str(doubt_words(Doubt("ask", Fraction(0), target="Bob", card=Card.parse("6D"))))
    'Coach: Bob cannot hold 6D (you could know it): the ask cannot hit. Ask anyway? (yes/no)'
    """
    if doubt.move == "ask" and doubt.card is not None:
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
    if advice.kind == "claim" and advice.certain is not None:
        half = advice.certain.half_suit
        return Words.of("Hint: claim ", half, ": ", placement_words(advice.certain.holders.items()), " (certain).")
    if advice.kind == "pass":
        return Words.of(f"Hint: you have no cards; pass to one of {', '.join(advice.mates)}.")
    if advice.kind == "surest" and advice.surest is not None:
        return Words.of("Hint: no ask is possible; ", surest_words(advice.surest))
    listed = Words.join(", ", (Words.of(f"{t} ", c) for t, c in advice.asks[:4]))
    more = f" and {len(advice.asks) - 4} more" if len(advice.asks) > 4 else ""
    return Words.of(f"Hint: the best asks hit with chance {percent(advice.chance)}: ", listed, f"{more}.")


def expert_words(move: Move, why: Why) -> Words:
    """What the expert would play where it is not the best chance to hit, and why, in one sentence.

    >>> from fractions import Fraction
    >>> from trainer.game.cards import Card, HalfSuit
    >>> from trainer.play.view import AskFor
    >>> str(expert_words(AskFor("Bob", Card.parse("5D")), Why("completes", Fraction(1, 2), Fraction(3, 4),
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


def alert_words(seat: Seat) -> tuple[Words, ...]:
    """What the coach says as the seat's turn begins (:meth:`Seat.alerts`), as sentences for the pages."""
    return tuple(alert_sentence(alert) for alert in seat.alerts())


def alert_lines(seat: Seat) -> tuple[str, ...]:
    """:func:`alert_words` as the terminal prints them."""
    return tuple(map(str, alert_words(seat)))


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


def show_result(match: Match, path: str) -> None:
    """The final score and winner, and where the game is saved."""
    console().print(Rule("Game over", style="dim"))
    console().print(Text(verdict(match), style="bold"))
    console().print(Text(f"Saved: {path}"), soft_wrap=True)


SEVERITY = ("lost-claim", "wrong-claim", "wasted-ask", "risky-claim", "safe-claim", "best-ask")
"""How bad each kind of note is, worst first."""


def worst_first(notes: Sequence[Note]) -> list[Note]:
    """Notes ordered worst first (then by move), as the end-of-game review lists them."""
    return sorted(notes, key=lambda n: (SEVERITY.index(n.kind.value), n.event))


def show_decided(match: Match, decided: Decided) -> None:
    """The sets won and lost, and the moments that mattered most for the person's team."""
    def listed(results: Sequence[SetResult]) -> str:
        return " ".join(str(r.half_suit) for r in results) or "none"

    console().print(Text.assemble(("Won     ", "bold"), listed(decided.won())))
    console().print(Text.assemble(("Lost    ", "bold"), listed(decided.lost())))
    cancelled = [r for r in decided.sets if r.outcome == "cancelled"]
    if cancelled:
        console().print(Text.assemble(("Void    ", "bold"), listed(cancelled)))
    if not decided.moments:
        return
    console().print(Text("What mattered most for your team:", style="bold"))
    for moment in decided.moments:
        show_lines([f"  move {moment.event}: {moment_words(match, moment)}"])


def moment_words(match: Match, moment: Moment) -> Words:
    """One moment that mattered, in a sentence."""
    if moment.note is not None:
        return note_sentence(moment.note)
    taken = moment.taken
    assert taken is not None
    half = taken.half_suit
    if moment.lost_cards:
        ask = match.state.events[moment.event - 1]
        assert isinstance(ask, Ask)
        times = "once" if moment.lost_cards == 1 else f"{moment.lost_cards} times"
        return Words.of(f"{ask.asker} took ", ask.card, f" from {ask.target}: the other team took a card of ", half,
                        f" from yours {times}, this first, before {taken.claimer} claimed it (move {taken.event}).")
    if taken.held:
        cards = f"{taken.held} of its cards" if taken.held != 1 else "one of its cards"
        return Words.of(f"{taken.claimer} claimed ", half, f" for the other team while your team still held {cards}.")
    return Words.of(f"{taken.claimer} claimed ", half, " for the other team: your team held none of its cards by "
                    "then.")


def show_given(counts: dict[str, tuple[int, int]], match: Match) -> None:
    """What each player's asks gave away over the game: the cards the table could then prove they held, and
    did not hold."""
    team = match.setup.team(match.you)
    order = [*match.setup.members(team), *match.setup.members(3 - team)]
    parts = [f"{p}{' (you)' if p == match.you else ''} {counts[p][0]}/{counts[p][1]}" for p in order]
    console().print(Text("Given away by each player's asks (cards the table could then prove they held / did not "
                         "hold): " + ", ".join(parts) + ".", style="dim"), soft_wrap=False)


def quiet_review(lost: bool, own: int) -> tuple[str, str]:
    """What the review of the person's own moves says when it has no note (``own``: the moves they made
    themselves, not with ``auto``), and its tone: ``good``, or ``alert`` after a loss or with nothing reviewed.

    >>> quiet_review(False, 0)
    ('alert', "All your moves were auto's (the expert's): none of your own to review.")
    >>> quiet_review(False, 12)[1]
    'Nothing to remark: each of your 12 moves was as good as your view allowed.'
    """
    if not own:
        return "alert", "All your moves were auto's (the expert's): none of your own to review."
    if lost:
        return "alert", "The review finds no mistake in your own moves: the game turned on the moments above."
    moves = "your move was" if own == 1 else f"each of your {own} moves was"
    return "good", f"Nothing to remark: {moves} as good as your view allowed."


def show_review(notes: Sequence[Note], lost: bool = False, own: int = 1) -> None:
    """The review of the person's own moves, worst first (after a loss, never as if nothing mattered; ``own``:
    the moves they made themselves)."""
    console().print(Rule("Your moves, reviewed (worst first)", style="dim"))
    if not notes:
        tone, said = quiet_review(lost, own)
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
