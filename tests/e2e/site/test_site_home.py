"""The home page: section order and counts, the rotating phrase, project tabs, core-service
links, testimonials cut at 128 characters, and the buttons that scroll back to the hero."""

import pytest
from playwright.sync_api import expect

from lead_service import content

from ...support.site import SITE, scroll_to, visit

pytestmark = pytest.mark.e2e

HOME = content.load("home")
SECTIONS = [
    "hero", "dream-team", "stats", "projects", "core-services",
    "certifications", "testimonials", "support", "cta",
]  # fmt: skip


def section_names(page):
    return page.locator("main [data-section]").evaluate_all("els => els.map((el) => el.dataset.section)")


def test_sections_in_spec_order_with_their_counts(page):
    visit(page, "/")

    assert section_names(page) == SECTIONS
    assert page.locator('[data-section="stats"] li, [data-section="stats"] [data-stat]').count() >= 4
    assert page.locator("[data-project]").count() == 4
    assert page.locator('[data-section="core-services"] a[href]').count() == 6
    assert page.locator('[data-section="certifications"] li').count() == 6
    assert page.locator("[data-testimonial]").count() == 4
    for point in HOME["dreamTeam"]["points"]:
        expect(page.locator('[data-section="dream-team"]')).to_contain_text(point)
    for stat in HOME["stats"]:
        expect(page.locator('[data-section="stats"]')).to_contain_text(stat["value"])


def test_hero_buttons_lead_to_the_demo_page_and_case_studies(page):
    visit(page, "/")
    hero = page.locator('[data-section="hero"]')

    assert hero.get_by_role("link", name="Book an Appointment Call").get_attribute("href") == "/request-demo"
    assert hero.get_by_role("link", name="Case Studies", exact=True).get_attribute("href") == "/case-studies"
    expect(hero.get_by_role("heading", name="Get Custom Quote")).to_be_visible()


def test_phrase_rotates_every_three_seconds(page):
    page.clock.install()
    visit(page, "/")
    page.clock.pause_at(page.evaluate("Date.now()") + 1)  # from here, time moves only when told
    current = page.locator("[data-rotating-phrase] [data-current]")
    phrases = HOME["hero"]["phrases"]
    # Find where the interval stands: the phrase changes at most 3000 ms from now.
    start = phrases.index(current.inner_text().strip())
    for _ in range(30):
        page.clock.run_for(100)
        if current.inner_text().strip() != phrases[start]:
            break
    else:
        pytest.fail("the phrase did not change within 3 s")

    for step in range(1, 5):
        expect(current).to_have_text(phrases[(start + step) % 3])
        page.clock.run_for(2950)
        expect(current).to_have_text(phrases[(start + step) % 3])
        page.clock.run_for(50)


def test_the_phrase_pauses_and_plays_again(page):
    page.clock.install()
    visit(page, "/")
    page.clock.pause_at(page.evaluate("Date.now()") + 1)
    current = page.locator("[data-rotating-phrase] [data-current]")
    toggle = page.locator("[data-rotating-phrase]").get_by_role("button", name="Pause the rotating phrase")
    expect(toggle).to_have_attribute("aria-pressed", "false")

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    shown = current.inner_text()
    page.clock.run_for(10_000)
    expect(current).to_have_text(shown)

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(3000)
    expect(current).not_to_have_text(shown)


def test_core_service_cards_link_to_their_targets(page):
    visit(page, "/")
    links = page.locator('[data-section="core-services"] a[href]')

    hrefs = links.evaluate_all("els => els.map((el) => el.getAttribute('href'))")
    assert hrefs == [card["target"] for card in HOME["coreServices"]["cards"]]


def test_project_tabs_filter_by_category(page):
    visit(page, "/")
    tabs = page.get_by_role("group", name="Filter projects by category")
    expected = {"Featured": 4, "B2B": 1, "B2C": 1, "Others": 2}

    for tab, count in expected.items():
        tabs.get_by_role("button", name=tab, exact=True).click()
        expect(tabs.get_by_role("button", name=tab, exact=True)).to_have_attribute("aria-pressed", "true")
        expect(page.locator("[data-project]")).to_have_count(count)


def test_project_cards_link_to_case_study_and_live_demo(page):
    visit(page, "/")
    card = page.locator("[data-project]").first
    project = HOME["projects"]["items"][0]

    assert card.get_by_role("link", name="View Details").get_attribute("href") == project["caseStudyLink"]
    live = card.get_by_role("link", name="Live Demo")
    assert live.get_attribute("href") == project["liveLink"] and live.get_attribute("target") == "_blank"
    projects = page.locator('[data-section="projects"]')
    assert projects.get_by_role("link", name="Explore More").get_attribute("href") == "/case-studies"


def test_testimonials_are_cut_at_128_characters(page):
    visit(page, "/")
    scroll_to(page.locator("[data-testimonial]").first)
    reviews = page.locator("[data-testimonial] [data-review]").all_inner_texts()

    expected = [item["review"][:128].rstrip() + "…" for item in HOME["testimonials"]["items"]]
    assert reviews == expected
    assert page.locator("[data-testimonial] [data-stars]").count() == 4


def test_chat_now_opens_the_chat_in_a_new_tab(page):
    visit(page, "/")
    chat = page.locator('[data-section="support"]').get_by_role("link", name="Chat Now")

    assert chat.get_attribute("href") == SITE["chat"]["url"]
    assert chat.get_attribute("target") == "_blank"


def test_start_now_and_get_started_scroll_back_to_the_hero(page):
    page.emulate_media(reduced_motion="reduce")  # an instant jump, so the position can be read at once
    visit(page, "/")
    for section, label in (("core-services", "Start Now"), ("cta", "Get Started")):
        page.locator(f'[data-section="{section}"]').get_by_role("button", name=label).click()
        expect(page.locator("#quote")).to_be_in_viewport(ratio=1)
        hero = page.locator('[data-section="hero"]').bounding_box()
        assert hero["y"] <= 0 < hero["y"] + hero["height"]  # the window's top is in the hero
        assert page.evaluate("document.activeElement.id") == "quote"


def test_a_category_without_projects_says_so(page):
    # The content has a project in every category, so the page is served with its B2C project
    # relabelled B2B (in the HTML and in the data React hydrates from).
    def without_b2c(route):
        response = route.fetch()
        body = response.text().replace('\\"category\\":\\"B2C\\"', '\\"category\\":\\"B2B\\"')
        route.fulfill(response=response, body=body.replace('data-category="B2C"', 'data-category="B2B"'))

    page.route("**/", without_b2c)
    visit(page, "/")
    tabs = page.get_by_role("group", name="Filter projects by category")

    tabs.get_by_role("button", name="B2C", exact=True).click()

    expect(page.locator("[data-project]")).to_have_count(0)
    expect(page.locator('[data-section="projects"]')).to_contain_text("No projects in this category yet.")
    tabs.get_by_role("button", name="B2B", exact=True).click()
    expect(page.locator("[data-project]")).to_have_count(2)
