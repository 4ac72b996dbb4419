"""``literature serve``: the trainer in a browser (see :mod:`trainer.web.server`)."""

from __future__ import annotations

from typing import Annotated

import typer

from trainer.cli.app import command, switch

PORT = 8000


@command("serve", short_help="Serve the trainer as web pages (on this computer only by default).")
def serve(
    host: Annotated[
        str, typer.Option(metavar="HOST", help="Address to serve on; 0.0.0.0 lets anyone on the network in.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port (0: any free one).", min=0, max=65535)] = PORT,
    open_browser: Annotated[bool, switch("--open", "Open the home page in the web browser.")] = False,
    allow_host: Annotated[
        list[str] | None,
        typer.Option("--allow-host", metavar="NAME",
                     help="Another name the server answers to (its address and, on 0.0.0.0, this computer's "
                          "names are always answered); repeat for more."),
    ] = None,
) -> None:
    """Serve the trainer as web pages (daily, train, stats, play, review, worksheet) until Ctrl-C."""
    from trainer.clock import now
    from trainer.web.server import serve as run

    now()  # a LITERATURE_NOW outside the window is refused before the server starts
    run(host, port, open_browser=open_browser, allow=allow_host or ())
