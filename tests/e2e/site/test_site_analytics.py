"""Every analytics event, fired by its own control (contact, quote, demo, case-study, profile, project,
team-member and contact-info clicks, and the two form submissions), found in window.dataLayer as
{event, ...data} with exactly its data; and a page view per load and client-side navigation."""

import pytest
from playwright.sync_api import expect

from lead_service import content

from ...support.consent import data_layer, remember_choice
from ...support.lead_forms import CONTACT, QUOTE, unique_email, wait_hydrated
from ...support.site import NAME, SITE, visit

pytestmark = pytest.mark.e2e

HOME = content.load("home")
PROJECT = HOME["projects"]["items"][0]["title"]
CASE_STUDY = content.load("case-studies")["caseStudies"][0]["title"]
TEAM = content.load("team")["members"]


@pytest.fixture(autouse=True)
def chosen(page):
    """A visitor who has answered the cookie banner already (it would sit over the page's foot)."""
    remember_choice(page)
    # tel: and mailto: hand off to an app this machine lacks, after which headless Chromium takes no
    # more input: the hand-off is cancelled (after the site's own click listener has run).
    page.add_init_script(
        "document.addEventListener('click', (event) => {"
        ' if (event.target.closest && event.target.closest(\'a[href^="tel:"], a[href^="mailto:"]\'))'
        " event.preventDefault(); })"
    )


def events(page, name: str) -> list[dict]:
    """The dataLayer entries of one event, without the event name."""
    return [
        {key: value for key, value in entry.items() if key != "event"}
        for entry in data_layer(page)
        if isinstance(entry, dict) and entry.get("event") == name
    ]


def expect_event(page, name: str, data: dict) -> None:
    page.wait_for_function(
        "(name) => (window.dataLayer || []).some((entry) => entry && entry.event === name)", arg=name
    )
    assert events(page, name) == [data]


def click_in_new_tab(page, locator) -> None:
    """A link that opens a new tab: the tab (to a placeholder host) is closed at once."""
    with page.context.expect_page() as opened:
        locator.click()
    opened.value.close()


def test_page_views_on_load_and_on_client_side_navigation(page):
    visit(page, "/")
    expect_event(page, "page_view", {"page_path": "/", "page_title": NAME})
    page.locator("header").get_by_role("link", name="Blog", exact=True).click()
    page.wait_for_url("**/blog")
    page.wait_for_function(
        "() => window.dataLayer.filter((entry) => entry.event === 'page_view').length === 2"
    )
    assert events(page, "page_view")[1] == {"page_path": "/blog", "page_title": f"Blog - {NAME}"}


def test_contact_us_in_the_header(page):
    visit(page, "/")
    page.locator("header").get_by_role("button", name=SITE["header"]["contactLabel"]).click()
    expect_event(page, "contact_us_click", {"source": "header"})


def test_the_contact_modal_reports_its_send_press_and_its_sent_message(page):
    visit(page, "/")
    page.locator("header").get_by_role("button", name=SITE["header"]["contactLabel"]).click()
    dialog = page.get_by_role("dialog", name=CONTACT["title"])
    for name, value in {
        "name": "Ada",
        "company": "Analytical",
        "email": unique_email(),
        "phone": "01712345678",
        "message": "Hi",
    }.items():
        dialog.get_by_role("textbox", name=CONTACT["fields"][name]["label"], exact=True).fill(value)
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()
    expect_event(page, "contact_us_submit", {"source": "header_modal"})
    assert events(page, "contact_us_click") == [{"source": "header"}, {"source": "header_modal"}]


def test_contact_us_outside_the_header(page):
    visit(page, "/ai-solutions/1")
    page.locator('[data-section="closing"]').get_by_role("link", name="Contact Us").click()
    expect_event(page, "contact_us_click", {"source": "none"})


def test_the_quote_form_reports_its_submit_press_and_its_sent_request(page):
    visit(page, "/")
    wait_hydrated(page, '[data-lead-form="quote"]')
    form = page.locator('[data-lead-form="quote"]')
    form.get_by_role("button", name=QUOTE["submit"]["label"]).click()  # empty: a press, not a request
    expect_event(page, "quotation_request_click", {})
    form.get_by_role("textbox", name="Name").fill("Rahim")
    form.get_by_role("textbox", name="Email").fill(unique_email())
    form.get_by_role("textbox", name="Phone").focus()  # asks for the phone library
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    form.get_by_role("textbox", name="Phone").press_sequentially("01712345678")
    form.get_by_role("combobox", name="Budget").click()
    page.get_by_role("option", name=QUOTE["fields"]["budget"]["options"][1]).click()
    form.get_by_role("textbox", name="Project").fill("An app")
    form.get_by_role("button", name=QUOTE["submit"]["label"]).click()
    expect_event(page, "quotation_request_submit", {})
    assert events(page, "quotation_request_click") == [{}, {}]


