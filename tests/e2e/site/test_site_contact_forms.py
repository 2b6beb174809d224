"""The header's Contact Us modal and the case-studies contact form (their required fields and
messages, the sending state, the success dialog and a cleared form), in Chromium against
`next start` and the real lead service on SQLite."""

import pytest
from playwright.sync_api import expect

from ...support.lead_forms import (
    CASE_STUDIES,
    CONTACT,
    CONTACT_LABEL,
    FORMS,
    fill,
    hold,
    open_modal,
    record_posts,
    rows,
    unique_email,
    wait_hydrated,
)
from ...support.site import SITE, visit

pytestmark = pytest.mark.e2e


def test_the_modal_sends_exactly_what_was_typed_with_its_page(page, lead_engine):
    email = unique_email()
    visit(page, "/team")
    dialog = open_modal(page)
    expect(dialog.get_by_label("Name", exact=True)).to_be_focused()

    typed = {
        "name": "Ada Lovelace",
        "company": "Analytical Ltd",
        "email": email,
        "phone": "+44 20 7946 0958",
        "message": "We need an LMS.",
    }
    fill(dialog, typed, CONTACT["fields"])
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()

    success = page.get_by_role("dialog", name=CONTACT["success"]["title"])
    expect(success).to_have_accessible_description(CONTACT["success"]["message"])
    [row] = rows(lead_engine, email, "contact")
    # The phone as the service reads it: in E.164, with the country it belongs to.
    assert {key: row[key] for key in typed} == {**typed, "phone": "+442079460958"}
    assert (row["country"], row["page"], row["form"]) == ("United Kingdom", "/team", "contact")

    success.get_by_role("button", name=CONTACT["success"]["dismissLabel"]).click()
    expect(success).to_be_hidden()
    expect(dialog).to_be_hidden()
    expect(page.locator("header").get_by_role("button", name=CONTACT_LABEL)).to_be_focused()
    # Cleared on success: opening it again shows an empty form.
    open_modal(page)
    expect(dialog.get_by_label("Name", exact=True)).to_have_value("")


def test_every_message_of_spec_5_and_no_request(page):
    posts = record_posts(page, "/api/contact")
    visit(page, "/")
    dialog = open_modal(page)
    send = dialog.get_by_role("button", name=CONTACT["submit"]["label"])

    send.click()
    fields = CONTACT["fields"]
    for name in ("name", "company", "email", "phone", "message"):
        control = dialog.get_by_label(fields[name]["label"], exact=True)
        expect(control).to_have_attribute("aria-invalid", "true")
        expect(control).to_have_accessible_description(fields[name]["messages"]["required"])
    expect(dialog.get_by_label("Name", exact=True)).to_be_focused()
    expect(dialog.locator("[aria-live]")).to_have_text("Please correct the highlighted fields.")

    dialog.get_by_label("Email", exact=True).fill("ada@example")
    send.click()
    expect(dialog.get_by_label("Email", exact=True)).to_have_accessible_description(
        fields["email"]["messages"]["pattern"]
    )

    dialog.get_by_label("Name", exact=True).fill("A")
    expect(dialog.get_by_label("Name", exact=True)).not_to_have_attribute("aria-invalid", "true")
    expect(dialog.get_by_text(fields["company"]["messages"]["required"])).to_be_visible()
    assert posts == []


def test_sending_disables_the_button_until_the_answer(page, lead_engine):
    email = unique_email()
    visit(page, "/")
    held = hold(page, "**/api/contact")
    dialog = open_modal(page)
    fill(
        dialog,
        {"name": "Ada", "company": "Analytical", "email": email, "phone": "01712345678", "message": "Hi"},
        CONTACT["fields"],
    )
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()

    busy = dialog.get_by_role("button", name=CONTACT["submit"]["busyLabel"])
    expect(busy).to_be_disabled()
    page.wait_for_timeout(300)  # held: the state stays while the request is open
    expect(busy).to_be_disabled()
    assert len(held) == 1 and rows(lead_engine, email) == []

    held[0].continue_()
    expect(page.get_by_role("dialog", name=CONTACT["success"]["title"])).to_be_visible()
    assert len(rows(lead_engine, email, "contact")) == 1


def test_escape_and_a_press_outside_close_it_and_scroll_is_locked_while_open(page):
    visit(page, "/case-studies")
    page.mouse.wheel(0, 600)
    page.wait_for_function("() => window.scrollY >= 600")
    top = page.evaluate("window.scrollY")
    opener = page.locator("header").get_by_role("button", name=CONTACT_LABEL)

    dialog = open_modal(page)
    assert page.evaluate("getComputedStyle(document.documentElement).overflow") == "hidden"
    dialog.get_by_label("Name", exact=True).fill("Kept while closed")
    page.mouse.move(20, 450)
    page.mouse.wheel(0, 800)
    page.wait_for_timeout(200)
    assert page.evaluate("window.scrollY") == top

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    # Released on the dialog's close event, a task after the browser closes it and restores focus.
    page.wait_for_function("() => getComputedStyle(document.documentElement).overflow === 'visible'")

    dialog = open_modal(page)
    expect(dialog.get_by_label("Name", exact=True)).to_have_value("Kept while closed")
    page.mouse.click(15, 450)  # the backdrop, left of the dialog
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    page.mouse.wheel(0, 400)
    page.wait_for_function(f"() => window.scrollY > {top}")


