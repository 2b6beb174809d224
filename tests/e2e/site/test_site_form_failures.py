"""A failed submission: the console logs "There was a problem with your fetch operation:", the
submitting state ends, every value stays, the visitor sees a short error with a mailto alternative,
no row is stored; a retry of the same submission sends the same Idempotency-Key, a new
submission a new one."""

import re

import pytest
from playwright.sync_api import expect

from ...support.lead_form_pages import FORM_PAGES
from ...support.lead_forms import (
    CASE_STUDIES,
    FAILURE_LOG,
    FORMS,
    QUOTE,
    record_posts,
    rows,
    unique_email,
    wait_hydrated,
)
from ...support.site import SITE, visit

pytestmark = pytest.mark.e2e

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def fill_case_studies_form(page, email: str) -> dict[str, str]:
    visit(page, "/case-studies")
    wait_hydrated(page, '[data-lead-form="caseStudiesContact"]')
    form = page.locator('[data-lead-form="caseStudiesContact"]')
    typed = {
        "name": "Grace",
        "company": "Hopper Inc",
        "email": email,
        "phone": "555 0100",
        "message": "Hello",
    }
    for name, value in typed.items():
        form.get_by_role("textbox", name=CASE_STUDIES["fields"][name]["label"]).fill(value)
    return typed


def expect_failure_kept(page, typed: dict[str, str], console: list[str]) -> None:
    form = page.locator('[data-lead-form="caseStudiesContact"]')
    alert = form.get_by_role("alert")
    expect(alert).to_be_visible()
    expect(alert.get_by_role("link", name=SITE["contact"]["generalEmail"])).to_have_attribute(
        "href", f"mailto:{SITE['contact']['generalEmail']}"
    )
    expect(form.get_by_role("button", name=CASE_STUDIES["submit"]["label"])).to_be_enabled()
    for name, value in typed.items():
        expect(form.get_by_role("textbox", name=CASE_STUDIES["fields"][name]["label"])).to_have_value(value)
    assert any(message.startswith(FAILURE_LOG) for message in console)


def console_errors(page) -> list[str]:
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text) if message.type == "error" else None)
    return messages


@pytest.mark.parametrize("answer", ["500", "network error"])
def test_a_failing_answer_keeps_everything_and_retries_with_the_same_key(page, lead_engine, answer):
    email = unique_email()
    console = console_errors(page)
    posts = record_posts(page, "/api/contact")
    page.route(
        "**/api/contact",
        lambda route: (
            route.abort() if answer == "network error" else route.fulfill(status=500, json={"error": "boom"})
        ),
    )
    typed = fill_case_studies_form(page, email)
    send = page.get_by_role("button", name=CASE_STUDIES["submit"]["label"])

    send.click()
    expect_failure_kept(page, typed, console)
    send.click()
    expect(page.locator("[data-form-failure]")).to_be_visible()
    page.get_by_role("textbox", name="Message").fill("Hello again")
    send.click()
    page.wait_for_function(
        "() => document.querySelector('[data-lead-form] button[type=submit]:not([disabled])')"
    )
    expect(page.get_by_role("textbox", name="Message")).to_have_value("Hello again")

    keys = [post.headers["idempotency-key"] for post in posts]
    assert len(keys) == 3 and all(UUID.match(key) for key in keys)
    assert keys[0] == keys[1] != keys[2]
    assert rows(lead_engine, email) == []


def test_a_stopped_lead_service(browser, web_without_service, lead_engine):
    context = browser.new_context(base_url=web_without_service, viewport={"width": 1440, "height": 900})
    page = context.new_page()
    console = console_errors(page)
    email = unique_email()
    typed = fill_case_studies_form(page, email)
    page.get_by_role("button", name=CASE_STUDIES["submit"]["label"]).click()
    expect_failure_kept(page, typed, console)
    assert rows(lead_engine, email) == []
    context.close()


def test_a_400_puts_the_services_messages_under_their_fields(page, lead_engine):
    """A phone the browser cannot judge ("+880 1") goes to the real service, which refuses it."""
    email = unique_email()
    console = console_errors(page)
    visit(page, "/")
    wait_hydrated(page, '[data-lead-form="quote"]')
    form = page.locator('[data-lead-form="quote"]')
    form.get_by_role("textbox", name="Name").fill("Rahim")
    form.get_by_role("textbox", name="Email").fill(email)
    phone = form.get_by_role("textbox", name="Phone")
    phone.focus()  # asks for the phone library
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    phone.press_sequentially("+880 1")
    form.get_by_role("combobox", name="Budget").click()
    page.get_by_role("option", name=QUOTE["fields"]["budget"]["options"][0]).click()
    form.get_by_role("textbox", name="Project").fill("An app")
    with page.expect_response("**/api/quote") as answer:
        form.get_by_role("button", name=QUOTE["submit"]["label"]).click()

    assert answer.value.status == 400
    expect(phone).to_have_accessible_description(QUOTE["fields"]["phone"]["messages"]["phone"])
    expect(phone).to_have_attribute("aria-invalid", "true")
    expect(phone).to_be_focused()
    expect(phone).to_have_value("+880 1")
    expect(form.get_by_role("textbox", name="Project")).to_have_value("An app")
    expect(form.locator("[aria-live]")).to_have_text(FORMS["messages"]["checkFields"])
    assert any(message.startswith(FAILURE_LOG) for message in console)
    assert rows(lead_engine, email) == []


