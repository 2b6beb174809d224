"""No dead control on the first screen: in Chromium under a phone's load (a CPU four times slower
and Lighthouse's mobile network, applied through the DevTools protocol), the cookie banner's
buttons and the header's Contact Us are pressed on the first painted page, before it hydrates, and
each press takes effect: a cookie answer at once, Contact Us and Manage as soon as the page
hydrates."""

import json

import pytest
from playwright.sync_api import Page, Route, expect

from ...support.browser import close
from ...support.consent import CONSENT, banner, stand_in_for_tags, stored_choice, wait_for_proof
from ...support.lead_forms import CONTACT, hold
from ...support.site import SITE, hydrated

pytestmark = pytest.mark.e2e

# Lighthouse's mobile preset as its devtools throttling applies it.
PHONE_NETWORK = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1474.56 * 1024 / 8,
    "uploadThroughput": 675 * 1024 / 8,
}
HYDRATED = hydrated("header button")
# The page as each press reached it, noted once the press has gone through the document (after the
# early script's listener): whether it had hydrated, whether the banner still asked, and the
# cookie choice stored by then.
PRESSES = f"""
window.__presses = [];
window.addEventListener("click", () => window.__presses.push({{
  hydrated: ({HYDRATED})(),
  asking: document.documentElement.hasAttribute("data-consent-ask"),
  stored: localStorage.getItem("cookieConsent"),
}}));
"""
SCRIPTS = "**/_next/static/chunks/*.js"


class PhoneLoad:
    """A page loaded as a phone loads it, to its first paint. Its scripts wait until the test has
    pressed: on a throttled load they arrive a second or so after the paint, a window that a
    test's press could miss."""

    def __init__(self, page: Page):
        self.page = page
        self.held: list[Route] = []

    def open(self, path: str) -> Page:
        self.held = hold(self.page, SCRIPTS)
        self.page.goto(path, wait_until="commit")
        self.page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
        return self.page

    def press_before_hydration(self, control) -> dict:
        """Presses `control`, then lets the scripts in; answers the page as the press found it."""
        control.click()
        press = self.page.evaluate("() => window.__presses.at(-1)")
        assert not press["hydrated"], "the page hydrated before the press: nothing early was tested"
        self.page.unroute(SCRIPTS)
        for script in self.held:
            script.continue_()
        return press


@pytest.fixture
def phone_load(browser, web_url):
    context = browser.new_context(base_url=web_url, viewport={"width": 1440, "height": 900})
    page = context.new_page()
    stand_in_for_tags(page)
    page.add_init_script(PRESSES)
    devtools = context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    yield PhoneLoad(page)
    close(page)


@pytest.mark.parametrize(("answer", "consented"), [("acceptAll", True), ("rejectAll", False)])
def test_a_cookie_answer_pressed_at_first_paint_is_stored_at_once(phone_load, lead_engine, answer, consented):
    page = phone_load.open("/")
    press = phone_load.press_before_hydration(
        banner(page).get_by_role("button", name=CONSENT["banner"][answer])
    )

    # Stored, and the banner hidden, by the early script as the press went through.
    assert not press["asking"]
    choice = json.loads(press["stored"])
    assert (choice["essential"], choice["analytics"], choice["marketing"]) == (True, consented, consented)
    expect(banner(page)).to_be_hidden()

    # Once hydrated, the consent code adopts the answer: it stays, and its proof is sent.
    page.wait_for_function(HYDRATED, timeout=60_000)
    assert stored_choice(page) == choice
    [row] = wait_for_proof(page, lead_engine, choice["id"])
    assert (row["analytics"], row["marketing"]) == (consented, consented)
    expect(banner(page)).to_have_count(0)


def test_manage_pressed_at_first_paint_opens_the_preferences_on_hydration(phone_load):
    page = phone_load.open("/")
    press = phone_load.press_before_hydration(
        banner(page).get_by_role("button", name=CONSENT["banner"]["manage"])
    )

    assert press["asking"] and press["stored"] is None
    expect(page.get_by_role("dialog", name=CONSENT["dialog"]["title"])).to_be_visible(timeout=60_000)
    assert stored_choice(page) is None


def test_contact_us_pressed_at_first_paint_opens_the_dialog_on_hydration(phone_load):
    page = phone_load.open("/about")
    contact = page.locator("header").get_by_role("button", name=SITE["header"]["contactLabel"])
    phone_load.press_before_hydration(contact)

    expect(page.get_by_role("dialog", name=CONTACT["title"])).to_be_visible(timeout=60_000)
