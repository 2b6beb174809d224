"""INP of the interactions a visitor makes first, each scripted in Chromium on a hydrated page with
the CPU four times slower (desktop viewport, where the header's menus and Contact Us show), and
measured with the Event Timing API: the longest event duration among the interaction's events,
as INP takes it. Chromium reports events of 16 ms and longer only, so a faster answer reads 0.
Median and spread over RUNS."""

import statistics
from collections.abc import Callable

from playwright.sync_api import Page, sync_playwright

from lead_service import content
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.site import hydrated

from .phone_load import SITE_CONTROL

RUNS = 5
EVENTS = """
window.__durations = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.interactionId) window.__durations.push(entry.duration);
}).observe({ type: "event", durationThreshold: 16 });
"""
HYDRATED = hydrated(SITE_CONTROL)
SITE = content.load("site")
BANNER = content.load("cookie-policy")["consent"]["banner"]
FORMS = content.load("forms")["forms"]
SUBMENU = next(item["label"] for item in SITE["header"]["menu"] if item.get("submenu"))
CATEGORY = content.load("case-studies")["categories"][0]


def _quote_form(page: Page):
    return page.locator('[data-lead-form="quote"]')


def _choose_budget(page: Page) -> None:
    _quote_form(page).get_by_role("combobox", name=FORMS["quote"]["fields"]["budget"]["label"]).click()
    page.get_by_role("option", name=FORMS["quote"]["fields"]["budget"]["options"][1], exact=True).click()


def _open_contact(page: Page) -> None:
    page.locator("header").get_by_role("button", name=SITE["header"]["contactLabel"]).click()


def _type_a_phone_number(page: Page) -> None:
    # The press on the field asks for the phone library, which takes over while the keys arrive.
    phone = _quote_form(page).get_by_role("textbox", name=FORMS["quote"]["fields"]["phone"]["label"])
    phone.click()
    phone.press_sequentially("1712345678")


def _filter_case_studies(page: Page) -> None:
    page.locator(f'[data-filter="{CATEGORY}"]').click()


# What a visitor does first: (its name, the route, the steps). Each starts on a hydrated page.
INTERACTIONS: list[tuple[str, str, Callable[[Page], None]]] = [
    ("open a menu", "/", lambda page: page.get_by_role("button", name=f"{SUBMENU} menu").click()),
    ("open the Contact Us dialog", "/", _open_contact),
    (
        "type ten characters into the quote form's name",
        "/",
        lambda page: _quote_form(page).get_by_role("textbox", name="Name").press_sequentially("Ada Lovela"),
    ),
    ("type ten characters into the phone field", "/", _type_a_phone_number),
    ("choose a budget", "/", _choose_budget),
    ("accept cookies", "/", lambda page: page.get_by_role("button", name=BANNER["acceptAll"]).click()),
    ("filter case studies", "/case-studies", _filter_case_studies),
]


def _inp(browser, url: str, act: Callable[[Page], None]) -> float:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    # The tag hosts are never reached: accepting cookies would ask them for the tags.
    context.route("https://www.googletagmanager.com/**", lambda route: route.fulfill(body=""))
    page = context.new_page()
    page.goto(url, timeout=60_000)
    page.wait_for_function(HYDRATED, timeout=60_000)
    page.wait_for_timeout(500)  # the page settled: what follows is the interaction's alone
    devtools = context.new_cdp_session(page)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.evaluate(EVENTS)
    act(page)
    page.wait_for_timeout(1000)  # its events reported
    durations = page.evaluate("() => window.__durations")
    context.close()
    return max(durations, default=0)


def interaction_inp(site: str) -> dict[str, dict[str, float]]:
    """{interaction: {"median", "min", "max"}} in ms, on the site at `site`."""
    runs: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(RUNS):
            for name, route, act in INTERACTIONS:
                runs.setdefault(name, []).append(_inp(browser, f"{site}{route}", act))
        browser.close()
    return {
        name: {"median": statistics.median(values), "min": min(values), "max": max(values)}
        for name, values in runs.items()
    }
