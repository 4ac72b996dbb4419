"""The pseudo-terminal harness itself: it reads a program to its end, at the size and with the environment
asked for, and a wait that cannot succeed fails with what the program printed instead of hanging."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pty_harness import Terminal

COLOUR = re.compile(r"\x1b\[[0-9;]*3[0-7]m")
"""A foreground colour in a style (``explain`` draws a step's technique in colour)."""
EXPLAIN = ("explain", str(Path(__file__).parent / "data" / "six-diamonds.lit"), "6D")
"""A command whose output fills the terminal's width (its steps wrap there) and uses colour."""


def plain(text: str) -> list[str]:
    return re.sub(r"\x1b\[[0-9;]*m", "", text).rstrip().splitlines()


@pytest.mark.slow
def test_exit_code_reads_everything_the_program_printed(tmp_path: Path) -> None:
    with Terminal(tmp_path / "home", "stats", env={"NO_COLOR": "1"}) as term:
        assert term.expect(b"Your progress", b"never printed") == b"Your progress"
        assert term.exit_code() == 0
    lines = plain(term.text())
    assert lines[-1].startswith("╰") and lines[-1].endswith("╯")  # the last box closed: nothing left unread
    assert not COLOUR.search(term.text())  # NO_COLOR passed on
    with Terminal(tmp_path / "home", *EXPLAIN, env={"NO_COLOR": "1"}) as term:
        assert term.exit_code() == 0
    assert max(len(line.rstrip("\r")) for line in plain(term.text())) == 80  # 80 columns unless asked otherwise
    assert term.pid == 0 and term.leader == -1  # ended and closed


@pytest.mark.slow
def test_colour_and_width_as_asked(tmp_path: Path) -> None:
    with Terminal(tmp_path / "home", *EXPLAIN, columns=100) as term:
        assert term.exit_code() == 0
    assert COLOUR.search(term.text())  # a colour terminal (TERM=xterm) unless NO_COLOR is given
    assert max(len(line.rstrip("\r")) for line in plain(term.text())) == 100


def test_a_marker_never_printed_fails_with_the_output_once_the_program_ends(tmp_path: Path) -> None:
    with Terminal(tmp_path / "home", "--help") as term:
        with pytest.raises(AssertionError, match=r"(?s)no b'never printed' .*Solve puzzles near your rating"):
            term.read_until(b"never printed")
        assert term.exit_code() == 0
