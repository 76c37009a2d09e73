"""Print-and-play kits: pages drawn as SVG (in millimetres), made into one PDF.

Each game's kit lives in its own package (the `kit` part of its manifest, a
`build_kit(paper, **choices)` function) and is built from the same data files the
engine plays with, so what is printed is what the app plays. This package holds what
every kit shares: paper sizes (`paper`), pages of cards with crop marks and their
backs for double-sided printing (`sheets`), text set in boxes (`text`), and the kit
itself with its cover page, written as a PDF (`kit`).

PDF writing goes through cairosvg (each page's SVG to a PDF page, drawn by the
system's cairo library) and pypdf (the pages joined).
"""
