"""Helpers for the browser tests of the lead forms: what forms.json says, the header's Contact Us
modal opened and a form filled in, what the database holds, and a hold on requests so that a test
can look at the page while one is open."""

import uuid

from playwright.sync_api import Locator, Page, Route, expect
from sqlalchemy import text

from lead_service import content

from .site import SITE, hydrated

FORMS = content.load("forms")
CONTACT = FORMS["forms"]["contact"]
CASE_STUDIES = FORMS["forms"]["caseStudiesContact"]
QUOTE = FORMS["forms"]["quote"]
FAILURE_LOG = "There was a problem with your fetch operation:"
CONTACT_LABEL = SITE["header"]["contactLabel"]


def unique_email() -> str:
    """An address no other test uses, so each test finds exactly its own rows."""
    return f"lead-{uuid.uuid4().hex[:12]}@example.com"


def open_modal(page: Page) -> Locator:
    """The header's Contact Us modal, opened."""
    page.locator("header").get_by_role("button", name=CONTACT_LABEL).click()
    dialog = page.get_by_role("dialog", name=CONTACT["title"])
    expect(dialog).to_be_visible()
    return dialog


def fill(scope, values: dict[str, str], fields: dict) -> None:
    """Types each of `values` into the textbox labelled as forms.json's `fields` label it."""
    for name, value in values.items():
        scope.get_by_role("textbox", name=fields[name]["label"], exact=True).fill(value)


def rows(engine, email: str, form: str | None = None) -> list[dict]:
    """The leads stored with this address, oldest first: from `form` alone, when given (a key of
    forms.json's forms), else from any."""
    query = "SELECT * FROM leads WHERE email = :email" + (" AND form = :form" if form else "")
    with engine.connect() as connection:
        result = connection.execute(text(f"{query} ORDER BY id"), {"email": email, "form": form})
        return [dict(row._mapping) for row in result]


def wait_hydrated(page: Page, selector: str) -> None:
    """Wait until React owns the element, so that a submit runs the form's handler."""
    page.wait_for_function(hydrated(selector))


def hold(page: Page, pattern: str) -> list[Route]:
    """Requests matching `pattern` wait in the returned list until the test continues them."""
    held: list[Route] = []

    # A function of our own: Playwright cannot take a builtin method such as held.append.
    def keep(route: Route) -> None:
        held.append(route)

    page.route(pattern, keep)
    return held


def record_posts(page: Page, path: str) -> list:
    """Every POST the page sends to `path`, in order."""
    posts: list = []
    page.on(
        "request",
        lambda request: (
            posts.append(request) if request.method == "POST" and request.url.endswith(path) else None
        ),
    )
    return posts


class HeldScripts:
    """Every script file the page asks for from now on waits until release()."""

    def __init__(self, page: Page):
        self.held: list[Route] = []
        self.released = False
        page.route("**/_next/static/**", self._arrive)

    def _arrive(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def wait_for_a_request(self, page: Page) -> None:
        for _ in range(100):
            if self.held:
                return
            page.wait_for_timeout(50)
        raise AssertionError("the page asked for no script")

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()