def test_every_form_sends_an_empty_honeypot_hidden_from_people_and_assistive_technology(page):
    posts = record_posts(page, "/api/contact")
    email = unique_email()
    fill_case_studies_form(page, email)
    trap = page.locator(f'[data-lead-form="caseStudiesContact"] input[name="{FORMS["honeypotField"]}"]')
    assert trap.get_attribute("tabindex") == "-1"
    assert trap.evaluate("(el) => el.closest('[aria-hidden=true]') !== null")
    box = trap.bounding_box()
    assert box is None or box["x"] + box["width"] <= 0
    page.get_by_role("button", name=CASE_STUDIES["submit"]["label"]).click()
    expect(page.get_by_role("dialog", name=CASE_STUDIES["success"]["title"])).to_be_visible()
    assert posts[0].post_data_json[FORMS["honeypotField"]] == ""


@pytest.mark.parametrize("form", [FORM_PAGES[0], FORM_PAGES[2]], ids=lambda form: form.id)
def test_the_services_phone_error_stays_until_the_visitor_changes_the_field(page, lead_engine, form):
    """Sent at once, before the phone library has taken over: the service's refusal stays on screen
    while the library takes over the focused field, and goes at the visitor's first key there."""
    email = unique_email()
    scope = form.open(page)
    form.fill(scope, form.values(email, "12345"))
    with page.expect_response(f"**{form.spec['endpoint']}") as answer:
        form.send(scope)
    assert answer.value.status == 400

    phone = scope.get_by_role("textbox", name="Phone")
    message = form.spec["fields"]["phone"]["messages"].get("phone", FORMS["messages"]["phone"])
    expect(phone).to_have_accessible_description(message)
    expect(phone).to_be_focused()
    expect(scope.locator("[aria-live]")).to_have_text(FORMS["messages"]["checkFields"])
    page.wait_for_timeout(2_000)
    if form.form == "quote":
        expect(scope.locator('[data-phone-field="ready"]')).to_be_attached()  # the library took over
    expect(phone).to_have_accessible_description(message)
    expect(phone).to_have_attribute("aria-invalid", "true")
    expect(scope.get_by_text(message)).to_be_visible()

    page.keyboard.press("6")
    expect(scope.get_by_text(message)).to_be_hidden()
    expect(phone).not_to_have_attribute("aria-invalid", "true")
    assert rows(lead_engine, email) == []


@pytest.mark.parametrize("form", [FORM_PAGES[2], FORM_PAGES[4]], ids=lambda form: form.id)
def test_an_offline_submit_is_sent_once_the_browser_is_back_online(page, lead_engine, form):
    email = unique_email()
    posts = record_posts(page, form.spec["endpoint"])
    scope = form.open(page)
    values = form.values(email, "+60 12-345 6789")
    form.fill(scope, values)
    page.context.set_offline(True)
    form.send(scope)

    notice = scope.get_by_role("alert")
    expect(notice).to_have_text(FORMS["messages"]["offline"])
    expect(scope.get_by_role("textbox", name="Name", exact=True)).to_have_value(values["name"])
    page.wait_for_timeout(500)
    assert rows(lead_engine, email) == []

    page.context.set_offline(False)  # no press: the form goes again by itself
    expect(form.success(page)).to_be_visible()
    [row] = rows(lead_engine, email, form.form)
    assert (row["phone"], row["country"]) == ("+60123456789", "Malaysia")
    keys = {post.headers["idempotency-key"] for post in posts}
    assert len(keys) == 1 and UUID.match(keys.pop())


def test_a_dropped_answer_pressed_again_stores_the_lead_once(page, lead_engine):
    """The lead reaches the service, but the connection drops before its answer: the visitor sees
    the failure with everything kept, presses again, and the same key gets the first answer."""
    form = FORM_PAGES[3]
    email = unique_email()
    posts = record_posts(page, form.spec["endpoint"])
    dropped: list = []

    def drop_the_first_answer(route) -> None:
        if dropped:
            route.continue_()
            return
        dropped.append(route.fetch())  # delivered to the real service, stored there
        route.abort("connectionreset")

    page.route(f"**{form.spec['endpoint']}", drop_the_first_answer)
    scope = form.open(page)
    form.fill(scope, form.values(email, "01712345678"))
    form.send(scope)
    expect(scope.locator("[data-form-failure]")).to_be_visible()
    assert dropped[0].status == 201 and len(rows(lead_engine, email)) == 1

    form.send(scope)
    expect(form.success(page)).to_be_visible()
    assert len(rows(lead_engine, email)) == 1
    first, again = (post.headers["idempotency-key"] for post in posts)
    assert first == again
