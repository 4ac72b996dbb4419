"""The views of a game log: ``literature check``'s summary line and ``literature show``'s Rich view.

The view of a position shows the table (seats, teams, hand sizes, the cards
known to be in each hand, suits coloured and sorted by set), the numbered
history with the source line of each event, the claimed sets with the score,
and whose turn it is. Colours come from Rich, which honours ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group
from rich.table import Table
from rich.text import Text

from trainer.game.cards import Card
from trainer.game.events import Ask, Claim, Event
from trainer.game.notation import Game
from trainer.game.state import SetStatus, State
from trainer.render.screen import stdout_console

SUIT_STYLES = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red", None: "bold magenta"}
HISTORY_LIMIT = 1000  # longer histories show their last events only


def card_text(card: Card) -> Text:
    """A card with its unicode suit: red for hearts and diamonds, magenta for jokers (every terminal view
    shows cards this way).

    >>> card_text(Card.parse("10H")).plain
    '10♥'
    """
    return Text(card.symbol, style=SUIT_STYLES[card.suit])


def hand_text(cards: Iterable[Card]) -> Text:
    """Cards sorted by set, a wider gap between sets (empty for no card: the caller says what that means).

    >>> from trainer.game.cards import parse_cards
    >>> hand_text(parse_cards("KH 2D 9S JS 3D")).plain
    '9♠ J♠  K♥  2♦ 3♦'
    """
    text = Text()
    previous: Card | None = None
    for card in sorted(cards):
        if previous is not None:
            text.append("  " if card.half_suit is not previous.half_suit else " ")
        text.append_text(card_text(card))
        previous = card
    return text


def turn_text(state: State) -> str:
    """Whose turn it is, or how the game ended.

    >>> from trainer.game.state import Setup
    >>> turn_text(State(Setup.create("classic", "Ann Bob Cat Dan Eve Fay".split(), dealer="Cat")))
    'Cat to play'
    """
    if state.over:
        winner = state.winner
        return "game over: a tie" if winner is None else f"game over: team {winner} wins"
    actors = " or ".join(sorted(state.actors()))
    handover = " or ".join(sorted(state.handover_targets()))
    if handover:
        handover = f" (or to pass the turn to {handover}: the stalemate breaker)"
    if state.endgame:
        return f"questions over, {actors} to claim{handover}"
    return f"{actors} to play{handover}"


def summary_line(game: Game) -> str:
    """One line about a game: variant, players, events, sets claimed, score, turn.

    >>> from trainer.game.notation import parse_game
    >>> summary_line(parse_game("variant: classic\\nplayers: A B C D E F\\nA asks B for 2S: no",
    ...     path="g.lit"))
    'g.lit: classic, 6 players, 1 event, 0/8 sets claimed, score 0-0, B to play'
    """
    state = game.state()
    claimed = sum(r.status is not SetStatus.IN_PLAY for r in state.sets.values())
    score = state.score
    n = len(game.events)
    if state.over:
        winner = state.winner
        ending = "tie" if winner is None else f"team {winner} wins"
    elif state.endgame:
        ending = "questions over, claims remain"
    else:
        ending = f"{' or '.join(sorted(state.actors()))} to play"
    return (
        f"{game.path or '<game>'}: {game.setup.variant.value}, {len(game.setup.players)} players, "
        f"{n} event{'s' if n != 1 else ''}, {claimed}/{len(state.sets)} sets claimed, "
        f"score {score[1]}-{score[2]}, {ending}"
    )


def known_cards(state: State, player: str) -> frozenset[Card]:
    """The cards known to be in ``player``'s hand now: a listed hand, or the cards they won in hits."""
    if player in state.hands:
        return frozenset(state.hands[player])
    return frozenset(card for card, holder in state.located.items() if holder == player)


def seats_table(state: State) -> Table:
    """Seats in order with team, hand size and the cards known in each hand."""
    setup = state.setup
    table = Table(title="Table", title_justify="left", expand=False)
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("team", justify="right")
    table.add_column("cards", justify="right")
    table.add_column("known cards")
    actors = state.actors()
    for seat, player in enumerate(setup.players, start=1):
        known = known_cards(state, player)
        size = state.sizes[player]
        hand = hand_text(known)
        if player in state.hands:
            hand.append(("  " if known else "") + "(listed)", style="dim")
        elif size > len(known):
            hand.append(("  " if known else "") + f"+{size - len(known)} unknown", style="dim")
        marks = [p for p in (" (dealer)" if player == setup.dealer else "", " ◀" if player in actors else "") if p]
        name = Text(player, style="bold" if player in actors else "")
        for mark in marks:
            name.append(mark, style="dim" if "dealer" in mark else "bold cyan")
        table.add_row(str(seat), name, str(setup.team(player)), str(size), hand)
    return table


