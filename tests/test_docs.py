"""Every command example shown with its output in the docs is run again and must print that output.

The convention (docs/*.md and README.md):

- A fenced block opened with `` ```console `` shows commands and what they print. A line starting with
  ``$ `` is a command; the lines after it, up to the next command or the end of the block, are its
  output (standard output and standard error together, as a terminal shows them).
- A command is ``literature ARGS``, optionally after ``NAME=VALUE`` settings of the environment (the
  tutorial's clock) and fed by ``printf 'LINES' | `` (the commands that read what you type: ``play``,
  ``train``, ``daily``); or ``cat FILE`` (a file of the repository).
- A line that is only ``…`` in an output stands for one or more lines left out; a
  ``…`` inside a line stands for any text on that line (a long JSON object, a time in seconds).
- Commands shown without output go in `` ```sh `` blocks, which are not run.
- A block opened with `` ```console slow `` takes seconds (a whole session, a long review): it runs in
  ``make test`` but not in ``make quick`` (the ``slow`` marker).

Each console block is one test (``test_docs.py::test_example[docs/play.md:140]``). Its commands run
in turn, as ``python -m trainer ARGS``, in a fresh directory where ``tests/`` and ``docs/`` link to the
repository's (so what a command writes lands there, not in the repository), with their own
``LITERATURE_HOME`` (shown as
``$LITERATURE_HOME`` in outputs), ``LITERATURE_NOW`` fixed, ``NO_COLOR=1``, ``COLUMNS=80`` and ``LINES=25``
(a screen of 80 by 25, whatever the runner sets: pytest-xdist's workers have ``LINES=24``). Outputs
are compared line by line, trailing spaces and blank lines at the end left out. ``play`` and ``train``
must be given ``--seed`` (``generate`` and ``simulate`` default to ``--seed 0``; the others draw nothing at
random). A read-only command (``check``, ``show``, ``solve``, ``explain``, ``review``) shown twice runs once.

A mismatch names the file and line of the command, shows a diff and the actual output, ready to paste.
``DOCS_UPDATE=1 pytest tests/test_docs.py`` writes the actual outputs into the docs instead (keeping
as many lines around a ``…`` as the doc kept): read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
NOW = "2026-06-10T14:00:00+00:00"
ELISION = "…"
SEEDED = {"play", "train"}
"""Commands that draw a new seed unless told: every example of them gives ``--seed``."""
TIMEOUT = 300
READ_ONLY = {"check", "show", "solve", "explain", "review"}
"""Commands that write nothing: an example run twice in the docs is run once (``review`` without ``--html``)."""
_outputs: dict[tuple[str, ...], str] = {}


@dataclass
class Command:
    """One ``$`` line of a console block and the output the doc shows for it."""

    line: int
    text: str
    expected: list[str] = field(default_factory=list)


@dataclass
class Example:
    """A console block: its file, the line of its opening fence, and its commands."""

    path: Path
    line: int
    index: int
    commands: list[Command]
    slow: bool = False

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def examples(path: Path) -> Iterator[Example]:
    """The console blocks of one Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = count = 0
    while i < len(lines):
        info = lines[i].strip().removeprefix("```").split()
        if not lines[i].startswith("```") or info[:1] != ["console"] or not set(info[1:]) <= {"slow"}:
            i += 1
            continue
        example = Example(path, i + 1, count, [], slow="slow" in info)
        count += 1
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            if lines[i].startswith("$ "):
                example.commands.append(Command(i + 1, lines[i][2:]))
            elif example.commands:
                example.commands[-1].expected.append(lines[i])
            else:
                raise AssertionError(f"{path.relative_to(ROOT)}:{i + 1}: output before any command in a console block")
            i += 1
        yield example
        i += 1


ALL = [example for path in DOCS for example in examples(path)]


def _argv(text: str) -> tuple[list[str], dict[str, str], str | None, Path | None]:
    """The program's arguments, its environment's settings, the text piped into it, or the file ``cat`` shows."""
    stdin = None
    match = re.fullmatch(r"printf ('(?:[^']*)') \| (.*)", text)
    if match:
        stdin = shlex.split(match.group(1))[0].replace("\\n", "\n")
        text = match.group(2)
    words = [match for word in shlex.split(text)
             for match in (sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(word)) if "*" in word else [word])]
    settings = {}
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        settings[name] = value
    if words[0] == "cat" and len(words) == 2 and stdin is None and not settings:
        return [], settings, None, ROOT / words[1]
    assert words[0] == "literature", f"a console command is `literature ...` or `cat FILE`, not {text!r}"
    if words[1:2] and words[1] in SEEDED:
        assert "--seed" in words, f"`literature {words[1]}` draws a new seed unless given --seed: {text!r}"
    return [sys.executable, "-m", "trainer", *words[1:]], settings, stdin, None


