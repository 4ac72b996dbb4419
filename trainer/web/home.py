"""``/``: the home page: today's daily, streak and rating, continue training, recent games, links."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from trainer.web.pages import page


async def home(request: Request) -> Response:
    """The home page."""
    return page(request, "home.html", nav="home", title="Home")


routes = [Route("/", home, methods=["GET"])]
