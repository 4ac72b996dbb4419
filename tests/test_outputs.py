"""No command replaces or follows anything it was not asked to create (issue 28).

Every writer goes through :func:`trainer.files.write_atomic`: an existing output needs ``--force``
(``review --html``, ``simulate --out``, ``generate --out``, ``pack --out``, play's saved games), never the
input being read, and never anything but a regular file: a symbolic link (even a dangling one), a FIFO, a
folder or a device is refused, with ``--force`` too, in one line and exit code 2, before the command's work.

Each command is run against each kind of existing target, with and without ``--force``; the whole folder
is compared before and after, so a refusal that wrote anything anywhere (through a link, into a FIFO, a
temporary file left behind) fails. Devices are never touched: a character device is a path whose ``lstat``
is made to say so, and the test checks that nothing is opened for writing. A FIFO opened for writing would
block, so each run has an alarm.
"""

from __future__ import annotations

import errno
import importlib
import os
import shutil
import signal
import stat
import tempfile
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzles.generate as mining
import puzzles.packs as packs
import trainer.review as reviewing
from puzzles.files import load_puzzles
from trainer.engine import deadline
from trainer.files import OutputExists, OutputRefused, check_target, probe_folder, write_atomic
from trainer.play import saved
from trainer.play.match import Match, Seating

from clocks import Ticks
from command_line import run

DATA = Path(__file__).parent / "data"
LOG = DATA / "six-diamonds.lit"
COMPLETE = DATA / "complete-classic-6p.lit"
OLD = "my own file\n"
KINDS = ("missing", "regular", "symlink", "dangling", "fifo", "folder", "input")
simulation = importlib.import_module("trainer.play.simulate")  # the package's `simulate` is the function
COMMANDS = ("review", "generate", "simulate", "pack")
WHAT = {"symlink": "a symbolic link", "dangling": "a symbolic link", "fifo": "a FIFO", "folder": "a folder"}


@contextmanager
def no_hang(seconds: int = 20) -> Iterator[None]:
    """Fail, rather than hang, if something blocks (a FIFO opened for writing waits for a reader)."""

    def stop(signum: int, frame: Any) -> None:
        raise AssertionError(f"blocked for {seconds} s (a FIFO opened for writing?)")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def snapshot(root: Path) -> dict[str, tuple[str, str]]:
    """Every entry under ``root``, links not followed: its kind and its content (a link: where it points)."""
    found: dict[str, tuple[str, str]] = {}
    for folder, names, files in os.walk(root):
        for name in [*names, *files]:
            path = Path(folder) / name
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                found[str(path.relative_to(root))] = ("link", os.readlink(path))
            elif stat.S_ISREG(mode):
                found[str(path.relative_to(root))] = ("file", path.read_text(encoding="utf-8", errors="replace"))
            else:
                found[str(path.relative_to(root))] = (stat.filemode(mode)[0], "")
    return found


def make(kind: str, target: Path, root: Path) -> None:
    """Put ``kind`` of entry at ``target`` (``input`` is made by the command's setup)."""
    if kind == "regular":
        target.write_text(OLD)
    elif kind == "symlink":
        (root / "victim.txt").write_text(OLD)
        target.symlink_to(root / "victim.txt")
    elif kind == "dangling":
        target.symlink_to(root / "nowhere.txt")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
        (target / "inside.txt").write_text(OLD)


def small_pack() -> list[Any]:
    return load_puzzles(DATA / "puzzles" / "six-diamonds.json")


def setup(command: str, kind: str, root: Path, patch: pytest.MonkeyPatch) -> tuple[Path, list[str], Path]:
    """The target, the command line and the folder ``--out`` names (or the target's) for one case."""
    log = root / "game.lit"
    shutil.copyfile(LOG, log)
    if command == "review":
        target = log if kind == "input" else root / "report.html"
        return target, ["review", str(log), "--html", str(target)], root
    if command == "generate":
        out = root / "set"
        out.mkdir()
        target = out / "puzzles.json"
        if kind == "input":
            shutil.copyfile(LOG, target)
            log = target
        return target, ["generate", "--from", str(log), "--count", "1", "--json", "--out", str(out)], out
    if command == "simulate":
        out = root / "games"
        out.mkdir()
        return out / "game-0001.lit", ["simulate", "-n", "1", "--json", "--out", str(out)], out
    installed = root / "installed"  # where the command finds the built-in pack
    (installed / "data").mkdir(parents=True)
    (installed / "data" / packs.PACK).write_bytes(b"PK\x05\x06" + bytes(18))
    patch.setattr(packs, "resources", types.SimpleNamespace(files=lambda package: installed))
    patch.setattr(packs, "load_pack", small_pack)
    target = installed / "data" / packs.PACK if kind == "input" else root / "pack.json"
    return target, ["pack", "--out", str(target), "--json"], root