def test_a_press_that_starts_in_a_field_and_ends_outside_keeps_it_open(page):
    visit(page, "/")
    dialog = open_modal(page)
    box = dialog.get_by_label("Message", exact=True).bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(10, 10)
    page.mouse.up()
    expect(dialog).to_be_visible()


def test_the_mobile_menu_opens_it_and_closes(phone):
    visit(phone, "/")
    toggle = phone.get_by_role("button", name="Open menu")
    toggle.click()
    menu = phone.get_by_role("navigation", name="Mobile")
    menu.get_by_role("button", name=CONTACT_LABEL).click()

    dialog = phone.get_by_role("dialog", name=CONTACT["title"])
    expect(dialog).to_be_visible()
    expect(menu).to_be_hidden()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(phone.get_by_role("button", name="Open menu")).to_be_focused()


def test_the_footer_contact_us_stays_a_mailto_link(page):
    visit(page, "/")
    link = page.locator("footer").get_by_role("link", name=CONTACT_LABEL)
    assert link.get_attribute("href") == f"mailto:{SITE['contact']['generalEmail']}"


def case_studies_form(page):
    visit(page, "/case-studies")
    wait_hydrated(page, '[data-lead-form="caseStudiesContact"]')
    return page.locator('[data-lead-form="caseStudiesContact"]')


def test_case_studies_form_marks_required_fields_and_sends_with_its_form_name(page, lead_engine):
    email = unique_email()
    form = case_studies_form(page)
    fields = CASE_STUDIES["fields"]
    for name in ("name", "company", "email", "phone", "message"):
        label = form.locator("label", has_text=fields[name]["label"]).first
        assert label.inner_text().endswith("*") == fields[name]["required"], name

    fill(form, {"name": "Grace", "email": email, "message": "A banking app"}, fields)
    held = hold(page, "**/api/contact")
    form.get_by_role("button", name=CASE_STUDIES["submit"]["label"]).click()
    expect(form.get_by_role("button", name=CASE_STUDIES["submit"]["busyLabel"])).to_be_disabled()
    held[0].continue_()

    success = page.get_by_role("dialog", name=CASE_STUDIES["success"]["title"])
    expect(success).to_contain_text(CASE_STUDIES["success"]["message"])
    [row] = rows(lead_engine, email, "caseStudiesContact")
    assert (row["name"], row["message"], row["company"], row["phone"]) == (
        "Grace",
        "A banking app",
        None,
        None,
    )
    assert (row["form"], row["page"]) == ("caseStudiesContact", "/case-studies")
    success.get_by_role("button", name=CASE_STUDIES["success"]["dismissLabel"]).click()
    expect(success).to_be_hidden()
    for name in ("name", "email", "message"):
        expect(form.get_by_label(fields[name]["label"])).to_have_value("")


def test_case_studies_form_checks_its_fields_without_a_request(page):
    posts = record_posts(page, "/api/contact")
    form = case_studies_form(page)
    fields = CASE_STUDIES["fields"]
    send = form.get_by_role("button", name=CASE_STUDIES["submit"]["label"])

    send.click()
    for name in ("name", "email", "message"):
        expect(form.get_by_label(fields[name]["label"])).to_have_accessible_description(
            fields[name]["messages"]["required"]
        )
    for name in ("company", "phone"):
        expect(form.get_by_label(fields[name]["label"])).not_to_have_attribute("aria-invalid", "true")
    # The browser's own email rule: a dotless domain passes, a missing @ does not.
    form.get_by_label("Email").fill("ada@localhost")
    expect(form.get_by_label("Email")).not_to_have_attribute("aria-invalid", "true")
    form.get_by_label("Email").fill("ada.example.com")
    send.click()
    expect(form.get_by_label("Email")).to_have_accessible_description(fields["email"]["messages"]["pattern"])
    assert (
        page.evaluate(
            "(value) => { const input = document.createElement('input'); input.type = 'email';"
            " input.value = value; return input.checkValidity(); }",
            "ada.example.com",
        )
        is False
    )
    assert posts == []


def test_a_hidden_direction_override_in_a_one_line_field_is_refused_before_sending(page):
    """The browser checks forms.json's character rule as the service does: a pasted override (or
    line separator) in a one-line field gets its message; the message field keeps its lines."""
    posts = record_posts(page, "/api/contact")
    visit(page, "/")
    dialog = open_modal(page)
    fill(
        dialog,
        {
            "name": "Ada\u202eecalevoL",
            "company": "Analytical\u2028Ltd",
            "email": unique_email(),
            "phone": "+44 20 7946 0958",
            "message": "Line one\nLine two",
        },
        CONTACT["fields"],
    )
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()

    one_line = FORMS["messages"]["singleLine"]
    for label in (CONTACT["fields"]["name"]["label"], CONTACT["fields"]["company"]["label"]):
        expect(dialog.get_by_label(label, exact=True)).to_have_accessible_description(one_line)
    expect(dialog.get_by_label(CONTACT["fields"]["message"]["label"], exact=True)).not_to_have_attribute(
        "aria-invalid", "true"
    )
    assert posts == []
