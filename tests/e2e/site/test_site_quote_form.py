"""The Get Custom Quote form in the home hero and in the service pages' dialog (every field required,
'Submitting...' while sending, cleared with a success dialog), with its phone input, budget
dropdown and undo history, against the real lead service."""

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
import requests
from playwright.sync_api import expect

from ...support.lead_forms import FORMS, QUOTE, hold, record_posts, rows, unique_email, wait_hydrated
from ...support.site import visit

pytestmark = pytest.mark.e2e

FIELDS = QUOTE["fields"]
BUDGETS = FIELDS["budget"]["options"]
REQUIRED = "This field is required"
FLAGS = Path(__file__).resolve().parents[3] / "web/public/flags"
DEFAULT_COUNTRY = FORMS["defaultPhoneCountry"]


def hero_form(page):
    visit(page, "/")
    wait_hydrated(page, '[data-lead-form="quote"]')
    return page.locator('[data-lead-form="quote"]')


def phone_input(form):
    """The phone field, reached for (which asks for react-phone-number-input) and taken over."""
    phone = form.get_by_role("textbox", name="Phone")
    phone.focus()
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    return phone


def choose_budget(page, form, budget: str) -> None:
    form.get_by_role("combobox", name="Budget").click()
    page.get_by_role("option", name=budget, exact=True).click()


def test_the_hero_form_is_in_the_server_html(web_url):
    html = requests.get(web_url, timeout=10).text
    assert 'data-lead-form="quote"' in html
    assert all(
        f">{FIELDS[name]['label']}<" in html for name in ("name", "email", "phone", "budget", "project")
    )
    assert "data:image/svg+xml," in html  # the default country's flag, drawn in the page


def country_shown(form) -> tuple[str, str]:
    """The phone field's flag as drawn, once its image has loaded (the SVG: written into the page,
    or the library's file), and its calling code as shown."""
    flag = form.locator(".PhoneInputCountryIconImg")
    expect(flag).to_have_js_property("complete", True)
    assert flag.evaluate("(image) => image.naturalWidth") > 0
    source = flag.get_attribute("src")
    if source.startswith("data:image/svg+xml,"):
        drawing = unquote(source.removeprefix("data:image/svg+xml,"))
    else:
        drawing = (FLAGS / source.removeprefix("/flags/")).read_text()
    return drawing, form.locator(".PhoneInputCallingCode").inner_text()


def drawn(iso2: str, calling_code: str) -> tuple[str, str]:
    """What country_shown reads for a country: the library's own flag and the code."""
    return (FLAGS / f"{iso2}.svg").read_text(), f"+{calling_code}"


