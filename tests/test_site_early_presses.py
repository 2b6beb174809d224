"""No dead control on the first screen: in Chromium under a phone's load (a CPU four times slower
and Lighthouse's mobile network, applied through the DevTools protocol), the cookie banner's
buttons and the header's Contact Us are pressed in the first frame after the page paints, long
before it hydrates, and each press takes effect: a cookie answer at once, Contact Us as soon as
the header hydrates."""

import pytest
from playwright.sync_api import expect

from .consent import CONSENT, stand_in_for_tags, stored_choice
from .lead_forms import CONTACT
from .site import SITE
from .test_site_consent import banner, wait_for_proof

# Lighthouse's mobile preset as its devtools throttling applies it.
PHONE_NETWORK = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1474.56 * 1024 / 8,
    "uploadThroughput": 675 * 1024 / 8,
}
HYDRATED = (
    "() => { const control = document.querySelector('header button');"
    " return !!control && Object.keys(control).some((key) => key.startsWith('__reactFiber')); }"
)


@pytest.fixture
def phone_load(browser, web_url):
    """Opens a route as a phone loads it and waits for its first paint, not for hydration: the
    page, with its scripts still on their way."""
    context = browser.new_context(base_url=web_url, viewport={"width": 1440, "height": 900})
    page = context.new_page()
    stand_in_for_tags(page)
    devtools = context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 4})

    def load(path: str):
        page.goto(path, wait_until="commit")
        page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
        return page

    yield load
    context.close()


def press_before_hydration(page, control) -> None:
    assert not page.evaluate(HYDRATED), "the page hydrated before the press: nothing early was tested"
    control.click()


@pytest.mark.parametrize(("answer", "consented"), [("acceptAll", True), ("rejectAll", False)])
def test_a_cookie_answer_pressed_at_first_paint_is_stored_at_once(phone_load, lead_engine, answer, consented):
    page = phone_load("/")
    press_before_hydration(page, banner(page).get_by_role("button", name=CONSENT["banner"][answer]))

    expect(banner(page)).to_be_hidden()
    choice = stored_choice(page)
    assert (choice["essential"], choice["analytics"], choice["marketing"]) == (True, consented, consented)
    assert not page.evaluate(HYDRATED)  # stored by the early script, before any of the page's code

    # Once hydrated, the consent code adopts the answer: it stays, and its proof is sent.
    page.wait_for_function(HYDRATED, timeout=60_000)
    [row] = wait_for_proof(page, lead_engine, choice["id"])
    assert (row["analytics"], row["marketing"]) == (consented, consented)
    expect(banner(page)).to_have_count(0)


def test_manage_pressed_at_first_paint_opens_the_preferences_on_hydration(phone_load):
    page = phone_load("/")
    press_before_hydration(page, banner(page).get_by_role("button", name=CONSENT["banner"]["manage"]))

    expect(page.get_by_role("dialog", name=CONSENT["dialog"]["title"])).to_be_visible(timeout=60_000)
    assert stored_choice(page) is None


def test_contact_us_pressed_at_first_paint_opens_the_dialog_on_hydration(phone_load):
    page = phone_load("/about")
    contact = page.locator("header").get_by_role("button", name=SITE["header"]["contactLabel"])
    press_before_hydration(page, contact)

    expect(page.get_by_role("dialog", name=CONTACT["title"])).to_be_visible(timeout=60_000)
