"""The profile's pages after the cover, each a function of the content loader, so that every fact
comes from shared_content/ and the PDF never drifts from the website."""

from collections.abc import Callable
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table

from .layout import (
    BODY,
    BODY_W,
    CARD_BODY,
    CARD_TITLE,
    CITY,
    CONTACT_VALUE,
    COUNTRY,
    FIGURE,
    FIGURE_LABEL,
    GROWTH_FIGURE,
    GROWTH_LABEL,
    LEAD,
    NAVY,
    QUOTE,
    SMALL,
    card_grid,
    padding,
    paragraph,
    section_heading,
)

# Sections receive the loader, not preloaded dicts, so a new section can read a new file.
Load = Callable[[str], dict[str, Any]]


def who_we_are(load: Load) -> list[Flowable]:
    site, company = load("site"), load("company")
    stats = [
        [paragraph(s["value"], FIGURE), Spacer(0, 2 * mm), paragraph(s["label"], FIGURE_LABEL)]
        for s in company["stats"]
    ]
    growth = company["revenueGrowth"]
    claim = Table(
        [
            [
                paragraph(growth["value"], GROWTH_FIGURE),
                paragraph(growth["label"], GROWTH_LABEL),
            ]
        ],
        colWidths=[45 * mm, BODY_W - 45 * mm],
        style=[
            ("BACKGROUND", (0, 0), (-1, -1), NAVY),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            *padding(((0, 0), (-1, -1)), 7 * mm),
        ],
    )
    return [
        *section_heading("Who we are"),
        paragraph(site["description"], LEAD),
        Spacer(0, 4 * mm),
        paragraph(company["tagline"], QUOTE),
        Spacer(0, 12 * mm),
        card_grid(stats, cols=len(stats), pad=7 * mm),
        Spacer(0, 10 * mm),
        claim,
    ]


def _catalogue(heading: str, intro: str, items: list[dict[str, Any]]) -> list[Flowable]:
    cards = [
        [paragraph(item["title"], CARD_TITLE), paragraph(item["description"], CARD_BODY)] for item in items
    ]
    return [*section_heading(heading), paragraph(intro, LEAD), card_grid(cards, cols=2, pad=4 * mm)]


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
            paragraph(o["city"], CITY),
            paragraph(
                o["country"].upper(),
                COUNTRY,
            ),
            *(paragraph(line, BODY) for line in (o["address"], o["phone"], o["email"])),
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
        [[paragraph(k, SMALL), paragraph(v, CONTACT_VALUE)] for k, v in rows],
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
        *section_heading("Where to find us"),
        card_grid(offices, cols=2, pad=7 * mm),
        Spacer(0, 12 * mm),
        KeepTogether([paragraph("Get in touch", CARD_TITLE), table]),
    ]


SECTIONS: tuple[Callable[[Load], list[Flowable]], ...] = (
    who_we_are,
    what_we_build,
    ai_solutions,
    learning_technology,
    where_to_find_us,
)
