"""The case-studies list (filters, six per page, opening a card) and the detail sections."""

import pytest
from playwright.sync_api import expect

from lead_service import content

from ...support.site import scroll_to, visit

pytestmark = pytest.mark.e2e

CASES = content.load("case-studies")["caseStudies"]
BY_CATEGORY = {
    category: [case["id"] for case in CASES if case["category"] == category]
    for category in ("Web App Development", "AI-Driven", "Mobile App Development")
}


def card_ids(page):
    """The cards' ids, once the list has caught up with the last press (it follows the press)."""
    expect(page.locator("[data-case-study-results]")).to_have_attribute("aria-busy", "false")
    return [int(i) for i in page.locator("[data-case-study-card]").evaluate_all(
        "els => els.map((el) => el.dataset.caseStudyCard)"
    )]  # fmt: skip


def test_list_is_in_the_server_html_with_six_cards_and_no_loading_text(page):
    page.route("**/*.js", lambda route: route.abort())  # the server HTML alone
    page.goto("/case-studies")

    assert card_ids(page) == [1, 2, 3, 4, 5, 6]
    assert "Loading case studies" not in page.content()


def test_pages_of_six_with_numbered_buttons(page):
    visit(page, "/case-studies")
    pager = page.get_by_role("navigation", name="Case studies pages")

    assert pager.get_by_role("button").count() == 2
    expect(pager.get_by_role("button", name="Page 1")).to_have_attribute("aria-current", "page")
    pager.get_by_role("button", name="Page 2").click()
    expect(pager.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")
    assert card_ids(page) == list(range(7, 13))


@pytest.mark.parametrize("category", BY_CATEGORY)
def test_filter_shows_its_category_and_resets_to_page_one(page, category):
    visit(page, "/case-studies")
    page.get_by_role("navigation", name="Case studies pages").get_by_role("button", name="Page 2").click()

    page.locator(f'[data-filter="{category}"]').click()

    expect(page.locator(f'[data-filter="{category}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-case-study-card]")).to_have_count(min(6, len(BY_CATEGORY[category])))
    assert card_ids(page) == BY_CATEGORY[category][:6]
    page.locator('[data-filter="All"]').click()
    expect(page.locator('[data-filter="All"]')).to_have_attribute("aria-pressed", "true")
    assert card_ids(page) == [1, 2, 3, 4, 5, 6]


def test_card_opens_by_click_by_enter_and_by_view_details(page):
    visit(page, "/case-studies")
    page.locator('[data-case-study-card="2"]').click(position={"x": 40, "y": 40})  # on the picture
    page.wait_for_url("**/case-studies/2")

    visit(page, "/case-studies")
    page.locator('[data-case-study-card="3"]').get_by_role("link", name=CASES[2]["title"]).focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/case-studies/3")

    visit(page, "/case-studies")
    view_details = page.locator('[data-case-study-card="4"]').get_by_role("link", name="View Details")
    expect(view_details).to_have_accessible_description(CASES[3]["title"])
    view_details.click()
    page.wait_for_url("**/case-studies/4")


def test_each_card_is_two_tab_stops_its_title_and_its_view_details(page):
    visit(page, "/case-studies")
    page.locator('[data-filter="Mobile App Development"]').focus()  # the last filter, before the list
    stops = []
    for _ in range(4):
        page.keyboard.press("Tab")
        stops.append(
            page.evaluate(
                "() => { const stop = document.activeElement;"
                " return [stop.closest('[data-case-study-card]')?.dataset.caseStudyCard,"
                " stop.firstChild.textContent.trim(), stop.getAttribute('href')]; }"
            )
        )
    first, second = CASES[0], CASES[1]
    assert stops == [
        ["1", first["title"], "/case-studies/1"],
        ["1", "View Details", "/case-studies/1"],
        ["2", second["title"], "/case-studies/2"],
        ["2", "View Details", "/case-studies/2"],
    ]
    page.keyboard.press("Shift+Tab")  # back on the second card: the whole card is outlined
    card = page.locator('[data-case-study-card="2"]')
    assert card.evaluate("(card) => getComputedStyle(card).outlineStyle") == "solid"


def test_list_has_request_a_quote_and_contact_section(page):
    visit(page, "/case-studies")

    assert page.get_by_role("link", name="Request a Quote").first.get_attribute("href") == "/request-demo"
    contact = page.locator('[data-section="contact"]')
    external = contact.locator('a[target="_blank"]')
    assert external.count() >= 2


DETAIL_SECTIONS = [
    "intro", "about", "features", "challenge", "solution", "results",
    "technologies", "comparison", "review", "closing",
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"case-{case['id']}")
def test_detail_sections_in_order(page, case):
    page.goto(f"/case-studies/{case['id']}")

    names = page.locator("main [data-section]").evaluate_all("els => els.map((el) => el.dataset.section)")
    assert names == DETAIL_SECTIONS
    assert page.locator('[data-section="intro"]').get_by_text("Project Details").is_visible()
    numbers = page.locator("[data-feature-number]").all_inner_texts()
    assert numbers == [f"{n:02d}" for n in range(1, len(case["features"]) + 1)]
    metrics = page.locator('[data-section="results"] [data-metric]')
    assert metrics.count() == len(case["results"]["metrics"])
    # An odd number of metrics: the last card alone is centred.
    centred = metrics.evaluate_all("els => els.map((el) => el.hasAttribute('data-centred'))")
    assert centred == [False] * (len(centred) - 1) + [len(centred) % 2 == 1]
    table = page.locator('[data-section="comparison"] table')
    assert table.locator("thead th").count() == len(case["competitiveComparison"]["headers"])
    assert table.locator("tbody tr").count() == len(case["competitiveComparison"]["rows"])
    assert page.locator('[data-section="review"] [data-stars]').get_attribute("data-stars") == "5"


def test_metric_value_is_split_into_number_and_suffix(page):
    page.goto("/case-studies/1")
    metric = page.locator('[data-section="results"] [data-metric]').first
    scroll_to(metric)
    value = CASES[0]["results"]["metrics"][0]["value"]
    number = metric.locator("[data-metric-number]").inner_text()
    suffix = metric.locator("[data-metric-suffix]").inner_text()

    assert number + suffix == value
    assert number.replace(".", "").isdigit()
