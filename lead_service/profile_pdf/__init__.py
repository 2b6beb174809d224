"""The company-profile PDF, rendered from shared_content/ with reportlab: the cover, then one page
per section of sections.py, drawn with layout.py's styles. To add a page, write a function of the
content loader that returns flowables and append it to sections.SECTIONS; it gets the inner
page's header and footer."""

import os
import tempfile
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Flowable, NextPageTemplate, PageBreak, PageTemplate, Spacer

from .. import content
from .layout import (
    BODY_W,
    COVER_KICKER,
    COVER_NAME,
    COVER_TAG,
    MARGIN,
    PAGE_H,
    draw_cover,
    draw_inner,
    frame,
    paragraph,
)
from .sections import SECTIONS


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
                    [frame(MARGIN, PAGE_H * 0.42, BODY_W, PAGE_H * 0.42, "cover")],
                    onPage=lambda canv, _doc: draw_cover(canv, site),
                ),
                PageTemplate(
                    "inner",
                    [frame(MARGIN, 20 * mm, BODY_W, PAGE_H - 48 * mm, "body")],
                    onPage=lambda canv, _doc: draw_inner(canv, site["name"]),
                ),
            ]
        )
        story: list[Flowable] = [
            Spacer(0, 20 * mm),
            paragraph("COMPANY PROFILE", COVER_KICKER),
            paragraph(site["name"], COVER_NAME),
            paragraph(site["tagline"], COVER_TAG),
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
