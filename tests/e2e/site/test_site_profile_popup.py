"""The landing page's profile popup (shown 20 s after load, hidden 15 s later) on a controlled
clock, and the company profile arriving as a PDF through the site's own origin from the popup and
both company-page buttons."""

import pytest
from playwright.sync_api import expect

from lead_service import content

from ...support.lead_forms import wait_hydrated
from ...support.site import visit

pytestmark = pytest.mark.e2e

POPUP = content.load("home")["profilePopup"]


def landing(page):
    """The home page on a fake clock, hydrated, quiet, paused, and then moved on to 0.5 s before
    the popup is due: 20 s after the page's load, which performance.now() counts from."""
    page.clock.install()
    visit(page, "/")
    wait_hydrated(page, '[data-lead-form="quote"]')
    page.wait_for_load_state("networkidle")
    # In seconds, and a little ahead: the clock runs on while the call travels.
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 0.2)
    page.clock.run_for(int(19_500 - page.evaluate("performance.now()")))
    return page.locator("[data-profile-popup]")


def test_it_appears_after_20_seconds_and_hides_15_seconds_later(page):
    popup = landing(page)
    expect(popup).to_have_count(0)
    page.clock.run_for(1_000)
    expect(popup).to_be_visible()
    expect(popup.get_by_role("heading")).to_have_text(POPUP["heading"])
    page.clock.run_for(14_000)
    expect(popup).to_be_visible()
    page.clock.run_for(1_500)
    expect(popup).to_have_count(0)


def test_its_close_control_hides_it(page):
    popup = landing(page)
    page.clock.run_for(1_000)
    popup.get_by_role("button", name="Close").click()
    expect(popup).to_have_count(0)
    page.clock.run_for(60_000)
    expect(popup).to_have_count(0)


@pytest.mark.parametrize(("motion", "animated"), [("no-preference", True), ("reduce", False)])
def test_it_slides_up_unless_reduced_motion_is_asked(page, motion, animated):
    page.emulate_media(reduced_motion=motion)
    popup = landing(page)
    page.clock.run_for(1_000)
    assert (popup.evaluate("(el) => getComputedStyle(el).animationName") != "none") is animated


def test_it_stays_clear_of_the_chat_button_on_a_phone(phone):
    popup = landing(phone)
    phone.clock.run_for(1_000)
    chat = phone.locator("[data-chat-button]")
    box, other = popup.bounding_box(), chat.bounding_box()
    assert box["x"] + box["width"] <= other["x"] or box["y"] + box["height"] <= other["y"]


def download_from(page, web_url, link) -> bytes:
    with page.expect_download() as download:
        link.click()
    assert download.value.url == f"{web_url}/api/download/profile"
    return download.value.path().read_bytes()


def test_the_popup_downloads_the_profile_from_the_site(page, web_url):
    popup = landing(page)
    page.clock.run_for(1_000)
    pdf = download_from(page, web_url, popup.get_by_role("link", name=POPUP["downloadLabel"]))
    assert pdf.startswith(b"%PDF-")


@pytest.mark.parametrize("label", ["Download Company Profile", "Download Profile"])
def test_both_company_page_buttons_download_the_profile_from_the_site(page, web_url, label):
    visit(page, "/company")
    pdf = download_from(page, web_url, page.locator("main").get_by_role("link", name=label, exact=True))
    assert pdf.startswith(b"%PDF-")
