"""Field data: the web-vitals library reports each page load's LCP, INP, CLS, FCP and TTFB as
`web_vitals` events in window.dataLayer, and is fetched only after the page has hydrated."""

import re

import pytest
import requests

from ...support.consent import data_layer, remember_choice
from ...support.site import visit

pytestmark = pytest.mark.e2e

FIELDS = {"metric_name", "metric_value", "metric_delta", "metric_rating", "metric_id", "navigation_type"}
RATINGS = {"good", "needs-improvement", "poor"}


def vitals(page) -> dict[str, dict]:
    """The latest report of each metric."""
    return {
        entry["metric_name"]: entry
        for entry in data_layer(page)
        if isinstance(entry, dict) and entry.get("event") == "web_vitals"
    }


def wait_for_vitals(page, *names: str) -> dict[str, dict]:
    page.wait_for_function(
        "(names) => names.every((name) => (window.dataLayer || []).some("
        "(entry) => entry && entry.event === 'web_vitals' && entry.metric_name === name))",
        arg=list(names),
    )
    return vitals(page)


def hide(page) -> None:
    """The visitor switches away: the page turns hidden, when the library reports CLS and INP."""
    page.evaluate(
        "() => { Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )


def test_each_metric_of_a_load_reaches_the_data_layer(page):
    remember_choice(page)
    visit(page, "/")
    wait_for_vitals(page, "FCP", "TTFB")  # the library has loaded
    # A press ends the largest paint; typing is an interaction; leaving reports layout shift and INP.
    page.locator("h1").first.click()
    page.get_by_role("textbox", name="Name").first.press_sequentially("Rahim")
    # The library files interactions when the browser is idle, which a visitor's leaving comes long
    # after: an idle callback asked for now runs after the library's own.
    page.evaluate("() => new Promise((resolve) => requestIdleCallback(() => resolve()))")
    hide(page)
    reported = wait_for_vitals(page, "FCP", "TTFB", "LCP", "CLS", "INP")

    for name, entry in reported.items():
        assert set(entry) == FIELDS | {"event"}, name
        assert entry["metric_rating"] in RATINGS, name
        assert entry["navigation_type"] == "navigate", name
        assert isinstance(entry["metric_id"], str) and entry["metric_id"], name
    for name in ("FCP", "TTFB", "LCP"):
        assert reported[name]["metric_value"] > 0, name
    # An interaction was seen (the library starts INP at -1). Under the 40 ms it observes, it falls
    # back to the first input's delay, which on an idle page is 0.
    assert reported["INP"]["metric_value"] >= 0
    assert 0 <= reported["CLS"]["metric_value"] < 0.02
    assert reported["FCP"]["metric_value"] <= reported["LCP"]["metric_value"]


def test_the_library_is_fetched_later_and_is_no_part_of_the_first_load(page, web_url):
    html = requests.get(web_url, timeout=10).text
    first_load = set(re.findall(r'(?:src|href)="(/_next/static/chunks/[^"]+\.js)"', html))
    assert first_load
    scripts: list[str] = []
    page.on("request", lambda request: request.resource_type == "script" and scripts.append(request.url))
    visit(page, "/")
    wait_for_vitals(page, "FCP")

    def source(url: str) -> str:
        return requests.get(url, timeout=10).text

    # The library observes largest-contentful-paint entries; nothing of the first load does.
    assert not [
        path for path in first_load if "largest-contentful-paint" in source(web_url.rstrip("/") + path)
    ]
    later = [url for url in scripts if not any(url.endswith(path) for path in first_load)]
    assert [url for url in later if "largest-contentful-paint" in source(url)]
