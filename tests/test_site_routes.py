"""Every route in real Chromium against `next start`: status, document title, the one <h1>,
and the not-found screens of the detail routes."""

import pytest

from .site import NOT_FOUND, routes

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


def test_unknown_path_is_404_page_not_found(page):
    response = page.goto("/no-such-page")

    assert response.status == 404
    assert page.locator("h1").inner_text().strip() == "Page Not Found"
    assert page.title().startswith("Page Not Found")
