"""The profile's look: colours, type styles, the tinted card grid, and the cover and inner pages
drawn around the content. Nothing here knows what the company says."""

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Table, TableStyle

NAVY = colors.HexColor("#14213D")
ACCENT = colors.HexColor("#F2A541")
INK = colors.HexColor("#2B2F3A")
MUTED = colors.HexColor("#6B7280")
CARD = colors.HexColor("#F3F5F9")
PAGE_W, PAGE_H = A4
MARGIN = 20 * mm
BODY_W = PAGE_W - 2 * MARGIN


def paragraph_style(
    name: str,
    size: float,
    color: colors.Color = INK,
    font: str = "Helvetica",
    leading: float | None = None,
    **kw: Any,
) -> ParagraphStyle:
    return ParagraphStyle(
        name, fontName=font, fontSize=size, textColor=color, leading=leading or size * 1.35, **kw
    )


COVER_NAME = paragraph_style("cover-name", 40, colors.white, "Helvetica-Bold", 46)
COVER_TAG = paragraph_style("cover-tag", 16, colors.white, leading=22, spaceBefore=8 * mm)
COVER_KICKER = paragraph_style("cover-kicker", 11, ACCENT, "Helvetica-Bold", spaceAfter=6 * mm)
H1 = paragraph_style("h1", 26, NAVY, "Helvetica-Bold", 32, spaceAfter=2 * mm)
LEAD = paragraph_style("lead", 13, INK, leading=19, spaceAfter=5 * mm)
BODY = paragraph_style("body", 10, INK, leading=14.5)
CARD_BODY = paragraph_style("card-body", 9, INK, leading=12.5)
QUOTE = paragraph_style("quote", 14, NAVY, "Helvetica-Oblique", 20)
CARD_TITLE = paragraph_style("card-title", 12, NAVY, "Helvetica-Bold", 16, spaceAfter=2 * mm)
FIGURE = paragraph_style("figure", 30, NAVY, "Helvetica-Bold", 34, alignment=TA_CENTER)
FIGURE_LABEL = paragraph_style("figure-label", 9.5, MUTED, alignment=TA_CENTER)
SMALL = paragraph_style("small", 9, MUTED, leading=13)
GROWTH_FIGURE = paragraph_style("g", 34, ACCENT, "Helvetica-Bold", 38)
GROWTH_LABEL = paragraph_style("gl", 13, colors.white, leading=18)
CITY = paragraph_style("city", 18, NAVY, "Helvetica-Bold", 22)
COUNTRY = paragraph_style("country", 9, ACCENT, "Helvetica-Bold", spaceAfter=3 * mm)
CONTACT_VALUE = paragraph_style("cv", 12, NAVY, "Helvetica-Bold")


def paragraph(text: str, style: ParagraphStyle) -> Paragraph:
    # Content is plain text; Paragraph parses markup, so "&" or "<" would break it.
    return Paragraph(escape(text), style)


class _Rule(Flowable):
    """Short accent bar under section headings: a visual anchor shared by every page."""

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return avail_w, 8 * mm

    def draw(self) -> None:
        self.canv.setFillColor(ACCENT)
        self.canv.rect(0, 5 * mm, 18 * mm, 1.4 * mm, stroke=0, fill=1)


def section_heading(title: str) -> list[Flowable]:
    return [paragraph(title, H1), _Rule()]


def padding(cells: tuple[tuple[int, int], tuple[int, int]], amount: float) -> list[tuple[Any, ...]]:
    return [(f"{side}PADDING", *cells, amount) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]


