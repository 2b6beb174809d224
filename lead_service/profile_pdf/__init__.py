"""Company-profile PDF rendered from shared_content/ with reportlab.

Every fact comes from the content loader so the PDF never drifts from the website.
To add a section (e.g. AI solutions), write a function that takes the content loader and
returns flowables, then append it to SECTIONS; it gets its own page with header and footer.
"""

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from .. import content

NAVY = colors.HexColor("#14213D")
ACCENT = colors.HexColor("#F2A541")
INK = colors.HexColor("#2B2F3A")
MUTED = colors.HexColor("#6B7280")
CARD = colors.HexColor("#F3F5F9")
PAGE_W, PAGE_H = A4
MARGIN = 20 * mm
BODY_W = PAGE_W - 2 * MARGIN

# Sections receive the loader, not preloaded dicts, so a new section can read a new file.
Load = Callable[[str], dict[str, Any]]


def _style(
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


COVER_NAME = _style("cover-name", 40, colors.white, "Helvetica-Bold", 46)
COVER_TAG = _style("cover-tag", 16, colors.white, leading=22, spaceBefore=8 * mm)
COVER_KICKER = _style("cover-kicker", 11, ACCENT, "Helvetica-Bold", spaceAfter=6 * mm)
H1 = _style("h1", 26, NAVY, "Helvetica-Bold", 32, spaceAfter=2 * mm)
LEAD = _style("lead", 13, INK, leading=19, spaceAfter=5 * mm)
BODY = _style("body", 10, INK, leading=14.5)
CARD_BODY = _style("card-body", 9, INK, leading=12.5)
QUOTE = _style("quote", 14, NAVY, "Helvetica-Oblique", 20)
CARD_TITLE = _style("card-title", 12, NAVY, "Helvetica-Bold", 16, spaceAfter=2 * mm)
FIGURE = _style("figure", 30, NAVY, "Helvetica-Bold", 34, alignment=TA_CENTER)
FIGURE_LABEL = _style("figure-label", 9.5, MUTED, alignment=TA_CENTER)
SMALL = _style("small", 9, MUTED, leading=13)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    # Content is plain text; Paragraph parses markup, so "&" or "<" would break it.
    return Paragraph(escape(text), style)


class _Rule(Flowable):
    """Short accent bar under section headings: a visual anchor shared by every page."""

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return avail_w, 8 * mm

    def draw(self) -> None:
        self.canv.setFillColor(ACCENT)
        self.canv.rect(0, 5 * mm, 18 * mm, 1.4 * mm, stroke=0, fill=1)


def _heading(title: str) -> list[Flowable]:
    return [_p(title, H1), _Rule()]


def _pad(cells: tuple[tuple[int, int], tuple[int, int]], amount: float) -> list[tuple[Any, ...]]:
    return [(f"{side}PADDING", *cells, amount) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]


def _cards(cells: Sequence[Sequence[Flowable]], cols: int, pad: float = 5 * mm) -> Table:
    """Grid of tinted cards. Tables have no cell spacing, so gutters are empty rows/columns."""
    gap = 5 * mm
    rows: list[list[Any]] = []
    for i in range(0, len(cells), cols):
        cards = [list(cell) for cell in cells[i : i + cols]]
        cards += [[]] * (cols - len(cards))
        rows += ([[""] * (2 * cols - 1)] if rows else []) + [[x for c in cards for x in ("", c)][1:]]
    style: list[tuple[Any, ...]] = [("VALIGN", (0, 0), (-1, -1), "TOP"), *_pad(((0, 0), (-1, -1)), pad)]
    for r in range(0, len(rows), 2):
        style += _pad(((0, r + 1), (-1, r + 1)), 0)
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


def who_we_are(load: Load) -> list[Flowable]:
    site, company = load("site"), load("company")
    stats = [
        [_p(s["value"], FIGURE), Spacer(0, 2 * mm), _p(s["label"], FIGURE_LABEL)] for s in company["stats"]
    ]
    growth = company["revenueGrowth"]
    claim = Table(
        [
            [
                _p(growth["value"], _style("g", 34, ACCENT, "Helvetica-Bold", 38)),
                _p(growth["label"], _style("gl", 13, colors.white, leading=18)),
            ]
        ],
        colWidths=[45 * mm, BODY_W - 45 * mm],
        style=[
            ("BACKGROUND", (0, 0), (-1, -1), NAVY),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            *_pad(((0, 0), (-1, -1)), 7 * mm),
        ],
    )
    return [
        *_heading("Who we are"),
        _p(site["description"], LEAD),
        Spacer(0, 4 * mm),
        _p(company["tagline"], QUOTE),
        Spacer(0, 12 * mm),
        _cards(stats, cols=len(stats), pad=7 * mm),
        Spacer(0, 10 * mm),
        claim,
    ]


def _catalogue(heading: str, intro: str, items: list[dict[str, Any]]) -> list[Flowable]:
    cards = [[_p(item["title"], CARD_TITLE), _p(item["description"], CARD_BODY)] for item in items]
    return [*_heading(heading), _p(intro, LEAD), _cards(cards, cols=2, pad=4 * mm)]


def what_we_build(load: Load) -> list[Flowable]:
    services = load("services")
    return _catalogue("What we build", services["page"]["intro"], services["services"])


def ai_solutions(load: Load) -> list[Flowable]:
    solutions = load("ai-solutions")
    return _catalogue("AI solutions", solutions["page"]["intro"], solutions["solutions"])


def learning_technology(load: Load) -> list[Flowable]:
    edutech = load("edutech")
    return _catalogue("Learning technology", edutech["page"]["intro"], edutech["services"])


def where_to_find_us(load: Load) -> list[Flowable]:
    site = load("site")
    offices = [
        [
            _p(o["city"], _style("city", 18, NAVY, "Helvetica-Bold", 22)),
            _p(o["country"].upper(), _style("country", 9, ACCENT, "Helvetica-Bold", spaceAfter=3 * mm)),
            *(_p(line, BODY) for line in (o["address"], o["phone"], o["email"])),
        ]
        for o in site["offices"]
    ]
    contact = site["contact"]
    rows = [
        ("General enquiries", contact["generalEmail"]),
        ("Sales", contact["salesEmail"]),
        ("Phone", contact["phone"]),
        ("Website", site["url"]),
    ]
    table = Table(
        [[_p(k, SMALL), _p(v, _style("cv", 12, NAVY, "Helvetica-Bold"))] for k, v in rows],
        colWidths=[45 * mm, BODY_W - 45 * mm],
        style=[
            ("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.HexColor("#D9DEE7")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 3 * mm),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3 * mm),
        ],
    )
    return [
        *_heading("Where to find us"),
        _cards(offices, cols=2, pad=7 * mm),
        Spacer(0, 12 * mm),
        KeepTogether([_p("Get in touch", CARD_TITLE), table]),
    ]


SECTIONS: tuple[Callable[[Load], list[Flowable]], ...] = (
    who_we_are,
    what_we_build,
    ai_solutions,
    learning_technology,
    where_to_find_us,
)


def _draw_cover(canv: Canvas, site: dict[str, Any]) -> None:
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


def _frame(x: float, y: float, w: float, h: float, name: str) -> Frame:
    # No frame padding: cards and tables are laid out to exactly BODY_W.
    return Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=name)


def _draw_inner(canv: Canvas, name: str) -> None:
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


def build_profile_pdf(output: Path) -> Path:
    """Render the profile to `output` atomically and return it; same content gives same bytes."""
    site = content.load("site")
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".tmp", dir=output.parent)
    os.close(fd)
    try:
        # invariant=1 pins creation date and document ID, so the ETag is stable across builds.
        doc = BaseDocTemplate(
            tmp,
            pagesize=A4,
            invariant=1,
            title=f"{site['name']} — Company Profile",
            author=site["name"],
            subject=site["tagline"],
            creator=site["name"],
        )
        doc.addPageTemplates(
            [
                PageTemplate(
                    "cover",
                    [_frame(MARGIN, PAGE_H * 0.42, BODY_W, PAGE_H * 0.42, "cover")],
                    onPage=lambda canv, _doc: _draw_cover(canv, site),
                ),
                PageTemplate(
                    "inner",
                    [_frame(MARGIN, 20 * mm, BODY_W, PAGE_H - 48 * mm, "body")],
                    onPage=lambda canv, _doc: _draw_inner(canv, site["name"]),
                ),
            ]
        )
        story: list[Flowable] = [
            Spacer(0, 20 * mm),
            _p("COMPANY PROFILE", COVER_KICKER),
            _p(site["name"], COVER_NAME),
            _p(site["tagline"], COVER_TAG),
            NextPageTemplate("inner"),
        ]
        for section in SECTIONS:
            story += [PageBreak(), *section(content.load)]
        doc.build(story)
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; the file is meant to be served.
        os.replace(tmp, output)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return output
