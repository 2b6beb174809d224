"""Helpers for the consent browser tests: the cookie-policy texts, the tag hosts stood in for,
the banner, the stored choice as the page holds it, and the proof rows the service keeps."""

import json
from datetime import UTC, datetime

from playwright.sync_api import Locator, Page
from sqlalchemy import text

from lead_service import content

from .site import SITE

CONSENT = content.load("cookie-policy")["consent"]
TAGS = SITE["tags"]
TAG_HOST = "https://www.googletagmanager.com/"
# What the real tags would write: GA4's two cookies, and the ads linker's.
FAKE_TAG_SCRIPTS = {
    "gtag/js": "document.cookie = '_ga=GA1.1.42.1; path=/'; document.cookie = '_ga_TWDEMO=GS1.1.1; path=/';",
    "gtm.js": "document.cookie = '_gcl_au=1.1.42.1; path=/';",
}


def stand_in_for_tags(page: Page) -> list[str]:
    """The tag hosts are never reached: the test answers for them and lists what was asked."""
    asked: list[str] = []

    def answer(route):
        asked.append(route.request.url)
        body = next((script for path, script in FAKE_TAG_SCRIPTS.items() if path in route.request.url), "")
        route.fulfill(status=200, content_type="text/javascript", body=body)

    page.route(f"{TAG_HOST}**", answer)
    return asked


def banner(page: Page) -> Locator:
    return page.locator("[data-cookie-banner]")


def stored_choice(page: Page) -> dict | None:
    raw = page.evaluate("localStorage.getItem('cookieConsent')")
    return None if raw is None else json.loads(raw)


def data_layer(page: Page) -> list:
    """window.dataLayer as plain JSON: gtag's arguments objects become lists."""
    return page.evaluate(
        "() => (window.dataLayer || []).map((entry) =>"
        " Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry) : entry)"
    )


def iso(moment: datetime) -> str:
    """A date as the site stores it: JavaScript's toISOString()."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def remember_choice(page: Page, **overrides) -> None:
    """A visitor who answered before: this choice (current unless overridden) is in localStorage
    before any of the page's scripts run."""
    choice = {
        "essential": True,
        "analytics": False,
        "marketing": False,
        "version": CONSENT["version"],
        "date": iso(datetime.now(UTC)),
        "id": "5f0c7d4e-8a51-4f1e-9a39-2b7c1c0e6d21",
        **overrides,
    }
    page.add_init_script(f"localStorage.setItem('cookieConsent', {json.dumps(json.dumps(choice))})")


def proof_rows(engine, consent_id: str) -> list[dict]:
    with engine.connect() as connection:
        result = connection.execute(
            text("SELECT * FROM consent_records WHERE consent_id = :id ORDER BY id"), {"id": consent_id}
        )
        return [dict(row._mapping) for row in result]


def wait_for_proof(page: Page, engine, consent_id: str, count: int = 1) -> list[dict]:
    """The proof rows of `consent_id`, once there are `count` (5 s at most)."""
    for _ in range(50):
        rows = proof_rows(engine, consent_id)
        if len(rows) >= count:
            return rows
        page.wait_for_timeout(100)
    raise AssertionError(f"no proof row for {consent_id}")
