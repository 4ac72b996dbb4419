"""One progress bar for long work (simulating, mining, reviewing): on standard error,
gone when done, silent when disabled (``--json``) and, if asked, when not on a terminal."""

from __future__ import annotations

from types import TracebackType
from typing import Any, Self

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class Bar:
    """A labelled bar; ``counters`` names extra numbers shown beside it (``3 games``)."""

    def __init__(
        self,
        label: str,
        total: int | None = None,
        *,
        enabled: bool = True,
        terminal_only: bool = False,
        counters: tuple[str, ...] = (),
        remaining: bool = True,
    ) -> None:
        console = Console(stderr=True)
        columns: list[ProgressColumn] = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn()]
        columns += [TextColumn(f"{{task.fields[{name}]}} {name}") for name in counters]
        columns.append(TimeElapsedColumn())
        if remaining:
            columns.append(TimeRemainingColumn())
        self.progress = Progress(
            *columns,
            console=console,
            transient=True,
            disable=not enabled or (terminal_only and not console.is_terminal),
        )
        start: dict[str, Any] = dict.fromkeys(counters, 0)
        self.task = self.progress.add_task(label, total=total, **start)

    def __enter__(self) -> Self:
        self.progress.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.progress.stop()

    def advance(self) -> None:
        """One more item is done."""
        self.progress.advance(self.task)

    def show(self, completed: int, total: int | None = None, **counters: int) -> None:
        """Set how far the work is (and, when given, the total and the counters)."""
        fields: dict[str, Any] = dict(counters)
        if total is not None:
            fields["total"] = total
        self.progress.update(self.task, completed=completed, **fields)
