"""Growing the pack without losing it (issue 41, item 5): ``pack_build --extend`` keeps every puzzle and the
daily schedule and adds mined ones, the holes first (a level under 8% of a table, claims under 5% of a level)."""

from __future__ import annotations

import dataclasses
import statistics

from puzzles.examples import example_claim
from puzzles.model import Puzzle
from puzzles.pack_build import SHORT_HISTORY, MinedGame, extend, holes
from puzzles.variety import moment

BASE = example_claim()  # classic, 6 players


def made(name: str, level: int, kind: str = "locate", event: int = 30) -> Puzzle:
    """The worked example as a puzzle of ``level`` and ``kind``, named ``name``, at ``event``."""
    return dataclasses.replace(BASE, id=f"p-{name}", question=dataclasses.replace(BASE.question, kind=kind),
                               difficulty=dataclasses.replace(BASE.difficulty, level=level),
                               source={"kind": "simulated", "seed": 1, "game": name, "event": event})


def games(*puzzles: Puzzle) -> list[MinedGame]:
    """Each puzzle in a game of its own (so that none is a near-duplicate of another)."""
    return [MinedGame(f"game {p.id}\n", (p,)) for p in puzzles]


def even_pack(per_level: int, claims: int = 1) -> list[Puzzle]:
    """``per_level`` puzzles at each level 1-6, ``claims`` of them claims."""
    return [made(f"{level}-{n}", level, "claim" if n < claims else "locate")
            for level in range(1, 7) for n in range(per_level)]


def test_holes_name_a_thin_level_of_a_table_and_a_level_short_of_claims() -> None:
    assert holes(even_pack(10, claims=1)) == []
    thin = [p for p in even_pack(10) if not (p.level == 2 and p.id != "p-2-0")]  # level 2: 1 of 51
    assert holes(thin) == ["classic 6p: level 2 is 1 of 51 puzzles"]
    assert holes(even_pack(10, claims=0))[:1] == ["level 1: 0 claim puzzles of 10"]


def test_extend_keeps_the_pack_in_order_and_fills_its_holes_first() -> None:
    pack = [p for p in even_pack(10) if p.level != 4 or p.id == "p-4-0"]  # level 4: 1 of 51
    offered = [made(f"new3-{n}", 3) for n in range(20)] + [made(f"new4-{n}", 4) for n in range(20)]
    grown = extend(pack, games(*offered), size=len(pack) + 6)
    assert grown[: len(pack)] == pack
    assert [p.level for p in grown[len(pack):]] == [4, 4, 4, 4, 3, 3]  # the hole, then the pack's mix
    assert holes(grown[: len(pack) + 3]) == ["classic 6p: level 4 is 4 of 54 puzzles"]
    assert holes(grown) == []


def test_extend_adds_claims_where_a_level_is_short_of_them() -> None:
    pack = even_pack(20, claims=1)  # 5% of every level: a level takes a claim before a puzzle of another kind
    offered = [made(f"l5-{n}", 5) for n in range(80)] + [made(f"c5-{n}", 5, "claim") for n in range(3)]
    grown = extend(pack, games(*offered), size=len(pack) + 83)
    added = grown[len(pack):]
    assert added[0].question.kind == "claim"
    assert [p.question.kind for p in added].count("claim") == 3
    assert len(added) == 60  # level 5: 4 claims of 80 is 5%, of 81 it would not be
    assert holes(grown) == []


def test_extend_never_opens_a_hole_the_candidates_left_cannot_fill() -> None:
    pack = even_pack(10, claims=1)
    grown = extend(pack, games(*(made(f"l3-{n}", 3) for n in range(30))), size=len(pack) + 30)
    assert len(grown) == len(pack) + 10  # level 3: 1 claim of 20 is 5%; of 21 it would be under
    assert holes(grown) == []
    pack = even_pack(10, claims=4)
    grown = extend(pack, games(*(made(f"l3-{n}", 3) for n in range(200))), size=len(pack) + 200)
    assert len(grown) == len(pack) + 65  # every other level: 10 of 125 puzzles is 8%, of 126 it would not be
    assert holes(grown) == []


def test_extend_keeps_the_rules_of_a_game_and_of_level_one() -> None:
    pack = even_pack(10)
    same_game = [made(f"g-{n}", 3, event=30 + 20 * n) for n in range(10)]
    grown = extend(pack, [MinedGame("one game\n", tuple(same_game))], size=100)
    assert len(grown) - len(pack) == 7  # at most 7 puzzles of one game
    late = [made(f"late-{n}", 1, event=41 + n) for n in range(20)]
    grown = extend(pack, games(*late), size=100)
    assert len(grown) - len(pack) == 9  # level 1: 10 histories of 30 events, 9 over 40: the median is 30
    assert statistics.median(moment(p) for p in grown if p.level == 1) <= SHORT_HISTORY
    assert extend(pack, games(*pack), size=100) == pack  # what the pack holds is not added again


def test_an_eight_player_game_mined_for_first_steps_gives_each_puzzle_once() -> None:
    """An 8-player game is also searched for first steps in its first events: a puzzle both searches find is
    kept once (74 games of a focused run, seed 5020, held one twice and could not be read back)."""
    from puzzles.pack_build import focus_spec, mine_pack_game

    found = [p.id for p in mine_pack_game(focus_spec(5020, 1, 8, (1,))).puzzles]
    assert found and len(found) == len(set(found))


def test_extend_takes_back_what_a_level_held_back_by_its_claims_could_not_match() -> None:
    """Level 6 cannot grow (1 claim of 20, no claim left to add) though 100 of its puzzles are offered: the
    other levels' additions that left it under 8% of the table are taken back, the last ones first."""
    pack = ([made(f"{lv}-{n}", lv, "claim") for lv in (1, 2, 4, 5) for n in range(40)]
            + [made(f"3-{n}", 3, "claim") for n in range(20)]
            + [made(f"6-{n}", 6, "claim" if n == 0 else "locate") for n in range(20)])
    offered = [made(f"l6-{n}", 6) for n in range(100)] + [made(f"c3-{n}", 3, "claim") for n in range(300)]
    grown = extend(pack, games(*offered), size=1000)
    assert grown[: len(pack)] == pack
    assert len(grown) == 250 and all(p.level == 3 for p in grown[len(pack):])  # level 6: 20 of 250 is 8%
    assert holes(grown) == []
