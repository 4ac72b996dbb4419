"""All terminal output: Rich lives here and nowhere else.

One module per view (``game``, ``puzzle``, ``stats``…). Plain-text helpers
return strings; Rich views print to a console that respects ``NO_COLOR`` and
narrows to the terminal.
"""

from __future__ import annotations

from trainer.render.game import summary_line

__all__ = ["summary_line"]
