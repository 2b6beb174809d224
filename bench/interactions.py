"""INP of the interactions a visitor makes first, each scripted in Chromium on a hydrated page with
the CPU four times slower (desktop viewport, where the header's menus and Contact Us show), and
measured with the Event Timing API: the longest event duration among the interaction's events,
as INP takes it. Chromium reports events of 16 ms and longer only, so a faster answer reads 0.
Median and spread over RUNS.

Presses and keys go in as a person's do, through the browser's input (page.mouse, page.keyboard).
Playwright's locator actions would run its own script in the page at each step: a query of the
whole page for the target, and listeners on the press that check what it hit. Under the slowed
CPU those took 40 to 70 ms, right on the press, and were counted as the page's. So each target is
found with the CPU at full speed, after a person's pause, and only the press itself is slowed."""

import statistics
from collections.abc import Callable

from playwright.sync_api import CDPSession, Locator, Page, sync_playwright

from lead_service import content
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.site import hydrated

from .phone_load import SITE_CONTROL

RUNS = 5
SLOWDOWN = 4
# Before a press, as a person takes at least.
PAUSE_MS = 300
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


class Visitor:
    """Presses and types on a page whose CPU is slowed, through the browser's input."""

    def __init__(self, page: Page, devtools: CDPSession):
        self.page, self.devtools = page, devtools

    def _cpu(self, rate: int) -> None:
        self.devtools.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def press(self, target: Locator) -> None:
        # A person's pause first, still slowed: whatever the last press set going ends as it would.
        self.page.wait_for_timeout(PAUSE_MS)
        self._cpu(1)
        target.scroll_into_view_if_needed()
        self.page.wait_for_timeout(PAUSE_MS)  # what coming into view set going, done
        box = target.bounding_box()
        self._cpu(SLOWDOWN)
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def type(self, text: str) -> None:
        """Into what has the focus, each key as soon as the last one was handled."""
        self.page.keyboard.type(text)


def _quote_form(page: Page) -> Locator:
    return page.locator('[data-lead-form="quote"]')


def _choose_budget(visitor: Visitor) -> None:
    field = FORMS["quote"]["fields"]["budget"]
    visitor.press(_quote_form(visitor.page).get_by_role("combobox", name=field["label"]))
    visitor.press(visitor.page.get_by_role("option", name=field["options"][1], exact=True))


def _open_a_menu(visitor: Visitor) -> None:
    visitor.press(visitor.page.get_by_role("button", name=f"{SUBMENU} menu"))


def _open_contact(visitor: Visitor) -> None:
    visitor.press(visitor.page.locator("header").get_by_role("button", name=SITE["header"]["contactLabel"]))


def _type_a_name(visitor: Visitor) -> None:
    visitor.press(_quote_form(visitor.page).get_by_role("textbox", name="Name"))
    visitor.type("Ada Lovela")


def _type_a_phone_number(visitor: Visitor) -> None:
    # The press on the field asks for the phone library, which starts once the keys pause.
    field = FORMS["quote"]["fields"]["phone"]
    visitor.press(_quote_form(visitor.page).get_by_role("textbox", name=field["label"]))
    visitor.type("1712345678")


def _accept_cookies(visitor: Visitor) -> None:
    visitor.press(visitor.page.get_by_role("button", name=BANNER["acceptAll"]))


def _filter_case_studies(visitor: Visitor) -> None:
    visitor.press(visitor.page.locator(f'[data-filter="{CATEGORY}"]'))


# What a visitor does first: (its name, the route, the steps). Each starts on a hydrated page.
INTERACTIONS: list[tuple[str, str, Callable[[Visitor], None]]] = [
    ("open a menu", "/", _open_a_menu),
    ("open the Contact Us dialog", "/", _open_contact),
    ("type ten characters into the quote form's name", "/", _type_a_name),
    ("type ten characters into the phone field", "/", _type_a_phone_number),
    ("choose a budget", "/", _choose_budget),
    ("accept cookies", "/", _accept_cookies),
    ("filter case studies", "/case-studies", _filter_case_studies),
]


def _inp(browser, url: str, act: Callable[[Visitor], None]) -> float:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    # The tag hosts are never reached: accepting cookies would ask them for the tags.
    context.route("https://www.googletagmanager.com/**", lambda route: route.fulfill(body=""))
    page = context.new_page()
    page.goto(url, timeout=60_000)
    page.wait_for_function(HYDRATED, timeout=60_000)
    page.wait_for_timeout(500)  # the page settled: what follows is the interaction's alone
    page.evaluate(EVENTS)
    act(Visitor(page, context.new_cdp_session(page)))
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
