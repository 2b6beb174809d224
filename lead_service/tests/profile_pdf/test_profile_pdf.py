"""The company-profile PDF carries the site content and is byte-for-byte reproducible."""

import re
from pathlib import Path

from pypdf import PdfReader

from lead_service import content
from lead_service.profile_pdf import build_profile_pdf


def _normalise(text: str) -> str:
    # Extraction breaks lines wherever the layout wrapped them; compare on single spaces.
    return re.sub(r"\s+", " ", text)


def test_profile_pdf_contains_content(tmp_path: Path) -> None:
    out = build_profile_pdf(tmp_path / "nested" / "profile.pdf")
    assert out == tmp_path / "nested" / "profile.pdf"
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")

    reader = PdfReader(out)
    assert len(reader.pages) >= 3
    text = _normalise(" ".join(page.extract_text() for page in reader.pages))

    site, company, services = content.load("site"), content.load("company"), content.load("services")
    expected = [
        site["name"],
        *(s["title"] for s in services["services"]),
        *(s["title"] for s in content.load("ai-solutions")["solutions"]),
        *(s["title"] for s in content.load("edutech")["services"]),
        *(o["city"] for o in site["offices"]),
        *(s["value"] for s in company["stats"]),
        company["revenueGrowth"]["value"],
        site["contact"]["generalEmail"],
    ]
    missing = [item for item in expected if item not in text]
    assert not missing, f"missing from PDF text: {missing}"

    assert reader.metadata is not None
    assert site["name"] in (reader.metadata.title or "")
    assert reader.metadata.author == site["name"]
    # No temp files left next to the output.
    assert [p.name for p in out.parent.iterdir()] == ["profile.pdf"]


def test_profile_pdf_is_deterministic(tmp_path: Path) -> None:
    first = build_profile_pdf(tmp_path / "a.pdf").read_bytes()
    second = build_profile_pdf(tmp_path / "b.pdf").read_bytes()
    assert first == second
    # Rebuilding in place replaces the file rather than appending to it.
    assert build_profile_pdf(tmp_path / "a.pdf").read_bytes() == first
