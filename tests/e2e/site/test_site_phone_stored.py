"""What a visitor typed in the phone field is what the sales team gets, on each of the five lead
forms against the real lead service: the number in E.164 and the country it belongs to, whether
the fields are filled at once and sent at once (a browser's autofill, a quick Tab, Tab, Enter),
sent while the phone library's files are still on their way, or typed slowly into the library."""

import pytest
from playwright.sync_api import Page, expect

from ...support.lead_form_pages import FORM_PAGES, LeadFormPage
from ...support.lead_forms import HeldScripts, rows, unique_email

pytestmark = pytest.mark.e2e

# As typed, and as the database must hold it.
NUMBERS = [
    ("01712345678", "+8801712345678", "Bangladesh"),  # national digits, in the default country
    ("+60 12-345 6789", "+60123456789", "Malaysia"),  # a dial code other than the list's country
    ("+44 7700 900123", "+447700900123", "United Kingdom"),  # a range no country's plan holds yet
]
QUOTE_FORMS = [form for form in FORM_PAGES if form.form == "quote"]


def stored(engine, email: str, form: LeadFormPage) -> tuple[str, str]:
    [row] = rows(engine, email, form.form)
    return row["phone"], row["country"]


def at_once(page: Page, form: LeadFormPage, email: str, typed: str) -> None:
    scope = form.open(page)
    form.fill(scope, form.values(email, typed))
    form.send(scope)
    expect(form.success(page)).to_be_visible()


def typed_slowly(page: Page, form: LeadFormPage, email: str, typed: str) -> None:
    scope = form.open(page)
    values = form.values(email, typed)
    form.fill(scope, {name: value for name, value in values.items() if name != "phone"})
    phone = scope.get_by_role("textbox", name="Phone")
    phone.click()
    if form.form == "quote":
        # The library has taken over, and formats each key as it comes.
        expect(scope.locator('[data-phone-field="ready"]')).to_be_attached()
    phone.press_sequentially(typed, delay=120)
    page.wait_for_timeout(600)
    form.send(scope)
    expect(form.success(page)).to_be_visible()


def library_held_back(page: Page, form: LeadFormPage, email: str, typed: str, engine) -> None:
    """The library is asked for (the field reached for, then a pause in the typing) but its files
    wait until after the submit: the plain field's text goes, and is stored the same."""
    scope = form.open(page)
    scripts = HeldScripts(page)
    form.fill(scope, form.values(email, typed))
    scripts.wait_for_a_request(page)
    form.send(scope)
    # Stored while the library (and the success dialog's script) are still held.
    for _ in range(200):
        if rows(engine, email):
            break
        page.wait_for_timeout(50)
    expect(scope.locator('[data-phone-field="pending"]')).to_be_attached()
    scripts.release()
    expect(form.success(page)).to_be_visible()


@pytest.mark.parametrize("form", FORM_PAGES, ids=lambda form: form.id)
@pytest.mark.parametrize("how", [at_once, typed_slowly], ids=["at once", "typed slowly"])
def test_each_form_stores_the_number_in_e164_with_its_own_country(browser, web_url, lead_engine, form, how):
    for typed, e164, country in NUMBERS:
        context = browser.new_context(base_url=web_url, viewport={"width": 1440, "height": 900})
        page = context.new_page()
        email = unique_email()
        how(page, form, email, typed)
        assert stored(lead_engine, email, form) == (e164, country), typed
        context.close()


@pytest.mark.parametrize("form", QUOTE_FORMS, ids=lambda form: form.id)
def test_a_quote_sent_before_the_library_arrives_is_stored_the_same(browser, web_url, lead_engine, form):
    for typed, e164, country in NUMBERS:
        context = browser.new_context(base_url=web_url, viewport={"width": 1440, "height": 900})
        page = context.new_page()
        email = unique_email()
        library_held_back(page, form, email, typed, lead_engine)
        assert stored(lead_engine, email, form) == (e164, country), typed
        context.close()
