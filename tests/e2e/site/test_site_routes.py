"""Every route in real Chromium against `next start`: status, document title, the one <h1>,
and the not-found screens of the detail routes."""

import pytest
import requests
from playwright.sync_api import expect

from ...support.site import NOT_FOUND, routes, visit

pytestmark = pytest.mark.e2e

ROUTES = routes()


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.path)
def test_route_renders_its_title_and_heading(page, route):
    response = page.goto(route.path)

    assert response.status == 200
    assert page.title() == route.document_title
    headings = page.locator("h1")
    assert headings.count() == 1
    assert headings.inner_text().strip() == route.heading


def test_every_detail_id_is_visited():
    visited = {route.path for route in ROUTES}
    assert {f"/ai-solutions/{n}" for n in range(1, 7)} <= visited
    assert {f"/edutech/{n}" for n in range(1, 7)} <= visited
    assert {f"/services/{n}" for n in range(7, 13)} <= visited
    assert {f"/case-studies/{n}" for n in range(1, 13)} <= visited
    assert {f"/blog/{n}" for n in range(1, 10)} <= visited


UNKNOWN_IDS = {
    "/ai-solutions": ["7", "0", "abc", "01", "1.5", "-1"],
    "/edutech": ["7", "0", "x1"],
    "/services": ["6", "13", "1", "seven"],
    "/case-studies": ["13", "0", "abc", "1abc", "99999999999"],
    "/blog": ["10", "0", "post"],
}


@pytest.mark.parametrize(
    ("base", "raw"), [(base, raw) for base, ids in UNKNOWN_IDS.items() for raw in ids], ids=str
)
def test_unknown_or_non_numeric_id_is_404_with_the_screens_message(page, base, raw):
    response = page.goto(f"{base}/{raw}")

    assert response.status == 404
    assert page.locator("h1").inner_text().strip() == NOT_FOUND[base]


@pytest.mark.parametrize("base", UNKNOWN_IDS)
def test_without_scripts_an_unknown_id_shows_the_screens_message(browser, web_url, base):
    context = browser.new_context(base_url=web_url, java_script_enabled=False)
    page = context.new_page()
    response = page.goto(f"{base}/{UNKNOWN_IDS[base][0]}")

    assert response.status == 404
    assert page.locator("h1").inner_text().strip() == NOT_FOUND[base]
    assert page.title().startswith("Page Not Found")
    assert page.locator('meta[name="robots"]').get_attribute("content") == "noindex"
    context.close()


@pytest.mark.parametrize("base", UNKNOWN_IDS)
def test_the_screens_own_url_is_not_a_page(web_url, base):
    response = requests.get(f"{web_url}/missing{base}", timeout=10)

    assert response.status_code == 404
    assert NOT_FOUND[base] in response.text


def test_navigating_in_the_app_to_an_unknown_id_shows_the_screens_message(page):
    visit(page, "/blog/1")
    # The app router's own navigation, as a link to a post that no longer exists would start.
    page.evaluate("() => window.next.router.push('/blog/99')")

    expect(page.locator("h1")).to_have_text(NOT_FOUND["/blog"])
    assert page.url.endswith("/blog/99")


def test_unknown_path_is_404_page_not_found(page):
    response = page.goto("/no-such-page")

    assert response.status == 404
    assert page.locator("h1").inner_text().strip() == "Page Not Found"
    assert page.title().startswith("Page Not Found")
