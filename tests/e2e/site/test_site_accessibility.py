"""axe-core on every route at 1440 px and 390 px, and with each dialog open: no violation of
WCAG 2.2 A or AA. The cookie banner shows on every first visit, so every page is checked with it."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from ...support.consent import CONSENT
from ...support.lead_forms import CONTACT_LABEL, wait_hydrated
from ...support.site import NOT_FOUND, routes, visit

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[3] / "web/node_modules/axe-core/axe.min.js"
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
VIEWPORTS = {"1440": {"width": 1440, "height": 900}, "390": {"width": 390, "height": 844}}


def _one_of_each() -> list[str]:
    """Every route, with one id per detail route, and a URL that does not exist."""
    paths, details = [], set()
    for route in routes():
        section = "/" + route.path.strip("/").split("/")[0]
        if route.path.count("/") == 2:
            if section in details:
                continue
            details.add(section)
        paths.append(route.path)
    return [*paths, "/this-page-does-not-exist", f"{next(iter(NOT_FOUND))}/999"]


def violations(page) -> list[str]:
    # Sections far below the screen are laid out and painted only as they near it (content-visibility
    # in globals.css); axe reads colours off the painted page, so it is shown every section at once.
    page.add_style_tag(content="main > section, body > footer { content-visibility: visible !important }")
    page.add_script_tag(path=str(AXE))
    run = "(tags) => axe.run(document, { runOnly: { type: 'tag', values: tags } })"
    result = page.evaluate(run, WCAG_22_AA)
    return [
        f"{found['id']} ({found['impact']}): {found['help']} at "
        + "; ".join(str(node["target"][0]) for node in found["nodes"][:4])
        for found in result["violations"]
    ]


@pytest.fixture(params=VIEWPORTS)
def viewer(request, browser, web_url):
    phone = request.param == "390"
    context = browser.new_context(
        base_url=web_url,
        viewport=VIEWPORTS[request.param],
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
    )
    page = context.new_page()
    yield page
    context.close()


def _with_banner(page, path: str) -> None:
    page.goto(path)
    wait_hydrated(page, "footer button")
    expect(page.locator("[data-cookie-banner]")).to_be_visible()


@pytest.mark.parametrize("path", _one_of_each())
def test_every_route_meets_wcag_22_aa(viewer, path):
    _with_banner(viewer, path)

    assert violations(viewer) == []


def test_the_preferences_dialog_meets_wcag_22_aa(viewer):
    _with_banner(viewer, "/")
    viewer.locator("[data-cookie-banner]").get_by_role("button", name=CONSENT["banner"]["manage"]).click()
    expect(viewer.get_by_role("dialog", name=CONSENT["dialog"]["title"])).to_be_visible()

    assert violations(viewer) == []


def test_the_contact_modal_meets_wcag_22_aa(viewer):
    visit(viewer, "/")
    if viewer.viewport_size["width"] < 1024:
        viewer.locator("header").get_by_role("button", name="Open menu").click()
    viewer.get_by_role("button", name=CONTACT_LABEL).first.click()
    expect(viewer.get_by_role("dialog", name="Contact Us")).to_be_visible()

    assert violations(viewer) == []


def test_the_open_menus_meet_wcag_22_aa(viewer):
    """The submenus and the mobile menu exist only while open, so axe sees them only here."""
    visit(viewer, "/")
    if viewer.viewport_size["width"] < 1024:
        viewer.locator("header").get_by_role("button", name="Open menu").click()
        toggle = viewer.get_by_role("navigation", name="Mobile").get_by_role("button", name="AI submenu")
    else:
        toggle = viewer.get_by_role("button", name="AI menu")
    toggle.click()
    expect(viewer.locator(f"#{toggle.get_attribute('aria-controls')}".replace(":", "\\:"))).to_be_visible()

    assert violations(viewer) == []


def test_the_quote_dialog_meets_wcag_22_aa(viewer):
    visit(viewer, "/services/7")
    viewer.get_by_role("button", name="Request a Quote").first.click()
    expect(viewer.get_by_role("dialog", name="Get Custom Quote")).to_be_visible()

    assert violations(viewer) == []
