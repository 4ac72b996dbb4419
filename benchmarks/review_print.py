"""How many pages a review's HTML report prints to, in headless Chromium (Letter and A4).

    .venv/bin/python benchmarks/review_print.py [GAME.lit ...] [--chromium PATH]

Each game (default: the 271-event ``tests/data/complete-classic-6p.lit`` and the
hand-written review logs) is reviewed, written with ``--html``'s writer, printed
by Chromium with ``--print-to-pdf`` (no header or footer) and the PDF's pages
are counted. The paper size is set by an ``@page`` rule added to a copy of the
page, so the report itself is not changed. Needs Chromium (``apt-get install
chromium``); exits 2 with a message when it is missing.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from trainer.game.errors import LiteratureError
from trainer.game.notation import read_game
from trainer.render.review_html import review_html
from trainer.review import review_game

ROOT = Path(__file__).parent.parent / "tests" / "data"
GAMES = [ROOT / "complete-classic-6p.lit", *sorted((ROOT / "review").glob("*.lit"))]
PAPERS = {"Letter": "letter", "A4": "A4"}
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-pdf-header-footer",
]


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (its ``/Type /Page`` objects).

    >>> pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page>>")
    2
    """
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def print_pages(chromium: str, page: str, paper: str, folder: Path) -> int:
    """Print ``page`` (HTML text) on ``paper`` and count the pages."""
    html = folder / f"report-{paper}.html"
    html.write_text(page.replace("</style>", f"@page {{ size: {paper}; }}</style>", 1), encoding="utf-8")
    pdf = folder / f"report-{paper}.pdf"
    profile = folder / f"profile-{paper}"
    subprocess.run(
        [chromium, *FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf}", html.as_uri()],
        check=True, capture_output=True, timeout=300,
    )
    return pdf_pages(pdf.read_bytes())


def main(argv: list[str] | None = None) -> int:
    """Print each report and show its page counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=Path, default=GAMES)
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    args = parser.parse_args(argv)
    if not args.chromium:
        print("review_print: Chromium not found (apt-get install -y chromium, or --chromium PATH)", file=sys.stderr)
        return 2
    print(f"{'game':<28} {'events':>6} {'notes':>5} " + " ".join(f"{p:>7}" for p in PAPERS))
    with tempfile.TemporaryDirectory() as folder:
        for path in args.games:
            try:
                review = review_game(read_game(path))
            except LiteratureError as error:
                print(f"{path.name:<28} skipped: {error.message}")
                continue
            page = review_html(review)
            pages = [print_pages(args.chromium, page, paper, Path(folder)) for paper in PAPERS.values()]
            print(f"{path.name:<28} {len(review.game.events):>6} {len(review.notes):>5} "
                  + " ".join(f"{n:>7}" for n in pages), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
