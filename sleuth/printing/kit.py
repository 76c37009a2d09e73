"""A kit: a cover page saying what it holds and how to print it, then its parts' pages,
written as one PDF."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sleuth.printing.paper import Paper
from sleuth.printing.sheets import Page
from sleuth.printing.text import block, line


@dataclass(frozen=True)
class Part:
    """A part of the kit: its name, a line on what it is for, and its pages."""

    title: str
    about: str
    pages: Sequence[Page]


@dataclass(frozen=True)
class Kit:
    game: str  # the game's title
    paper: Paper
    parts: Sequence[Part]
    holds: str = ""  # which case set, game numbers... the kit's content is for
    notes: Sequence[str] = field(default_factory=tuple)

    def pages(self) -> list[Page]:
        return [self.cover(), *(page for part in self.parts for page in part.pages)]

    def cover(self) -> Page:
        paper = self.paper
        x, width = paper.margin + 5, paper.inner_width - 10
        body = [line(f"{self.game}: print-and-play kit", x, paper.margin + 14, 9, weight="bold")]
        y = paper.margin + 24
        if self.holds:
            text, y = block(self.holds, x, y, width, 4.2)
            body.append(text)
        y += 4
        body.append(line("In this kit", x, y, 5.5, weight="bold"))
        y += 8
        page = 2  # the cover is page 1
        for part in self.parts:
            span = (
                f"page {page}"
                if len(part.pages) == 1
                else f"pages {page}-{page + len(part.pages) - 1}"
            )
            text, y = block(f"{part.title} ({span}): {part.about}", x, y, width, 3.8)
            body.append(text)
            y += 2
            page += len(part.pages)
        y += 4
        body.append(line("Printing", x, y, 5.5, weight="bold"))
        y += 8
        advice = [
            f"Print on {paper.name} at actual size (100%, no 'fit to page'), so cards and"
            " boards come out the size the crop marks give.",
            "Sheets of cards are each followed by a sheet of their backs: print those two"
            " pages on both sides of one sheet, flipped on the long edge, or print single"
            " sided and glue the backs on. Cut along the crop marks.",
            *self.notes,
            "Made by sleuth from the same data files its games play with: what is printed"
            " is what the app plays.",
        ]
        for paragraph in advice:
            text, y = block(paragraph, x, y, width, 3.8)
            body.append(text)
            y += 2
        return Page(paper, "".join(body), "cover")

    def write_pdf(self, path: Path) -> int:
        """Write the kit as a PDF at `path`; return its page count."""
        try:
            import cairosvg
        except OSError as err:  # cairosvg loads the system's cairo library when imported
            raise RuntimeError(
                "making a PDF needs the cairo graphics library (Debian: apt install libcairo2)"
            ) from err
        from pypdf import PdfReader, PdfWriter

        writer = PdfWriter()
        pages = self.pages()
        for page in pages:
            pdf = cairosvg.svg2pdf(bytestring=page.svg().encode("utf-8"))
            writer.add_page(PdfReader(io.BytesIO(pdf)).pages[0])
        writer.add_metadata({"/Title": f"{self.game}: print-and-play kit", "/Creator": "sleuth"})
        with path.open("wb") as out:
            writer.write(out)
        return len(pages)