def test_the_phone_field_shows_its_country_before_any_script_runs(browser, web_url):
    """The server HTML alone shows the default country's flag and calling code, as the phone
    library does once it has loaded: the library loads on intent, and must change nothing seen."""
    context = browser.new_context(base_url=web_url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    form = page.locator('[data-lead-form="quote"]')
    assert country_shown(form) == drawn(DEFAULT_COUNTRY["iso2"], DEFAULT_COUNTRY["dialCode"])
    context.close()


def country_box(form) -> dict[str, float]:
    """Where the flag, arrow and calling code sit in the field."""
    return form.locator(".PhoneInputCountry").evaluate(
        "(country) => { const box = country.getBoundingClientRect();"
        " const field = country.closest('[data-phone-field]').getBoundingClientRect();"
        " return { x: box.x - field.x, y: box.y - field.y, width: box.width, height: box.height }; }"
    )


def test_the_calling_code_follows_the_country_once_the_library_has_loaded(page):
    form = hero_form(page)
    before = country_box(form)
    phone = phone_input(form)
    # Now the library's own flag file, drawn the same.
    assert form.locator(".PhoneInputCountryIconImg").get_attribute("src").startswith("/flags/")
    assert country_shown(form) == drawn(DEFAULT_COUNTRY["iso2"], DEFAULT_COUNTRY["dialCode"])
    assert country_box(form) == before  # taken over in place

    phone.press_sequentially("+44 20 7946 0958")
    expect(form.locator(".PhoneInputCallingCode")).to_have_text("+44")
    assert country_shown(form) == drawn("GB", "44")


def test_a_national_number_is_sent_in_e164_with_the_default_country(page, lead_engine):
    email = unique_email()
    form = hero_form(page)
    form.get_by_role("textbox", name="Name").fill("Rahim Uddin")
    form.get_by_role("textbox", name="Email").fill(email)
    phone = phone_input(form)
    assert form.get_by_role("combobox", name="Phone number country").input_value() == DEFAULT_COUNTRY["iso2"]
    phone.press_sequentially("01712345678")
    expect(phone).to_have_value("01712-345678")  # formatted as typed
    choose_budget(page, form, BUDGETS[0])
    form.get_by_role("textbox", name="Project").fill("A pharmacy storefront")

    held = hold(page, "**/api/quote")
    form.get_by_role("button", name=QUOTE["submit"]["label"]).click()
    expect(form.get_by_role("button", name=QUOTE["submit"]["busyLabel"])).to_be_disabled()
    held[0].continue_()

    success = page.get_by_role("dialog", name=QUOTE["success"]["title"])
    expect(success).to_contain_text(QUOTE["success"]["message"])
    [row] = rows(lead_engine, email, "quote")
    assert {key: row[key] for key in ("name", "phone", "budget", "project", "country", "page")} == {
        "name": "Rahim Uddin",
        "phone": "+8801712345678",
        "budget": BUDGETS[0],  # verbatim, misspelling and all
        "project": "A pharmacy storefront",
        "country": DEFAULT_COUNTRY["name"],
        "page": "/",
    }
    success.get_by_role("button", name=QUOTE["success"]["dismissLabel"]).click()
    expect(success).to_be_hidden()
    expect(form.get_by_role("textbox", name="Name")).to_have_value("")
    expect(form.get_by_role("combobox", name="Budget")).to_have_text(FIELDS["budget"]["placeholder"])


def test_the_country_is_guessed_from_a_typed_plus_44_number(page, lead_engine):
    email = unique_email()
    form = hero_form(page)
    phone = phone_input(form)
    phone.press_sequentially("+44 20 7946 0958")

    expect(form.get_by_role("combobox", name="Phone number country")).to_have_value("GB")
    form.get_by_role("textbox", name="Name").fill("Jane Smith")
    form.get_by_role("textbox", name="Email").fill(email)
    choose_budget(page, form, BUDGETS[3])
    form.get_by_role("textbox", name="Project").fill("A ride-sharing app")
    form.get_by_role("button", name=QUOTE["submit"]["label"]).click()

    expect(page.get_by_role("dialog", name=QUOTE["success"]["title"])).to_be_visible()
    [row] = rows(lead_engine, email, "quote")
    assert (row["phone"], row["country"], row["budget"]) == ("+442079460958", "United Kingdom", BUDGETS[3])


def test_each_empty_field_says_this_field_is_required_and_nothing_is_sent(page):
    posts = record_posts(page, "/api/quote")
    form = hero_form(page)
    form.get_by_role("button", name=QUOTE["submit"]["label"]).click()

    controls = {
        "name": form.get_by_role("textbox", name="Name"),
        "email": form.get_by_role("textbox", name="Email"),
        "phone": form.get_by_role("textbox", name="Phone"),
        "budget": form.get_by_role("combobox", name="Budget"),
        "project": form.get_by_role("textbox", name="Project"),
    }
    for control in controls.values():
        expect(control).to_have_attribute("aria-invalid", "true")
        expect(control).to_have_accessible_description(REQUIRED)
    expect(controls["name"]).to_be_focused()
    assert form.get_by_text(REQUIRED, exact=True).count() == 5

    controls["project"].fill("Something")
    expect(controls["project"]).not_to_have_attribute("aria-invalid", "true")
    choose_budget(page, form, BUDGETS[1])
    expect(controls["budget"]).not_to_have_attribute("aria-invalid", "true")
    assert form.get_by_text(REQUIRED, exact=True).count() == 3
    page.wait_for_timeout(200)
    assert posts == []


def test_the_budget_dropdown_by_mouse(page):
    form = hero_form(page)
    budget = form.get_by_role("combobox", name="Budget")
    listbox = page.get_by_role("listbox", name="Budget")

    budget.click()
    expect(listbox).to_be_visible()
    assert listbox.get_by_role("option").all_inner_texts() == BUDGETS
    budget.click()
    expect(listbox).to_be_hidden()

    budget.click()
    page.get_by_role("heading", name=QUOTE["title"]).click()  # outside
    expect(listbox).to_be_hidden()

    budget.click()
    page.keyboard.press("Escape")
    expect(listbox).to_be_hidden()

    budget.click()
    listbox.get_by_role("option", name=BUDGETS[2]).click()
    expect(listbox).to_be_hidden()
    expect(budget).to_have_text(BUDGETS[2])
    budget.click()
    expect(listbox.get_by_role("option", name=BUDGETS[2])).to_have_attribute("aria-selected", "true")


def test_the_budget_dropdown_by_keyboard(page):
    form = hero_form(page)
    budget = form.get_by_role("combobox", name="Budget")
    budget.focus()

    page.keyboard.press("ArrowDown")
    expect(budget).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    active = budget.get_attribute("aria-activedescendant")
    expect(page.locator(f'[id="{active}"]')).to_have_text(BUDGETS[2])
    page.keyboard.press("Enter")
    expect(budget).to_have_attribute("aria-expanded", "false")
    expect(budget).to_have_text(BUDGETS[2])
    expect(budget).to_be_focused()

    page.keyboard.press("Enter")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    expect(budget).to_have_text(BUDGETS[3])


def test_undo_and_redo_of_a_phone_edit(page):
    form = hero_form(page)
    phone = phone_input(form)
    phone.press_sequentially("+44 20")
    page.wait_for_timeout(400)  # past the 200 ms debounce: one history entry
    phone.press_sequentially(" 7946 0958")
    expect(phone).to_have_value("+44 20 7946 0958")
    page.wait_for_timeout(400)

    phone.press("Control+z")
    expect(phone).to_have_value("+44 20")
    phone.press("Control+z")
    expect(phone).to_have_value("")
    phone.press("Control+Shift+z")
    expect(phone).to_have_value("+44 20")
    phone.press("Meta+Shift+z")
    expect(phone).to_have_value("+44 20 7946 0958")


def test_the_service_page_opens_the_same_form_in_a_dialog(page, lead_engine):
    email = unique_email()
    visit(page, "/services/8")
    opener = page.get_by_role("button", name="Request a Quote")
    opener.click()
    dialog = page.get_by_role("dialog", name=QUOTE["title"])
    expect(dialog.get_by_role("textbox", name="Name")).to_be_focused()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()

    opener.click()
    dialog.get_by_role("combobox", name="Budget").click()
    page.keyboard.press("Escape")  # closes the list, not the dialog around it
    expect(page.get_by_role("listbox", name="Budget")).to_be_hidden()
    expect(dialog).to_be_visible()
    dialog.get_by_role("textbox", name="Name").fill("Mei Tan")
    dialog.get_by_role("textbox", name="Email").fill(email)
    phone_input(dialog).press_sequentially("+60 12-345 6789")
    choose_budget(page, dialog, BUDGETS[1])
    dialog.get_by_role("textbox", name="Project").fill("A web portal")
    dialog.get_by_role("button", name=QUOTE["submit"]["label"]).click()

    success = page.get_by_role("dialog", name=QUOTE["success"]["title"])
    success.get_by_role("button", name=QUOTE["success"]["dismissLabel"]).click()
    expect(success).to_be_hidden()
    expect(dialog).to_be_hidden()
    [row] = rows(lead_engine, email, "quote")
    assert (row["phone"], row["country"], row["page"]) == ("+60123456789", "Malaysia", "/services/8")


def test_no_request_leaves_the_site_origin(page, web_url):
    own = re.compile(rf"({re.escape(web_url)}/|data:)")
    outside = []
    page.on("request", lambda request: None if own.match(request.url) else outside.append(request.url))
    form = hero_form(page)
    phone_input(form).press_sequentially("+44 20 7946 0958")
    flag = form.locator(".PhoneInputCountryIconImg")
    expect(flag).to_have_attribute("src", "/flags/GB.svg")
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=flag.element_handle())
    form.get_by_role("combobox", name="Phone number country").select_option("BD")
    expect(flag).to_have_attribute("src", "/flags/BD.svg")
    page.wait_for_load_state("networkidle")
    assert outside == []


def test_the_phone_library_waits_until_the_visitor_reaches_for_the_phone(page):
    """A visitor who only reads, or fills in other fields, never waits on the library's start-up, nor
    on its flag file; a pointer over the phone field asks for both."""
    flags = []
    page.on("request", lambda request: flags.append(request.url) if "/flags/" in request.url else None)
    form = hero_form(page)
    form.get_by_role("textbox", name="Project").hover()
    form.get_by_role("textbox", name="Name").fill("Rahim")
    choose_budget(page, form, BUDGETS[0])
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    expect(form.locator('[data-phone-field="pending"]')).to_be_attached()
    assert flags == []

    form.get_by_role("textbox", name="Phone").hover()
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    assert set(flags) == {f"{page.url.rstrip('/')}/flags/{DEFAULT_COUNTRY['iso2']}.svg"}