def sets_table(state: State) -> Table:
    """Every set with its status; the score in the caption."""
    table = Table(title="Sets", title_justify="left")
    table.add_column("set")
    table.add_column("cards")
    table.add_column("result")
    claims = {event.half_suit: event for event in state.events if isinstance(event, Claim)}
    for half, result in state.sets.items():
        if result.status is SetStatus.WON:
            outcome = Text(f"won by team {result.team}", style="bold green" if result.team == 1 else "bold cyan")
        elif half in claims and claims[half].out_of_turn:
            outcome = Text("cancelled (claimed out of turn)", style="yellow")
        elif result.status is SetStatus.CANCELLED:
            outcome = Text("cancelled (misplaced within the team)", style="yellow")
        else:
            outcome = Text("in play", style="dim")
        if half in claims:
            when = " out of turn" if claims[half].out_of_turn and result.status is SetStatus.WON else ""
            outcome.append(f" (claimed by {claims[half].claimer}{when})", style="dim")
        table.add_row(f"{half.code} {half.name}", hand_text(half.cards), outcome)
    return table


def event_text(event: Event) -> Text:
    """An event as written in the notation, its answer or outcome highlighted."""
    if isinstance(event, Ask):
        text = Text(f"{event.asker} asks {event.target} for ")
        text.append_text(card_text(event.card))
        text.append(": ")
        text.append("yes" if event.hit else "no", style="bold green" if event.hit else "dim")
        return text
    if isinstance(event, Claim):
        text = Text(f"{event.claimer} claims {event.half_suit}", style="bold")
        if event.out_of_turn:
            text.append(" out of turn", style="bold red")
        text.append(": ", style="bold")
        text.append_text(_assignment_text(event.declared))
        if event.actual:
            text.append(" (actual: ", style="bold yellow")
            text.append_text(_assignment_text(event.actual))
            text.append(")", style="bold yellow")
        return text
    return Text(str(event), style="italic")


def _assignment_text(pairs: tuple[tuple[Card, str], ...]) -> Text:
    by_player: dict[str, list[Card]] = {}
    for card, player in sorted(pairs):
        by_player.setdefault(player, []).append(card)
    text = Text()
    for number, (player, cards) in enumerate(by_player.items()):
        text.append((", " if number else "") + player + " ")
        text.append_text(hand_text(cards))
    return text


def history_table(game: Game, at: int) -> Table:
    """The first ``at`` events, numbered, with the line of the file each came from."""
    table = Table(title="History", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("line", justify="right")
    table.add_column("event")
    start = max(0, at - HISTORY_LIMIT)
    if start:
        table.add_row("…", "", Text(f"{start} earlier events (use --at to look at them)", style="dim"))
    for index in range(start + 1, at + 1):
        line = game.line_of(index)
        table.add_row(str(index), "" if line is None else str(line), event_text(game.events[index - 1]))
    if at < len(game.events):
        rest = len(game.events) - at
        table.add_row("", "", Text(f"({rest} later event{'s' if rest != 1 else ''} not shown)", style="dim"))
    return table


def game_view(game: Game, at: int | None = None) -> Group:
    """Everything about the position after the first ``at`` events (default: all)."""
    state = game.state(at)
    n = len(state.events)
    setup = game.setup
    title = Text(game.path or "game", style="bold")
    title.append(
        f"\n{setup.variant.value}, {len(setup.players)} players, dealer {setup.dealer}; "
        f"after event {n} of {len(game.events)}"
    )
    teams = Text()
    for team in (1, 2):
        teams.append(f"team {team}: {' '.join(setup.members(team))}", style="bold green" if team == 1 else "bold cyan")
        teams.append("   " if team == 1 else "")
    score = state.score
    sets_won = Text(f"score: team 1 {score[1]} - team 2 {score[2]}", style="bold")
    turn = Text(turn_text(state), style="bold cyan")
    return Group(
        title, teams, Text(), seats_table(state), sets_table(state), sets_won, Text(), history_table(game, n), turn
    )


def show_game(game: Game, at: int | None = None) -> None:
    """Print the view of a game at event ``at`` to the terminal."""
    stdout_console().print(game_view(game, at))
