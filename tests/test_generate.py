"""The generator: unique, forced, non-trivial, fresh answers; level requests; dedup; determinism; the command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from puzzles.acceptance import is_acceptable, is_fresh, is_only_answer, is_readable, is_seen, needs_deduction
from puzzles.difficulty import Explained, rate
from puzzles.files import load_puzzles
from puzzles.generate import GenerationError, Request, generate, generate_from_game
from puzzles.ids import _SUIT_ORDERS, _form, canonical_form, canonical_id, canonical_key
from puzzles.mining import mine_game
from puzzles.model import KINDS, Difficulty, Puzzle, Question, Step, is_recall
from trainer.cli import app
from trainer.engine import Knowledge, solve
from trainer.game.cards import SUITS, Card, HalfSuit
from trainer.game.events import Ask, Claim, Event, Pass
from trainer.game.notation import Game, parse_game, read_game
from trainer.game.randomplay import random_game
from trainer.game.state import Setup
from trainer.game.variants import Variant
from trainer.play import BotKind
from trainer.play.simulate import GameJob, new_table

DATA = Path(__file__).parent / "data"
SIX = read_game(DATA / "six-diamonds.lit")
runner = CliRunner()


def card(code: str) -> Card:
    return Card.parse(code)


def six_knowledge() -> Knowledge:
    return solve(SIX.setup.only("Ann"), SIX.events, "Ann")


# -- the acceptance rule: known answers -------------------------------------------------

LD = HalfSuit.parse("LD")
SIX_LD = {card("2D"): "Ann", card("3D"): "Ann", card("4D"): "Ann", card("5D"): "Ann", card("6D"): "Cat",
          card("7D"): "Ann"}


@pytest.mark.parametrize(
    ("question", "answer", "unique"),
    [
        (Question.locate(["6D"]), {card("6D"): "Cat"}, True),  # ask inference: the one answer
        (Question.locate(["6D"]), {card("6D"): "Bob"}, False),  # wrong holder
        (Question.locate(["9C"]), {card("9C"): "Bob"}, False),  # 9C could be with anyone: two answers or more
        (Question.locate(["6D", "9C"]), {card("6D"): "Cat", card("9C"): "Bob"}, False),
        (Question.locate(["6D"]), {}, False),  # no answer
        (Question.claim("LD"), SIX_LD, True),
        (Question.claim("LD"), SIX_LD | {card("6D"): "Eve"}, False),
        (Question.certain("LD"), SIX_LD, True),
        (Question.certain("LD"), {c: p for c, p in SIX_LD.items() if c != card("6D")}, False),  # misses 6D
        (Question.certain("HD"), {}, False),  # nothing certain: not a question
    ],
)
def test_is_only_answer_known(question: Question, answer: dict[Card, str], unique: bool) -> None:
    assert is_only_answer(six_knowledge(), question, answer) is unique


def test_claim_naming_an_opponent_is_never_unique() -> None:
    game = parse_game("variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nhand Ann: 2D 3D 4D 5D 7D 9S JS KH\n"
                      "Ann asks Bob for 6D: yes")
    k = solve(game.setup, game.events, "Ann")
    assert is_only_answer(k, Question.claim("LD"), {c: "Ann" for c in LD.cards})
    # Bob certainly holds nothing of LD now; a claim giving 6D to an opponent is not the answer
    assert not is_only_answer(k, Question.claim("LD"), {c: "Ann" for c in LD.cards} | {card("6D"): "Bob"})


def test_seen_cards_are_not_puzzles() -> None:
    game = parse_game("variant: classic\nplayers: Ann Bob Cat Dan Eve Fay\nhand Ann: 2D 3D 4D 5D 7D 9S JS KH\n"
                      "Ann asks Bob for 6D: yes")
    k = solve(game.setup, game.events, "Ann")
    assert is_seen(k.state, "Ann", card("6D")) and is_seen(k.state, "Ann", card("2D"))
    assert not needs_deduction(k.state, "Ann", Question.locate(["6D"]), {card("6D"): "Ann"})
    # all six in the viewer's hand: not even a memory claim
    assert not needs_deduction(k.state, "Ann", Question.claim("LD"), {c: "Ann" for c in LD.cards})
    six = six_knowledge()
    assert needs_deduction(six.state, "Ann", Question.locate(["6D"]), {card("6D"): "Cat"})


def test_freshness() -> None:
    before = solve(SIX.setup.only("Ann"), (), "Ann")
    assert is_fresh(before, {card("6D"): "Cat"})
    assert not is_fresh(six_knowledge(), {card("6D"): "Cat"})  # known already: not a new deduction
    assert is_fresh(None, {card("6D"): "Cat"})


def test_the_acceptance_rule_is_its_three_predicates() -> None:
    now, earlier = six_knowledge(), solve(SIX.setup.only("Ann"), (), "Ann")
    six = (Question.locate(["6D"]), {card("6D"): "Cat"})
    assert is_acceptable(now, earlier, *six) and is_acceptable(now, None, *six)
    assert not is_acceptable(now, earlier, Question.locate(["6D"]), {card("6D"): "Eve"})  # not the only answer
    assert not is_acceptable(now, earlier, Question.locate(["2D"]), {card("2D"): "Ann"})  # seen: in Ann's hand
    assert not is_acceptable(now, now, *six)  # known already: not fresh


def test_six_diamonds_mines_its_two_puzzles() -> None:
    found = list(mine_game(SIX, source={"kind": "test"}, window=1))
    # Cat's ask and Ann's hand: the careful player's deduction (level 2), for the card and the claim
    assert {(p.question.kind, p.level) for p in found} == {("locate", 2), ("claim", 2)}
    for puzzle in found:
        assert puzzle.answer[card("6D")] == "Cat"
        assert "hand Ann:" in puzzle.log and puzzle.log.count("hand ") == 1


# -- properties over simulated games: every emitted answer is forced and is the only one -------


def check_puzzle(puzzle: Puzzle) -> None:
    """Re-derive everything from the stored record alone, with the exact engine."""
    puzzle.validate()
    game = puzzle.game
    assert list(game.setup.hands) == [puzzle.viewer]  # the log lists only the viewer's hand
    k = solve(game.setup, game.events, puzzle.viewer)
    assert k.deals > 0
    for c, holder in puzzle.answer.items():
        counts = {p: k.count(c, p) for p in game.setup.players}
        assert counts[holder] == k.deals
        assert all(n == 0 for p, n in counts.items() if p != holder)  # no alternative answer
    if puzzle.question.kind == "certain":
        for c in puzzle.question.scope:
            if c not in puzzle.answer:
                assert sum(1 for p in game.setup.players if k.count(c, p)) >= 2
    if puzzle.question.kind == "claim":
        assert set(puzzle.answer.values()) <= set(puzzle.team)
    assert is_only_answer(k, puzzle.question, puzzle.answer)
    assert needs_deduction(k.state, puzzle.viewer, puzzle.question, puzzle.answer)
    if puzzle.question.kind == "locate":
        assert not any(is_seen(k.state, puzzle.viewer, c) for c in puzzle.answer)
    assert puzzle.explanation and puzzle.techniques
    assert puzzle.difficulty.name
    assert canonical_id(canonical_key(puzzle)) == puzzle.id


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["classic", "fish54"]))
def test_mined_puzzles_are_unique_and_nontrivial(seed: int, variant: str) -> None:
    game = new_table(GameJob(0, seed, Variant(variant), 6, BotKind.HUMAN, BotKind.BASIC)).play()
    viewer = random.Random(seed).choice(game.setup.players)
    short = Game(game.setup, game.events[:90])
    found = list(mine_game(short, source={"kind": "test"}, viewers=[viewer]))
    for puzzle in found:
        check_puzzle(puzzle)
    assert len({p.id for p in found}) == len(found)


# -- requests -----------------------------------------------------------------------------


@pytest.mark.slow
def test_level_request_is_met_exactly() -> None:
    got = generate(Request(count=4, seed=3, levels=(3,), players=(6,)))
    assert len(got) == 4 and {p.level for p in got} == {3}
    ranged = generate(Request(count=4, seed=3, levels=(2, 3), kinds=("locate",), players=(6,)))
    assert all(p.level in (2, 3) and p.question.kind == "locate" for p in ranged)


@pytest.mark.slow
def test_generation_is_deterministic_for_a_seed() -> None:
    request = Request(count=5, seed=11, players=(6,))
    assert [p.to_json() for p in generate(request)] == [p.to_json() for p in generate(request)]


def test_impossible_request_fails_clearly() -> None:
    with pytest.raises(GenerationError, match="found only 0 of 1 level-6 puzzles"):
        generate(Request(count=1, seed=1, levels=(6,), players=(6,), max_games=0))
    with pytest.raises(GenerationError, match="found only 1 of 3 puzzles in this game"):
        generate_from_game(SIX, Request(count=3), "six.lit")  # two puzzles, one moment and set: one kept
    with pytest.raises(GenerationError, match="found no level-5 puzzles"):
        generate_from_game(SIX, Request(count=1, levels=(5,)), "six.lit")
    with pytest.raises(GenerationError):
        Request(levels=(7,))
    with pytest.raises(GenerationError):
        Request(kinds=("where",))


# -- canonical form: renaming players or permuting suits is the same puzzle -------------------


def rename(game: Game, names: dict[str, str], suits: dict[str, str], rotate: int) -> Game:
    def c(x: Card) -> Card:
        return x if x.suit is None else Card.parse(x.rank + suits[x.suit])

    def ev(e: Event) -> Event:
        if isinstance(e, Ask):
            return Ask(names[e.asker], names[e.target], c(e.card), e.hit)
        if isinstance(e, Claim):
            half = c(e.half_suit.cards[0]).half_suit
            return Claim.of(names[e.claimer], half, {c(k): names[v] for k, v in e.declared},
                            {c(k): names[v] for k, v in e.actual})
        assert isinstance(e, Pass)
        return Pass(None if e.player is None else names[e.player], names[e.to])

    seats = game.setup.players[rotate:] + game.setup.players[:rotate]
    setup = Setup.create(game.setup.variant, [names[p] for p in seats], names[game.setup.dealer],
                         {names[p]: [c(x) for x in h] for p, h in game.setup.hands.items()})
    return Game(setup, tuple(ev(e) for e in game.events))


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(perm=st.permutations(SUITS), rotate=st.integers(0, 5), seed=st.integers(0, 1000))
def test_renaming_players_and_suits_gives_the_same_ids(perm: list[str], rotate: int, seed: int) -> None:
    game = new_table(GameJob(0, seed)).play()
    short = Game(game.setup, game.events[:45])
    viewer = game.setup.players[seed % 6]
    fresh = random.Random(seed).sample(["Zoe", "Yan", "Xi", "Wu", "Vic", "Uma", "Tom", "Sal"], 6)
    names = dict(zip(game.setup.players, fresh, strict=True))
    suits = dict(zip(SUITS, perm, strict=True))
    other = rename(short, names, suits, rotate)
    ids = sorted(p.id for p in mine_game(short, source={}, viewers=[viewer]))
    again = sorted(p.id for p in mine_game(other, source={}, viewers=[names[viewer]]))
    assert ids == again
    q = Question.locate(["6D"])
    form = canonical_form(short.setup.only(viewer), short.events, viewer, q, {card("6D"): game.setup.players[1]})
    mapped = card("6" + suits["D"])
    twin = canonical_form(other.setup.only(names[viewer]), other.events, names[viewer], Question.locate([mapped]),
                          {mapped: names[game.setup.players[1]]})
    assert form == twin


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["classic", "fish54"]), players=st.sampled_from([6, 8]),
       at=st.floats(0, 1))
def test_the_canonical_form_is_the_least_of_the_24_suit_orders(seed: int, variant: str, players: int,
                                                                 at: float) -> None:
    """canonical_form() writes only the suit orders that give the least hand; the least of all 24 forms is
    the same (late positions, with few cards in hand, tie on many orders)."""
    game = random_game(random.Random(seed), variant, players)
    events = game.events[: int(at * len(game.events))]
    viewer = game.setup.players[seed % players]
    state = Game(game.setup, events).state()
    live = [c for c in game.setup.variant.cards if state.in_play(c)]
    if not live:
        return
    target = random.Random(seed).choice(live)
    setup = game.setup.only(viewer)
    answer = {target: state.known_holder(target) or viewer}
    forms = [_form(setup, events, viewer, Question.locate([target.code]), answer, o) for o in _SUIT_ORDERS]
    assert canonical_form(setup, events, viewer, Question.locate([target.code]), answer) == min(forms)


def test_a_different_question_is_a_different_puzzle() -> None:
    setup = SIX.setup.only("Ann")
    one = canonical_form(setup, SIX.events, "Ann", Question.locate(["6D"]), {card("6D"): "Cat"})
    two = canonical_form(setup, SIX.events, "Ann", Question.claim("LD"), SIX_LD)
    three = canonical_form(setup, SIX.events[:0], "Ann", Question.locate(["6D"]), {card("6D"): "Cat"})
    assert len({one, two, three}) == 3


# -- the command --------------------------------------------------------------------------------


def test_generate_command_from_a_file(tmp_path: Path) -> None:
    out = tmp_path / "set"
    result = runner.invoke(app, ["generate", "--from", str(DATA / "six-diamonds.lit"), "--count", "1", "--out",
                                 str(out), "--format", "json", "--format", "md", "--format", "html", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["puzzles"] == 1
    assert sorted(p.name for p in out.iterdir()) == ["answers.html", "answers.md", "puzzles.json",
                                                     "worksheet.html", "worksheet.md"]
    data = json.loads((out / "puzzles.json").read_text())
    assert data["schema"] == 1 and len(data["puzzles"]) == 1
    assert {p.question.kind for p in load_puzzles(out / "puzzles.json")} <= set(KINDS)


def test_generate_command_with_its_choices(tmp_path: Path) -> None:
    result = runner.invoke(app, ["generate", "--count", "3", "--seed", "5", "--players", "6", "--variant", "classic",
                                 "--min-level", "2", "--max-level", "3", "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    puzzles = load_puzzles(tmp_path / "puzzles.json")
    assert len(puzzles) == 3 and all(p.level in (2, 3) and p.variant.value == "classic" for p in puzzles)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "7"], "--level must be from 1 to 6"),
        (["--level", "3", "--min-level", "2"], "not both"),
        (["--min-level", "5", "--max-level", "2"], "above --max-level"),
        (["--players", "7"], "--players must be 6 or 8"),
        (["--from", "missing.lit"], "missing.lit"),
        (["--from", str(DATA / "six-diamonds.lit"), "--count", "3"], "found only 1 of 3"),
        (["--from", str(DATA / "six-diamonds.lit"), "--variant", "fish54"], "not fish54"),
    ],
)
def test_generate_command_bad_input(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["generate", "--out", str(tmp_path / "x"), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


# -- readable positions, reading effort, stratified requests ---------------------------------


def test_a_position_with_one_other_player_holding_cards_is_not_readable() -> None:
    game = read_game(DATA / "complete-classic-6p.lit")
    verdicts = []
    for state in game.states():
        for viewer in game.setup.players:
            others = [p for p in game.setup.players if p != viewer and state.sizes[p] > 0]
            if not state.over:
                verdicts.append((len(others), is_readable(state, viewer)))
    assert (5, True) in verdicts
    assert all(readable == (holders >= 2) for holders, readable in verdicts)
    assert any(holders <= 1 for holders, _ in verdicts)


def test_reading_effort_raises_the_score_not_the_level_and_memory_claims_are_recall() -> None:
    step = Step("ask inference", "Cat asked for 3D, so Cat holds 6D.", events=(1,))
    graded = Explained(3, "ask inference", 3.5, ("ask inference",), (step,))
    assert rate(graded, 1, 2) == Difficulty(2, "careful player", 3.56)
    assert rate(graded, 200, 2).level == 2  # a longer history raises the score, not the level
    assert rate(graded, 200, 2).score > rate(graded, 31, 2).score
    cited = Explained(3, "ask inference", 3.5, ("ask inference",), (Step("ask inference", "x", events=(1, 5, 9)),))
    assert rate(cited, 31, 2).score > rate(graded, 31, 2).score  # every move a step rests on counts
    # an explanation of seen cards only is rung 0 (the explainer's recall drill)
    seen = Explained(0, "recall", 1.17, ("elimination",), (Step("elimination", "Ann took 2S.", events=(1,)),))
    assert {rate(seen, n, 3).level for n in (10, 100, 200)} == {0}  # a recall drill: outside the levels
    assert {rate(seen, n, 3).name for n in (10, 200)} == {"recall"}


def test_a_request_without_a_level_spreads_over_the_levels() -> None:
    assert Request(count=12).quotas() == dict.fromkeys(range(1, 7), 2)
    got = generate(Request(count=3, seed=2, levels=(1, 2, 3), players=(6,)))
    assert sorted(p.level for p in got) == [1, 2, 3]
    assert not any(is_recall(p) for p in got)


# -- sheets from the pack (issue 41) -------------------------------------------------------------


def refuse_mining(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make every way to mine a game fail the test; returns the list the calls would be noted in."""
    import puzzles.generate as generator
    import puzzles.mining as mining

    calls: list[str] = []

    def refuse(*args: object, **kwargs: object) -> None:
        calls.append("mined")
        raise AssertionError("generate mined a game without --fresh")

    for module, name in ((generator, "generate"), (generator, "mine_spec"), (generator, "mine_game"),
                         (mining, "mine_game"), (generator, "generate_from_game")):
        monkeypatch.setattr(module, name, refuse)
    return calls


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
def test_generate_takes_a_mixed_sheet_from_the_pack_and_mines_nothing(
        level: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzles.packs import load_pack
    from puzzles.variety import game_key

    calls = refuse_mining(monkeypatch)
    result = runner.invoke(app, ["generate", "--count", "10", "--level", str(level), "--seed", "1", "--out",
                                 str(tmp_path), "--format", "json", "--format", "html", "--json"])
    assert result.exit_code == 0, result.output
    assert calls == []
    report = json.loads(result.stdout)
    puzzles = load_puzzles(tmp_path / "puzzles.json")
    pack = {p.id for p in load_pack()}
    assert len(puzzles) == 10 and all(p.level == level and p.id in pack for p in puzzles)
    assert report["source"] == "pack"
    kinds = {kind: sum(1 for p in puzzles if p.question.kind == kind) for kind in KINDS}
    assert report["kinds"] == {k: n for k, n in kinds.items() if n}
    assert len({game_key(p) for p in puzzles}) == 10  # one puzzle per game
    wanted = Request(count=10, levels=(level,)).kind_quotas()  # about 4 locate, 3 claim, 3 certain
    short = {item["kind"]: item for item in report["short"]}
    for kind, n in wanted.items():
        offered = sum(1 for p in load_pack() if p.level == level and p.question.kind == kind and not is_recall(p))
        if offered >= n:
            assert kinds[kind] >= n  # the mix asked for ...
        else:  # ... or all the pack has of a kind, and the sheet says so in one line
            assert kinds[kind] == offered and short[kind]["missing"] == n - kinds[kind]
            assert short[kind]["levels"] == [level]
    assert set(short) == {kind for kind, n in wanted.items() if kinds[kind] < n}
    sheet = (tmp_path / "worksheet.html").read_text()
    assert sheet.count('class="short-note"') == (1 if short else 0)


def test_a_sheet_is_the_same_for_a_seed_and_another_for_another_seed() -> None:
    from puzzles.pick import pick

    for level in (1, 6):
        one = [p.id for p in pick(Request(count=10, levels=(level,), seed=7)).puzzles]
        assert one == [p.id for p in pick(Request(count=10, levels=(level,), seed=7)).puzzles]
        assert one != [p.id for p in pick(Request(count=10, levels=(level,), seed=8)).puzzles]


def test_where_a_kind_is_missing_the_others_fill_in_and_it_is_said() -> None:
    from puzzles.packs import load_pack
    from puzzles.pick import Shortfall, pick
    from trainer.render.worksheet import worksheet_html, worksheet_md

    pool = [p for p in load_pack() if not (p.level == 2 and p.question.kind == "claim")]
    picked = pick(Request(count=10, levels=(2,), seed=3), pool)
    assert picked.kinds()["locate"] + picked.kinds()["certain"] == 10 and "claim" not in picked.kinds()
    assert picked.short == (Shortfall("claim", 3, (2,)),)
    line = "The pack has too few claim puzzles of level 2: 3 of the other kinds instead."
    assert line in worksheet_html(picked.puzzles, "Set", picked.short)
    assert line in worksheet_md(picked.puzzles, "Set", picked.short)
    mixed = pick(Request(count=10, seed=3), pool)  # over every level: the other levels' claims make up for it
    assert mixed.kinds() == {"locate": 4, "claim": 3, "certain": 3} and mixed.short == ()


def test_a_request_the_pack_cannot_meet_is_one_line_pointing_at_fresh(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_mining(monkeypatch)
    result = runner.invoke(app, ["generate", "--count", "200", "--level", "6", "--players", "8", "--variant",
                                 "classic", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert "the pack holds only" in result.output and "--fresh" in result.output
    assert result.output.strip().count("\n") <= 1 and "Traceback" not in result.output


def test_fresh_mines_new_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzles.generate as generator

    calls: list[Request] = []
    original = generator.generate

    def counting(request: Request, **kwargs: object) -> list[Puzzle]:
        calls.append(request)
        return original(request, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(generator, "generate", counting)
    result = runner.invoke(app, ["generate", "--fresh", "--count", "2", "--seed", "5", "--players", "6",
                                 "--variant", "classic", "--level", "1", "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    assert len(calls) == 1 and json.loads(result.stdout)["source"] == "fresh"
    assert all(p.source["kind"] == "simulated" for p in load_puzzles(tmp_path / "puzzles.json"))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), levels=st.sets(st.integers(1, 6), min_size=1), count=st.integers(1, 12),
       players=st.sampled_from([(6,), (8,), (6, 8)]))
def test_a_picked_sheet_meets_its_request(seed: int, levels: set[int], count: int, players: tuple[int, ...]) -> None:
    from puzzles.generate import GenerationError
    from puzzles.pick import pick
    from puzzles.variety import game_key

    request = Request(count=count, seed=seed, levels=tuple(sorted(levels)), players=players)
    try:
        picked = pick(request)
    except GenerationError as error:
        assert "the pack holds only" in str(error)
        return
    puzzles = picked.puzzles
    assert len(puzzles) == count
    assert {p.level: sum(1 for q in puzzles if q.level == p.level) for p in puzzles} == \
        {lv: n for lv, n in request.quotas().items() if n}
    assert all(len(p.players) in players and not is_recall(p) for p in puzzles)
    assert len({game_key(p) for p in puzzles}) == count  # one per game
    assert [p.level for p in puzzles] == sorted(p.level for p in puzzles)
    quotas = request.kind_quotas()
    for item in picked.short:
        assert picked.kinds().get(item.kind, 0) == quotas[item.kind] - item.missing
    assert all(picked.kinds().get(k, 0) >= n for k, n in quotas.items() if k not in {s.kind for s in picked.short})


def test_a_set_larger_than_a_sheet_still_comes_from_the_pack() -> None:
    from puzzles.pick import pick

    picked = pick(Request(count=200, levels=(3,), seed=1))  # longer histories too, once the short ones run out
    assert len({p.id for p in picked.puzzles}) == 200 and picked.kinds() == {"locate": 67, "claim": 66,
                                                                              "certain": 67}


def test_a_recall_drill_found_while_mining_levels_is_kept_beside_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack game mines recall drills (level 0) beside the levels it wants: one found stops nothing (a build
    of seed 5001 lost its game 10 to a KeyError on level 0) and is counted apart from the levels."""
    import dataclasses

    import puzzles.generate as generate_module
    from puzzles.examples import example_claim
    from puzzles.generate import GameSpec, mine_played
    from puzzles.model import RECALL, RECALL_LEVEL
    from trainer.game.variants import Variant
    from trainer.play import BotKind

    one = example_claim()
    drill = dataclasses.replace(one, id="p-drill", difficulty=Difficulty(RECALL_LEVEL, RECALL, 1.0))
    first = dataclasses.replace(one, id="p-one", difficulty=dataclasses.replace(one.difficulty, level=1))
    second = dataclasses.replace(one, id="p-two", difficulty=dataclasses.replace(one.difficulty, level=1))
    monkeypatch.setattr(generate_module, "mine_game", lambda *args, **options: [drill, first, second])
    spec = GameSpec(1, 0, Variant.CLASSIC, 6, BotKind.HUMAN, BotKind.HUMAN, KINDS, (1,), per_level=1,
                    per_moment=None, recall=True, viewers=1)
    found = mine_played(spec, parse_game(one.log))
    assert [p.id for p in found] == ["p-drill", "p-one"]  # the drill, then one puzzle of level 1 (per_level 1)