def _run(command: Command, workdir: Path, home: Path) -> list[str]:
    argv, settings, stdin, shown = _argv(command.text)
    key = (*argv[3:], *sorted(f"{name}={value}" for name, value in settings.items()))
    if shown is not None:
        text = shown.read_text(encoding="utf-8")
    elif key in _outputs:
        text = _outputs[key]
    else:
        env = os.environ | {"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
                            "LITERATURE_HOME": str(home), "LITERATURE_NOW": NOW, "NO_COLOR": "1",
                            "COLUMNS": "80", "LINES": "25", "TERM": "dumb"} | settings
        env.pop("FORCE_COLOR", None)
        done = subprocess.run(argv, cwd=workdir, env=env, input=stdin, text=True, timeout=TIMEOUT, check=False,
                              stdin=None if stdin is not None else subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        text = done.stdout.replace(str(home), "$LITERATURE_HOME").replace(str(workdir) + os.sep, "")
        if stdin is None and argv[3] in READ_ONLY and "--html" not in argv:
            _outputs[key] = text
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _stripped(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _same(expected: list[str], actual: list[str]) -> bool:
    if len(expected) != len(actual):
        return False
    return all(want == got or (ELISION in want and re.fullmatch(_pattern(want), got))
               for want, got in zip(expected, actual, strict=True))


def _pattern(line: str) -> str:
    """A line with ``…`` as a pattern: any text there, the spaces around it as many as it takes (table cells)."""
    return " *.*? *".join(re.escape(part.strip(" ")) if 0 < i < line.count(ELISION) else
                          re.escape(part.rstrip(" ") if i == 0 else part.lstrip(" "))
                          for i, part in enumerate(line.split(ELISION)))


def _segments(expected: list[str]) -> list[list[str]]:
    """The runs of lines between the ``…`` lines (an empty run where an output starts or ends with one)."""
    runs: list[list[str]] = [[]]
    for line in expected:
        if line == ELISION:
            runs.append([])
        else:
            runs[-1].append(line)
    return runs


def _find(run: list[str], actual: list[str], start: int) -> int:
    """Where ``run`` first starts in ``actual`` after ``start``, at least one line skipped, or -1."""
    for i in range(start + 1, len(actual) - len(run) + 1):
        if _same(run, actual[i:i + len(run)]):
            return i
    return -1


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected``: a line ``…`` stands for one or more lines, ``…`` in a line for any text.

    >>> matches(["a", "…", "z"], ["a", "b", "c", "z"]), matches(["a", "…", "z"], ["a", "z"])
    (True, False)
    >>> matches(["a", "…", "m", "…"], ["a", "b", "m", "n"]), matches(['{"seconds": …}'], ['{"seconds": 0.13}'])
    (True, True)
    >>> matches(["│ Time  …      │"], ["│ Time  0:04   │"]), matches(["│ Time  …  │"], ["│ Time   │"])
    (True, True)
    """
    runs = _segments(_stripped(expected))
    head, *middle, tail = runs if len(runs) > 1 else (runs[0], runs[0])
    if len(runs) == 1:
        return _same(head, actual)
    if len(actual) < len(head) + len(tail) + len(runs) - 1 or not _same(head, actual[:len(head)]):
        return False
    if not _same(tail, actual[len(actual) - len(tail):]):
        return False
    at, end = len(head), len(actual) - len(tail)  # the first line not yet matched, the tail's first
    for run in middle:  # the first place each run fits leaves the most room for the rest
        found = _find(run, actual[:end - 1], at)
        if found < 0:
            return False
        at = found + len(run)
    return at < end


def shown(expected: list[str], actual: list[str]) -> list[str]:
    """What the doc should show: ``actual``, trimmed where the doc trims it (the runs of the doc still found)."""
    expected = _stripped(expected)
    runs = _segments(expected)
    result = actual
    if len(runs) > 1 and len(actual) > len(runs[0]) + len(runs[-1]):
        head, tail = len(runs[0]), len(runs[-1])
        result, at, end = actual[:head], head, len(actual) - tail
        for run in runs[1:-1]:
            found = _find(run, actual[:end - 1], at) if run else -1
            if found >= 0:
                result += [ELISION, *actual[found:found + len(run)]]
                at = found + len(run)
        result += [ELISION, *actual[end:]]
    if len(result) == len(expected):  # keep the doc's lines that still match (a … inside a line)
        result = [want if _same([want], [got]) else got for want, got in zip(expected, result, strict=True)]
    return result


def _update(example: Example, outputs: list[list[str]]) -> None:
    # the file as it is now (an earlier example may have changed its length)
    example = list(examples(example.path))[example.index]
    lines = example.path.read_text(encoding="utf-8").splitlines()
    # replace from the last command up, so earlier line numbers stay right
    for command, actual in reversed(list(zip(example.commands, outputs, strict=True))):
        start = command.line  # the index of the line after the command
        lines[start:start + len(command.expected)] = shown(command.expected, actual)
    example.path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("example", [
    pytest.param(example, id=example.name, marks=[pytest.mark.slow] if example.slow else []) for example in ALL
])
def test_example(example: Example, tmp_path: Path) -> None:
    workdir = tmp_path / "work"
    workdir.mkdir()
    for name in ("tests", "docs"):
        (workdir / name).symlink_to(ROOT / name, target_is_directory=True)
    home = tmp_path / "home"
    outputs = [_run(command, workdir, home) for command in example.commands]
    wrong = [(command, actual) for command, actual in zip(example.commands, outputs, strict=True)
             if not matches(command.expected, actual)]
    if wrong and os.environ.get("DOCS_UPDATE"):
        _update(example, outputs)
        return
    report = []
    for command, actual in wrong:
        diff = difflib.unified_diff(_stripped(command.expected), shown(command.expected, actual),
                                    "shown in the doc", "printed now", lineterm="", n=2)
        report += [f"{example.path.relative_to(ROOT)}:{command.line}: `$ {command.text}` printed something else",
                   *diff, "", "---- the output to paste after the command ----",
                   *shown(command.expected, actual), "---- end ----", ""]
    if wrong:
        report.append("(or run DOCS_UPDATE=1 pytest tests/test_docs.py to write the outputs into the doc)")
        pytest.fail("\n".join(report), pytrace=False)


def test_examples_are_found() -> None:
    assert len(ALL) >= 20 and all(example.commands for example in ALL)
