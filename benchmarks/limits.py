"""Bounded cost on big and pathological inputs: time and peak memory of every command that reads a file.

    .venv/bin/python benchmarks/limits.py [--size 5000000] [--timeout 120] [--tables fish54-8,classic-6]
                                          [--only review,solve] [--keep DIR]

Builds inputs of the worst shapes known and runs each command on them in its
own process, reporting wall time, peak resident memory and how it ended. The
goals of issue 14: under a minute and under 1 GB each, or a one-line refusal
naming a documented limit (exit 2).

The shapes, for each table (``classic``/``fish54``, 6/8 players), dealt from a
fixed seed and checked against the rules as they are built:

* ``cycle``: every player in turn asks the next (an opponent) for a card they
  lack of a set they hold, and misses, round after round (every round after
  the first adds no fact), to about ``--size`` bytes;
* ``spread``: misses again, but each ask a new (asker, target, card) while
  there are any, so that as many events as possible add a fact (a new
  counting problem); ``review`` is given its ``MAX_EVENTS`` of them;
* three views of each: ``public`` (no hand listed), ``player`` (the first
  seat's hand) and ``complete`` (every hand: ``review`` judges every seat
  from their own view, one replay per seat);

plus, for 8 players, a 5 MB ``cycle`` log with no hand listed that no deal fits
only at its end (``impossible``: a player asks for a card of every set, more
sets than cards in hand), for the search for the first impossible event;
a log of comments, the built-in pack as a puzzle file and JSON nested
100,000 deep. ``--keep DIR`` writes the inputs there (to rerun one by hand).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from puzzles.packs import export_pack
from trainer.game.cards import Card
from trainer.game.events import Ask
from trainer.game.notation import Game, parse_game, write_game
from trainer.game.randomplay import NAMES, deal
from trainer.game.state import Setup, State
from trainer.game.variants import Variant
from trainer.review import MAX_EVENTS

TABLE = "variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\ndealer: Ann\n"
TABLES = ("classic-6", "classic-8", "fish54-6", "fish54-8")
VIEWS = ("public", "player", "complete")


def misses(state: State, asker: str, target: str) -> list[Card]:
    """The cards ``asker`` may ask ``target`` for and miss: lacked by both, of a set ``asker`` holds."""
    mine = state.hands[asker]
    halves = {c.half_suit for c in mine}
    return [c for h in sorted(halves) for c in h.cards if c not in mine and c not in state.hands[target]]


def miss_events(setup: Setup, spread: bool) -> Iterator[Ask]:
    """Endless legal misses from the dealer on: the turn passes to the asked player each time.

    ``spread``: each ask a new (asker, target, card) while the asker has one left, the target
    the opponent with the most new asks left; otherwise the next seat, the first card.
    """
    state = State(setup)
    seats = setup.players
    used: set[tuple[str, str, Card]] = set()
    asker = setup.dealer
    while True:
        following = seats[(seats.index(asker) + 1) % len(seats)]
        choice: tuple[str, Card] | None = None
        if spread:
            opponents = setup.members(3 - setup.team(asker))
            fresh = {t: [c for c in misses(state, asker, t) if (asker, t, c) not in used] for t in opponents}
            target = max(opponents, key=lambda t: (len(fresh[t]), t == following))
            if fresh[target]:
                choice = target, fresh[target][0]
        if choice is None:
            choice = following, misses(state, asker, following)[0]
        target, card = choice
        used.add((asker, target, card))
        event = Ask(asker, target, card, False)
        state.apply(event)  # checks the rules: a wrong builder fails here, not in the measured command
        yield event
        asker = target


def build(table: str, shape: str, view: str, size: int, events: int | None = None) -> str:
    """The text of one log of ``shape`` (``cycle``/``spread``) seen from ``view``, about ``size`` bytes
    (or exactly ``events`` events)."""
    variant, players = table.split("-")
    names = NAMES[: int(players)]
    rng = random.Random(f"{table}-limits")
    dealer = names[-1]
    hands = deal(rng, Variant(variant), names, dealer)
    setup = Setup.create(variant, names, dealer, hands)
    listed = {"public": {}, "player": {names[0]: hands[names[0]]}, "complete": hands}[view]
    shown = Setup.create(variant, names, dealer, listed)
    head = write_game(Game(shown))
    lines, total = [], len(head)
    for event in miss_events(setup, spread=shape == "spread"):
        if (events is not None and len(lines) >= events) or (events is None and total >= size):
            break
        text = str(event)
        lines.append(text)
        total += len(text) + 1
    return head + "\n".join(lines) + "\n"


def impossible_end(log: str) -> str:
    """``log`` (a public ``cycle`` log of 8 players) with a tail no deal fits only at its end: the player to move
    and the one they ask take turns missing, the first asking for a card of every set, so they must hold a
    card of more sets than they hold cards. The count finds it (no single fact does): the first impossible
    event is found by a search over prefixes."""
    game = parse_game(log)
    state = game.state()
    asker = state.turn
    assert asker is not None
    target = next(p for p in game.setup.members(3 - game.setup.team(asker)) if state.sizes[p])
    tail = []
    for half in game.setup.variant.half_suits:
        first, second = half.cards[-1], half.cards[-2]
        tail += [f"{asker} asks {target} for {first}: no", f"{target} asks {asker} for {second}: no"]
    return log + "\n".join(tail) + "\n"


def inputs(folder: Path, size: int, tables: list[str]) -> dict[str, Path]:
    """The files to feed the commands."""
    files: dict[str, Path] = {}

    def put(name: str, text: str | bytes) -> None:
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
        files[name] = path

    for table, view in itertools.product(tables, VIEWS):
        put(f"cycle-{table}-{view}.lit", build(table, "cycle", view, size))
        put(f"spread-{table}-{view}.lit", build(table, "spread", view, size))
        put(f"spread{MAX_EVENTS}-{table}-{view}.lit", build(table, "spread", view, size, MAX_EVENTS))
        put(f"cycle{MAX_EVENTS}-{table}-{view}.lit", build(table, "cycle", view, size, MAX_EVENTS))
        if view == "public" and table.endswith("-8"):
            put(f"impossible-{table}.lit", impossible_end(build(table, "cycle", view, size)))
    filler = "# a comment line of no consequence at all\n" * (size // 42)
    put("comments.lit", TABLE + filler + "Ann asks Bob for 3D: no\n")
    export_pack(folder / "many.json")  # the built-in pack: 3,078 distinct records
    files["many.json"] = folder / "many.json"
    put("deep.json", '{"schema": 1, "puzzles": [' + "[" * 100_000 + "]" * 100_000 + "]}")
    return files


def commands(files: dict[str, Path], tables: list[str], home: Path) -> Iterator[list[str]]:
    """Every command that reads a log or a puzzle file, on the inputs it can be given."""
    out = home / "out"
    for table, view in itertools.product(tables, VIEWS):
        for shape in ("cycle", "spread"):
            log = str(files[f"{shape}-{table}-{view}.lit"])
            viewer = ["--public"] if view == "complete" else []
            yield ["check", log]
            yield ["show", log]
            yield ["solve", log, *viewer]
            yield ["solve", log, "--at", "100000", *viewer]
            yield ["explain", log, "3D", *viewer]
            yield ["explain", log, "LD", *viewer]
            yield ["generate", "--from", log, "--out", str(out), "--force", "--count", "5"]
            yield ["review", log, "--json"]  # refused: more events than MAX_EVENTS
            longest = str(files[f"{shape}{MAX_EVENTS}-{table}-{view}.lit"])
            yield ["review", longest, "--json"]
            yield ["review", longest, "--html", str(home / "review.html")]
    for table in tables:
        if f"impossible-{table}.lit" in files:  # no deal fits, only at the end: the search for the first event
            log = str(files[f"impossible-{table}.lit"])
            yield ["check", log]
            yield ["solve", log]
            yield ["explain", log, "3D"]
    yield ["check", str(files["comments.lit"])]
    yield ["review", str(files["comments.lit"]), "--json"]
    yield ["grade", str(files["many.json"]), "--answer", "Cat 6D"]
    yield ["train", "--pack", str(files["many.json"])]
    yield ["grade", str(files["deep.json"]), "--answer", "x"]
    yield ["train", "--pack", str(files["deep.json"])]


def measure(args: list[str], timeout: float, env: dict[str, str]) -> tuple[float, str]:
    """Wall seconds and how the command ended."""
    started = time.perf_counter()
    with subprocess.Popen([sys.executable, "-m", "trainer", *args], stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                          start_new_session=True) as process:
        try:
            _, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # the command and its worker processes
            process.communicate()
            return time.perf_counter() - started, f"over {timeout:.0f} s: killed"
        seconds = time.perf_counter() - started
    lines = err.decode(errors="replace").strip().splitlines()
    ended = f"exit {process.returncode}" + (f": {lines[-1][:200]}" if lines else "")
    return seconds, ended


def run_one(args: list[str], timeout: float, env: dict[str, str]) -> tuple[float, float, str]:
    """Measure in a fresh child so that its peak memory (of the command and its workers) is its own."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child runs the command and reports through the pipe
        os.close(reader)
        seconds, ended = measure(args, timeout, env)
        import resource

        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        os.write(writer, json.dumps([seconds, peak, ended]).encode())
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader) as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    seconds, peak, ended = json.loads(data)
    return seconds, peak, ended


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5_000_000, help="bytes of each long log")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a command is killed")
    parser.add_argument("--tables", default=",".join(TABLES), help="tables to build logs for")
    parser.add_argument("--only", default="", help="commands to run (default: all), e.g. review,solve")
    parser.add_argument("--keep", type=Path, help="write the inputs to this folder and keep them")
    args = parser.parse_args()
    tables = [t for t in args.tables.split(",") if t]
    only = {c for c in args.only.split(",") if c}
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        files = inputs(folder, args.size, tables)
        home = Path(scratch) / "home"
        home.mkdir()  # review --html writes its page here
        env = os.environ | {"LITERATURE_HOME": str(home), "NO_COLOR": "1"}
        print(f"inputs of about {args.size / 1e6:.1f} MB; load average {os.getloadavg()[0]:.1f}", flush=True)
        for command in commands(files, tables, home):
            if only and command[0] not in only:
                continue
            seconds, peak, ended = run_one(command, args.timeout, env)
            shown = " ".join(Path(a).name if a.startswith((str(folder), scratch)) else a for a in command)
            ended = ended.replace(f"{folder}/", "")  # name the input, not its folder
            print(f"{shown:58} {seconds:6.1f} s {peak:6.0f} MB  {ended}", flush=True)
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