@pytest.mark.parametrize(
    ("label", "event"),
    [
        (HOME["hero"]["appointmentLabel"], "request_demo"),
        (HOME["hero"]["caseStudiesLabel"], "view_case_studies_click"),
    ],
)
def test_the_hero_buttons(page, label, event):
    visit(page, "/")
    page.locator('[data-section="hero"]').get_by_role("link", name=label, exact=True).click()
    expect_event(page, event, {})


def test_a_project_card_reports_details_and_live_demo_with_its_title(page):
    visit(page, "/")
    card = page.locator("[data-project]").first
    click_in_new_tab(page, card.get_by_role("link", name="Live Demo"))
    expect_event(page, "view_live_demo", {"project_title": PROJECT})
    card.get_by_role("link", name="View Details").click()
    expect_event(page, "view_project_details", {"project_title": PROJECT})


@pytest.mark.parametrize("control", ["card", "View Details"])
def test_a_case_study_card_reports_its_title(page, control):
    visit(page, "/case-studies")
    card = page.locator("[data-case-study-card]").first
    (card if control == "card" else card.get_by_role("link", name="View Details")).click()
    expect_event(page, "case_study_read_more", {"case_study_title": CASE_STUDY})


@pytest.mark.parametrize(
    ("path", "role"), [("/ai-solutions/1", "link"), ("/case-studies", "link"), ("/services/8", "button")]
)
def test_request_a_quote(page, path, role):
    visit(page, path)
    page.locator("main").get_by_role(role, name="Request a Quote").first.click()
    expect_event(page, "request_quote_click", {})


@pytest.mark.parametrize(
    ("section", "source"), [("stats", "company_page_stats"), ("cta", "company_page_cta")]
)
def test_the_company_page_downloads(page, section, source):
    visit(page, "/company")
    with page.expect_download():
        page.locator(f'[data-section="{section}"]').get_by_role("link", name="Download").click()
    expect_event(page, "download_profile_click", {"source": source})


def test_the_landing_popup_download(page):
    page.clock.install()
    visit(page, "/")
    wait_hydrated(page, '[data-lead-form="quote"]')
    page.clock.run_for(21_000)
    with page.expect_download():
        page.locator("[data-profile-popup]").get_by_role("link").click()
    expect_event(page, "download_profile_click", {"source": "landing_page_popup"})


def test_team_member_links_report_the_member_and_the_link_type(page):
    with_network = next(m for m in TEAM if m["linkedin"] != "#" and m["github"].startswith("mailto:"))
    coder = next(m for m in TEAM if m["github"].startswith("https:"))
    visit(page, "/team")
    page.get_by_role("link", name=f"Email {with_network['name']}").click()
    click_in_new_tab(page, page.get_by_role("link", name=f"{with_network['name']} on LinkedIn"))
    click_in_new_tab(page, page.get_by_role("link", name=f"{coder['name']} on code hosting"))
    page.wait_for_function(
        "() => window.dataLayer.filter((e) => e.event === 'team_member_contact_click').length === 3"
    )
    assert events(page, "team_member_contact_click") == [
        {"member_name": with_network["name"], "type": "email"},
        {"member_name": with_network["name"], "type": "linkedin"},
        {"member_name": coder["name"], "type": "github"},
    ]


def test_company_contact_details_report_type_and_location_or_network(page):
    visit(page, "/company")
    malaysia = page.locator('[data-office="malaysia"]')
    contact = page.locator('[data-section="contact"]')
    network = SITE["social"][1]["name"]
    click_in_new_tab(page, malaysia.locator('[data-contact="whatsapp"]'))
    click_in_new_tab(page, contact.get_by_role("link", name=network))
    malaysia.locator('[data-contact="phone"]').click()
    page.locator('[data-office="dhaka"]').locator('[data-contact="email"]').click()
    contact.locator('[data-contact="email"]').nth(0).click()
    contact.locator('[data-contact="email"]').nth(1).click()
    contact.locator('[data-contact="phone"]').click()
    page.wait_for_function(
        "() => window.dataLayer.filter((e) => e.event === 'contact_info_click').length === 7"
    )
    assert events(page, "contact_info_click") == [
        {"type": "whatsapp", "location": "malaysia"},
        {"type": "social", "network": network},
        {"type": "phone", "location": "malaysia"},
        {"type": "email", "location": "dhaka"},
        {"type": "email", "location": "general_inquiries"},
        {"type": "email", "location": "general_sales"},
        {"type": "phone", "location": "general"},
    ]