def no_work(command: str, patch: pytest.MonkeyPatch) -> None:
    """Make the command's work fail loudly: a refusal must come before it."""

    def worked(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the command worked before refusing its output")

    if command == "review":
        patch.setattr(reviewing, "review_game", worked)
    elif command == "generate":
        patch.setattr(mining, "generate_from_game", worked)
    elif command == "simulate":
        patch.setattr(simulation, "simulate", worked)
    else:
        patch.setattr(packs, "load_pack", worked)


def refusal(command: str, kind: str, target: Path, out: Path) -> str:
    """The one line a refused case prints."""
    if kind == "input":
        return f"{target}: is the file being read; choose another file"
    if kind == "regular":
        if command == "generate":
            return f"{out}: would replace puzzles.json; pass --force to overwrite, or choose another --out"
        if command == "simulate":
            return (f"{out}: would replace 1 game file (game-0001.lit); pass --force to overwrite, "
                    "or choose another --out")
        return f"{target}: exists; add --force to replace it"
    if command == "pack" and kind == "folder":
        return f"{target}: is a folder; give a file name such as {target / 'pack.json'}"
    return f"{target}: is {WHAT[kind]}; only a regular file is ever replaced"


def check_case(command: str, kind: str, force: bool, root: Path, patch: pytest.MonkeyPatch) -> None:
    """Run one case and check it: written where allowed, else one line, exit 2, nothing changed anywhere."""
    target, argv, out = setup(command, kind, root, patch)
    make(kind, target, root)
    refused = kind not in ("missing", "regular") or (kind == "regular" and not force)
    if refused:
        no_work(command, patch)
    before = snapshot(root)
    with no_hang():
        code, stdout, err = run(*argv, *(["--force"] if force else []))
    after = snapshot(root)
    if refused:
        assert (code, stdout, err) == (2, "", refusal(command, kind, target, out) + "\n")
        assert after == before
        return
    assert (code, err) == (0, ""), err
    assert stat.S_ISREG(target.lstat().st_mode) and target.read_text() != OLD
    name = str(target.relative_to(root))
    assert {k: v for k, v in after.items() if k != name} == {k: v for k, v in before.items() if k != name}


CASES = [(c, k, f) for c in COMMANDS for k in KINDS for f in (False, True) if (c, k) != ("simulate", "input")]


@pytest.mark.parametrize(("command", "kind", "force"), CASES)
def test_each_command_and_each_kind_of_target(
    command: str, kind: str, force: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LITERATURE_HOME", str(tmp_path / "home"))
    root = tmp_path / "root"
    root.mkdir()
    check_case(command, kind, force, root, monkeypatch)


@settings(max_examples=10, deadline=None)
@given(command=st.sampled_from(COMMANDS), kind=st.sampled_from(KINDS), force=st.booleans())
def test_fuzz_never_writes_through(command: str, kind: str, force: bool) -> None:
    if (command, kind) == ("simulate", "input"):
        kind = "dangling"
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setenv("LITERATURE_HOME", str(Path(folder) / "home"))
        root = Path(folder) / "root"
        root.mkdir()
        check_case(command, kind, force, root, patch)


# -- the writer itself ---------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from([*KINDS, "hard link to the input"]),
    force=st.booleans(),
    text=st.text(max_size=40),
    links=st.booleans(),
)
def test_fuzz_the_writer(kind: str, force: bool, text: str, links: bool) -> None:
    """Whatever is at the target, with or without force, with or without hard links on the file system:
    the new text in a regular file, or :class:`OutputRefused` and nothing changed."""
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        root = Path(folder)
        source = root / "input.lit"
        source.write_text("the input\n")
        target = source if kind == "input" else root / "out.txt"
        if kind == "hard link to the input":
            os.link(source, target)
        else:
            make(kind, target, root)
        if not links:
            def no_link(src: Any, dst: Any, **kwargs: Any) -> None:
                raise OSError(errno.EPERM, "Operation not permitted", src, dst)

            patch.setattr(os, "link", no_link)
        before = snapshot(root)
        allowed = kind == "missing" or (kind == "regular" and force)
        with no_hang():
            if allowed:
                write_atomic(target, text, force=force, inputs=[source])
                assert target.read_bytes() == text.encode("utf-8")
                assert sorted(p.name for p in root.iterdir()) == sorted({*before, "out.txt"})
            else:
                with pytest.raises(OutputRefused) as refused:
                    write_atomic(target, text, force=force, inputs=[source])
                assert str(refused.value).startswith(f"{target}: ") and "\n" not in str(refused.value)
                assert isinstance(refused.value, OutputExists) == (kind == "regular")
                assert snapshot(root) == before


def pretend_device(target: Path, patch: pytest.MonkeyPatch) -> None:
    """Make ``lstat`` say that ``target`` is a character device, and opening anything to write fail the test."""
    real = os.lstat

    def lstat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if os.fspath(path) == os.fspath(target):
            return os.stat_result((stat.S_IFCHR | 0o666, 1, 1, 1, 0, 0, 0, 0, 0, 0))
        return real(path, *args, **kwargs)

    def opened(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("something was opened to be written")

    patch.setattr(os, "lstat", lstat)
    patch.setattr(tempfile, "mkstemp", opened)
    patch.setattr(os, "replace", opened)
    patch.setattr(os, "link", opened)


@pytest.mark.parametrize("force", [False, True])
def test_a_device_is_refused_before_anything_is_opened(
    force: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "device"
    pretend_device(target, monkeypatch)
    with pytest.raises(OutputRefused, match="is a device; only a regular file is ever replaced"):
        write_atomic(target, "x", force=force)
    more = ["--force"] if force else []
    line = f"{target}: is a device; only a regular file is ever replaced\n"
    assert run("review", str(LOG), "--html", str(target), *more) == (2, "", line)
    monkeypatch.setattr(packs, "load_pack", small_pack)
    assert run("pack", "--out", str(target), *more) == (2, "", line)
    assert list(tmp_path.iterdir()) == []


def test_a_target_that_appears_meanwhile_is_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.txt"
    real = os.link

    def late(src: Any, dst: Any, **kwargs: Any) -> None:
        Path(dst).write_text(OLD)  # someone else's file, after the check, before the new one is put in place
        real(src, dst, **kwargs)

    monkeypatch.setattr(os, "link", late)
    with pytest.raises(OutputExists):
        write_atomic(target, "new\n")
    assert target.read_text() == OLD and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_the_check_looks_at_the_entry_not_where_it_points(tmp_path: Path) -> None:
    (tmp_path / "real.lit").write_text("x")
    (tmp_path / "link.lit").symlink_to(tmp_path / "real.lit")
    with pytest.raises(OutputRefused, match="is the file being read"):  # another spelling of the same path
        check_target(tmp_path / "." / "real.lit", force=True, inputs=[tmp_path / "link.lit"])
    check_target(tmp_path / "other.lit", inputs=[tmp_path / "real.lit"])  # a new file: nothing to compare


# -- errors name the target, never the temporary file ----------------------------------------------------------


def failing(src: Any, dst: Any, **kwargs: Any) -> None:
    """``os.link`` or ``os.replace`` failing as they do, naming the temporary file first."""
    raise OSError(errno.EIO, "Input/output error", os.fspath(src), os.fspath(dst))


def test_simulate_and_pack_errors_name_the_target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "games"
    with monkeypatch.context() as patch:
        patch.setattr(os, "link", failing)
        code, _, err = run("simulate", "-n", "1", "--out", str(out), "--json")
    assert (code, err) == (2, f"{out / 'game-0001.lit'}: Input/output error\n")
    target = tmp_path / "pack.json"
    target.write_text(OLD)
    monkeypatch.setattr(packs, "load_pack", small_pack)
    monkeypatch.setattr(os, "replace", failing)
    code, _, err = run("pack", "--out", str(target), "--force")
    assert (code, err) == (2, f"{target}: Input/output error\n")
    assert target.read_text() == OLD and not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_a_file_where_a_folder_should_be(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text(OLD)
    assert run("review", str(LOG), "--html", str(blocker / "r.html")) == (
        2, "", f"{blocker / 'r.html'}: Not a directory\n")
    assert run("simulate", "-n", "1", "--out", str(blocker / "g")) == (
        2, "", f"{blocker / 'g'}: cannot write there (Not a directory)\n")
    assert blocker.read_text() == OLD


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["review", str(LOG), "--html", ""], "--html needs a file name, not an empty path"),
        (["review", str(LOG), "--html", " "], "--html needs a file name, not an empty path"),
        (["pack", "--out", ""], "--out needs a file name, not an empty path"),
        (["simulate", "-n", "1", "--out", ""],
         "--out needs a folder, not an empty path (use --out . for the current folder)"),
    ],
)
def test_an_empty_path_is_refused(
    argv: list[str], line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(*argv) == (2, "", line + "\n")
    assert list(tmp_path.iterdir()) == []


# -- folders: made only for what is written --------------------------------------------------------------------


def test_a_timed_out_generate_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deadline, "CLOCK", Ticks())
    out = tmp_path / "a" / "b"
    code, stdout, err = run("generate", "--from", str(COMPLETE), "--out", str(out), "--count", "10",
                            "--time-limit", "7")
    assert (code, stdout) == (2, "") and "the mining stopped at its time limit" in err
    assert list(tmp_path.iterdir()) == []


def test_probing_a_folder_keeps_what_was_there(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "mine.txt").write_text(OLD)
    probe_folder(tmp_path / "a" / "b" / "c")
    assert snapshot(tmp_path) == {"a": ("d", ""), "a/mine.txt": ("file", OLD)}


# -- play's saved games ----------------------------------------------------------------------------------------


def new_match() -> Match:
    return Match.new(Seating(seed=3, started="2026-12-01T00:42:00+00:00"))


@pytest.mark.parametrize("kind", ["regular", "symlink", "dangling", "fifo", "folder"])
def test_a_new_game_takes_the_next_free_name(kind: str, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    make(kind, folder / saved.file_name(new_match()), tmp_path)
    before = snapshot(tmp_path)
    with no_hang():
        path = saved.save(new_match(), folder)
    assert path.name == "2026-12-01-0042-seed3-2.lit" and stat.S_ISREG(path.lstat().st_mode)
    assert {k: v for k, v in snapshot(tmp_path).items() if not k.endswith("-2.lit")} == before


def test_a_game_goes_on_in_its_own_file_only_while_it_is_a_regular_file(tmp_path: Path) -> None:
    match = new_match()
    path = saved.save(match, tmp_path)
    saved.save(match, tmp_path)  # its own file again, after a move
    path.unlink()
    (tmp_path / "victim.txt").write_text(OLD)
    path.symlink_to(tmp_path / "victim.txt")
    with pytest.raises(OutputRefused, match="is a symbolic link"):
        saved.save(match, tmp_path)
    assert (tmp_path / "victim.txt").read_text() == OLD and path.is_symlink()


def test_resuming_a_linked_game_is_refused(tmp_path: Path) -> None:
    game = saved.save(new_match(), tmp_path / "kept")
    link = tmp_path / "linked.lit"
    link.symlink_to(game)
    text = game.read_text()
    code, stdout, err = run("play", "--resume", str(link), env={"LITERATURE_HOME": str(tmp_path / "home")})
    assert (code, stdout) == (2, "")
    assert err == f"{link}: cannot save the game (is a symbolic link; only a regular file is ever replaced)\n"
    assert game.read_text() == text and link.is_symlink()


def test_a_game_whose_file_became_a_link_mid_game_ends_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import typer

    from trainer.cli.table import TerminalGame
    from trainer.play.hall import Hall

    match = new_match()
    path = saved.save(match, tmp_path)
    path.unlink()
    (tmp_path / "victim.txt").write_text(OLD)
    path.symlink_to(tmp_path / "victim.txt")
    with pytest.raises(typer.Exit) as ended:
        TerminalGame(Hall(tmp_path), match, path, fast=True).run()  # Dan, a bot, moves first: saved at once
    assert ended.value.exit_code == 2
    assert capsys.readouterr().err.endswith(
        f"{path}: cannot save the game (is a symbolic link; only a regular file is ever replaced): nothing changed\n"
    )
    assert (tmp_path / "victim.txt").read_text() == OLD