def card_grid(cells: Sequence[Sequence[Flowable]], cols: int, pad: float = 5 * mm) -> Table:
    """Grid of tinted cards. Tables have no cell spacing, so gutters are empty rows/columns."""
    gap = 5 * mm
    rows: list[list[Any]] = []
    for i in range(0, len(cells), cols):
        cards = [list(cell) for cell in cells[i : i + cols]]
        cards += [[]] * (cols - len(cards))
        rows += ([[""] * (2 * cols - 1)] if rows else []) + [[x for c in cards for x in ("", c)][1:]]
    style: list[tuple[Any, ...]] = [("VALIGN", (0, 0), (-1, -1), "TOP"), *padding(((0, 0), (-1, -1)), pad)]
    for r in range(0, len(rows), 2):
        style += padding(((0, r + 1), (-1, r + 1)), 0)
        style += [
            s
            for c in range(0, 2 * cols - 1, 2)
            if rows[r][c]
            for s in (("BACKGROUND", (c, r), (c, r), CARD), ("LINEABOVE", (c, r), (c, r), 2, ACCENT))
        ]
    card_w = (BODY_W - gap * (cols - 1)) / cols
    return Table(
        rows,
        colWidths=[gap if k % 2 else card_w for k in range(2 * cols - 1)],
        rowHeights=[gap if r % 2 else None for r in range(len(rows))],
        style=TableStyle(style),
    )


def draw_cover(canv: Canvas, site: dict[str, Any]) -> None:
    canv.saveState()
    canv.setFillColor(NAVY)
    canv.rect(0, PAGE_H * 0.38, PAGE_W, PAGE_H * 0.62, stroke=0, fill=1)
    # Overlapping translucent circles give the cover shape without any image assets.
    canv.setFillColor(ACCENT, alpha=0.9)
    canv.circle(PAGE_W - 30 * mm, PAGE_H - 40 * mm, 22 * mm, stroke=0, fill=1)
    canv.setFillColor(colors.white, alpha=0.08)
    canv.circle(PAGE_W - 10 * mm, PAGE_H - 75 * mm, 55 * mm, stroke=0, fill=1)
    canv.setFillColor(ACCENT, alpha=1)
    canv.rect(0, PAGE_H * 0.38 - 3 * mm, PAGE_W * 0.45, 3 * mm, stroke=0, fill=1)
    # The lower half carries the office list so the cover tells a reader where the team is.
    y = PAGE_H * 0.38 - 22 * mm
    canv.setFillColor(ACCENT)
    canv.setFont("Helvetica-Bold", 9)
    canv.drawString(MARGIN, y, "OFFICES")
    for i, office in enumerate(site["offices"]):
        x = MARGIN + i * BODY_W / len(site["offices"])
        canv.setFillColor(NAVY)
        canv.setFont("Helvetica-Bold", 15)
        canv.drawString(x, y - 9 * mm, office["city"])
        canv.setFillColor(MUTED)
        canv.setFont("Helvetica", 10)
        canv.drawString(x, y - 15 * mm, office["country"])
    canv.setStrokeColor(colors.HexColor("#D9DEE7"))
    canv.line(MARGIN, MARGIN + 6 * mm, PAGE_W - MARGIN, MARGIN + 6 * mm)
    canv.setFont("Helvetica", 10)
    canv.drawString(MARGIN, MARGIN, site["url"])
    canv.drawRightString(PAGE_W - MARGIN, MARGIN, site["contact"]["generalEmail"])
    canv.restoreState()


def frame(x: float, y: float, w: float, h: float, name: str) -> Frame:
    # No frame padding: cards and tables are laid out to exactly BODY_W.
    return Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=name)


def draw_inner(canv: Canvas, name: str) -> None:
    canv.saveState()
    canv.setFillColor(NAVY)
    canv.rect(0, PAGE_H - 6 * mm, PAGE_W, 6 * mm, stroke=0, fill=1)
    canv.setFont("Helvetica-Bold", 9)
    canv.drawString(MARGIN, PAGE_H - 14 * mm, name)
    canv.setStrokeColor(colors.HexColor("#D9DEE7"))
    canv.line(MARGIN, 14 * mm, PAGE_W - MARGIN, 14 * mm)
    canv.setFont("Helvetica", 8.5)
    canv.setFillColor(MUTED)
    canv.drawString(MARGIN, 9 * mm, "Company Profile")
    canv.drawRightString(PAGE_W - MARGIN, 9 * mm, str(canv.getPageNumber()))
    canv.restoreState()
