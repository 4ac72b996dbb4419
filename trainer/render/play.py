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

from trainer.game.cards import HalfSuit
from trainer.game.events import Ask, Claim, Event
from trainer.game.state import SetStatus, State
from trainer.play.match import Match
from trainer.play.saved import SavedGame
from trainer.play.seat import Reply
from trainer.play.view import Role
from trainer.render.game import event_text, hand_text
from trainer.render.notes import note_sentence
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
    """Every set: dim while in play, then coloured by the team that won it (or struck out when cancelled)."""
    text = Text("Sets    ")
    for half, result in state.sets.items():
        if result.status is SetStatus.IN_PLAY:
            text.append(half.code, style="dim")
        elif result.status is SetStatus.CANCELLED:
            text.append(f"{half.code}✗", style="yellow")
        else:
            text.append(f"{half.code}:{result.team}", style="bold green" if result.team == 1 else "bold cyan")
        text.append(" ")
    return text


def turn_words(match: Match) -> str:
    """Whose move it is, in words, from the person's side."""
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
    return "Your move: ask (Bob 6D), claim (claim LD: ...), or help."


def table_view(match: Match, open_history: bool) -> Group:
    """The whole screen for the person's seat."""
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
    recent = state.events[-(RECENT if open_history else 1) :]
    first = len(state.events) - len(recent) + 1
    for number, event in enumerate(recent, start=first):
        label = "Last    " if number == first else "        "
        grid.add_row(Text.assemble((label, "bold"), (f"{number}. ", "dim"), event_text(event)))
    if not recent:
        grid.add_row(Text.assemble(("Last    ", "bold"), ("nothing yet: the dealer asks first", "dim")))
    return Group(Rule(title, style="dim"), grid, Text(turn_words(match), style="bold cyan"))


def show_table(match: Match, open_history: bool) -> None:
    """Print the screen."""
    console().print(table_view(match, open_history))


def show_events(events: Sequence[Event], you: str, auto: bool = False) -> None:
    """Print events as they happen, one line each (yours marked, ``auto`` ones as the expert's)."""
    for event in events:
        text = event_text(event)
        actor = event.asker if isinstance(event, Ask) else event.claimer if isinstance(event, Claim) else None
        if actor == you or (actor is None and getattr(event, "player", None) == you):
            text = Text.assemble(("you: " if not auto else "auto (expert) for you: ", "bold green"), text)
        console().print(text)


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
    """Print plain lines (messages, the coach's words)."""
    for line in lines:
        console().print(Text(line, style=style), soft_wrap=True)  # the terminal wraps; a path stays whole


def reply_lines(reply: Reply) -> tuple[str, ...]:
    """What a reply says: its lines, then the coach's words on each note of the move just played."""
    return (*reply.lines, *(f"Coach: {note_sentence(note)}" for note in reply.notes))


def show_result(match: Match, path: str) -> None:
    """The final score and winner, and where the game is saved."""
    state = match.state
    team = match.setup.team(match.you)
    mine, theirs = state.score[team], state.score[3 - team]
    if state.winner is None:
        verdict = f"A tie, {mine}-{theirs}."
    elif state.winner == team:
        verdict = f"Your team wins, {mine}-{theirs}."
    else:
        verdict = f"Your team loses, {mine}-{theirs}."
    console().print(Rule("Game over", style="dim"))
    console().print(Text(verdict, style="bold"))
    console().print(Text(f"Saved: {path}"), soft_wrap=True)


SEVERITY = ("lost-claim", "wrong-claim", "wasted-ask", "risky-claim", "safe-claim", "best-ask")
"""How bad each kind of note is, worst first."""


def worst_first(notes: Sequence[Note]) -> list[Note]:
    """Notes ordered worst first (then by move), as the end-of-game review lists them."""
    return sorted(notes, key=lambda n: (SEVERITY.index(n.kind.value), n.event))


def show_review(notes: Sequence[Note]) -> None:
    """The review of the person's own moves, worst first."""
    console().print(Rule("Your moves, reviewed (worst first)", style="dim"))
    if not notes:
        console().print(Text("Nothing to remark: every move was as good as your view allowed.", style="green"))
        return
    for note in worst_first(notes):
        console().print(Text.assemble((f"move {note.event}: ", "dim"), (f"{note.kind.value} ", "bold yellow"),
                                      note_sentence(note)))


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
