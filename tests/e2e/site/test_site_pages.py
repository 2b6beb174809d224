"""The list and detail pages of solutions, services and edutech, the blog, team, company,
scheduling and cookie-policy pages."""

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from lead_service import content

from ...support.site import SITE, visit

pytestmark = pytest.mark.e2e

OFFERING_DETAIL = [
    "intro", "process", "problem", "solution", "benefits",
    "features", "technologies", "testimonials", "faq", "closing",
]  # fmt: skip


def section_names(page):
    return page.locator("main [data-section]").evaluate_all("els => els.map((el) => el.dataset.section)")


@pytest.mark.parametrize("path", ["/ai-solutions/1", "/ai-solutions/6", "/edutech/1", "/edutech/6"])
def test_offering_detail_sections_in_spec_order(page, path):
    page.goto(path)

    assert section_names(page) == OFFERING_DETAIL
    assert page.locator('[data-section="process"] li').count() == 4
    intro = page.locator('[data-section="intro"]')
    assert intro.get_by_role("link", name="Request a Quote").get_attribute("href") == "/request-demo"
    closing = page.locator('[data-section="closing"]')
    assert closing.get_by_role("link", name="Contact Us").get_attribute("href") == "/request-demo"
    expect(closing.locator("[data-next]")).to_contain_text("Next Service")


def test_service_detail_has_its_four_points_and_a_mockup_at_most_400px(page):
    service = content.load("services")["services"][0]
    page.goto(f"/services/{service['id']}")
    intro = page.locator('[data-section="intro"]')

    for point in service["sub_headers"]["sub_points"]:
        expect(intro).to_contain_text(point)
    mockup = intro.locator(f'img[src="{service["sub_headers"]["mockupImage"]}"]')
    assert mockup.bounding_box()["height"] <= 400
    expect(intro.get_by_role("button", name="Request a Quote")).to_have_attribute("aria-haspopup", "dialog")
    assert (
        page.locator("main").get_by_role("link", name="Contact Us").get_attribute("href") == "/request-demo"
    )


@pytest.mark.parametrize(
    ("path", "count", "prefix"),
    [("/ai-solutions", 6, "/ai-solutions/"), ("/edutech", 6, "/edutech/"), ("/services", 6, "/services/")],
)
def test_lists_link_every_entry_with_learn_more(page, path, count, prefix):
    page.goto(path)
    links = page.get_by_role("link", name="Learn More")

    assert links.count() == count
    hrefs = links.evaluate_all("els => els.map((el) => el.getAttribute('href'))")
    assert hrefs == [f"{prefix}{n}" for n in (range(7, 13) if prefix == "/services/" else range(1, 7))]


@pytest.mark.parametrize("path", ["/ai-solutions", "/edutech"])
def test_list_entries_reveal_from_alternating_sides_in_1000_ms(page, path):
    visit(page, path)
    reveals = page.locator(
        '[data-section] .reveal[data-from="left"], [data-section] .reveal[data-from="right"]'
    )

    sides = reveals.evaluate_all("els => els.map((el) => el.dataset.from)")
    assert sides[:6] == ["left", "right"] * 3
    duration = "el => getComputedStyle(el).transitionDuration"
    expect(reveals.nth(5)).to_have_attribute("data-visible", "false")
    assert reveals.nth(5).evaluate(duration) == "0s"  # hidden at once, with no transition to run
    reveals.nth(5).scroll_into_view_if_needed()
    expect(reveals.nth(5)).to_have_attribute("data-visible", "true")
    assert reveals.nth(5).evaluate(duration).startswith("1s")


@pytest.mark.parametrize("path", ["/case-studies", "/ai-solutions"])
def test_nothing_on_the_first_screen_waits_for_the_reveal(page, path):
    page.set_viewport_size({"width": 1440, "height": 900})
    visit(page, path)
    expect(page.locator(".reveal").last).to_have_attribute("data-visible", "false")  # hydrated, below
    first_screen = page.evaluate(
        """() => [...document.querySelectorAll('.reveal')].map((el) => ({
            onScreen: el.getBoundingClientRect().top < innerHeight,
            shown: el.dataset.visible === 'true',
        }))"""
    )

    assert {"onScreen": True, "shown": True} in first_screen
    assert all(reveal["shown"] == reveal["onScreen"] for reveal in first_screen)
    assert 'data-visible="false"' not in page.request.get(path).text()


def test_a_section_far_below_is_laid_out_as_it_nears_and_still_slides_in(page):
    visit(page, "/")
    last = page.locator(".reveal").last
    # Not laid out yet, so not hidden either: the page's first layout stopped short of it.
    assert last.evaluate("el => el.checkVisibility({ contentVisibilityAuto: true })") is False
    assert last.get_attribute("data-visible") == "true"
    last.evaluate(
        """el => {
            window.__changes = [];
            new MutationObserver(() => window.__changes.push({
                visible: el.dataset.visible,
                below: el.getBoundingClientRect().top >= innerHeight,
            })).observe(el, { attributes: true, attributeFilter: ['data-visible'] });
        }"""
    )

    for _ in range(60):  # a visitor's wheel, down to it
        if last.evaluate("el => el.getBoundingClientRect().top < innerHeight / 2"):
            break
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(50)

    expect(last).to_have_attribute("data-visible", "true")
    changes = page.evaluate("window.__changes")
    assert changes == [{"visible": "false", "below": True}, {"visible": "true", "below": False}]
    assert last.evaluate("el => getComputedStyle(el).transitionDuration").startswith("1s")


def test_reduced_motion_shows_content_without_animation(browser, web_url):
    context = browser.new_context(base_url=web_url, reduced_motion="reduce")
    page = context.new_page()
    page.goto("/ai-solutions")
    last = page.locator(".reveal").last

    assert last.evaluate("el => getComputedStyle(el).opacity") == "1"
    assert last.evaluate("el => getComputedStyle(el).transitionDuration") == "0s"
    context.close()


def test_blog_list_groups_and_category_filter(page):
    blog = content.load("blog")
    visit(page, "/blog")

    assert section_names(page)[:5] == ["hero", "categories", "featured", "trending", "latest"]
    buttons = page.get_by_role("region", name="Blog categories").get_by_role("button")
    assert buttons.all_inner_texts() == ["All", *blog["categories"]]
    expect(buttons.first).to_have_attribute("aria-pressed", "true")
    assert page.locator('[data-section="featured"] a[href="/blog/1"]').count() >= 1
    for post_id in (2, 3, 4):
        assert page.locator(f'[data-section="trending"] a[href="/blog/{post_id}"]').count() >= 1

    category = "AI-Driven"
    buttons.filter(has_text=category).click()
    expected = {f"/blog/{p['id']}" for p in blog["posts"] if p["category"] == category}
    shown = page.locator('[data-section="category-posts"] a[href^="/blog/"]')
    expect(shown.first).to_be_visible()
    assert set(shown.evaluate_all("els => els.map((el) => el.getAttribute('href'))")) == expected


def test_blog_post_shows_author_date_read_time_and_article(page):
    post = content.load("blog")["posts"][0]
    page.goto(f"/blog/{post['id']}")
    article = page.locator('[data-section="article"]')

    expect(article).to_contain_text(f"By {post['author']}")
    expect(article).to_contain_text(post["readTime"])
    assert article.locator("time").get_attribute("datetime") == post["date"]
    assert article.locator(".article h2").count() >= 1
    assert article.get_by_role("link", name="Back to Blog").get_attribute("href") == "/blog"


def test_team_rows(page):
    members = content.load("team")["members"]
    page.goto("/team")

    for row in ("advisors", "leadership", "experts"):
        names = page.locator(f'[data-section="{row}"] [data-member]').evaluate_all(
            "els => els.map((el) => el.dataset.member)"
        )
        assert names == [m["name"] for m in members if m["row"] == row]
    expect(
        page.locator('[data-section="experts"]').get_by_role("heading", name="Our Experts")
    ).to_be_visible()
    for member in members:
        card = page.locator(f'[data-member="{member["name"]}"]')
        assert card.locator('[data-member-link="linkedin"]').count() == (member["linkedin"] != "#")
        assert (
            card.locator(f'[data-member-link="{member["icon"]}"]').get_attribute("href") == member["github"]
        )


def test_company_page(page):
    company = content.load("company")
    page.goto("/company")

    hero = page.locator('[data-section="hero"]')
    expect(hero).to_contain_text(company["revenueGrowth"]["value"])
    for stat in company["stats"]:
        expect(page.locator('[data-section="stats"]')).to_contain_text(stat["value"])
    assert page.locator('a[href="/api/download/profile"]').count() >= 2
    offices = page.locator('[data-section="offices"]')
    for office in SITE["offices"]:
        expect(offices).to_contain_text(office["city"])
        assert offices.locator(f'a[href="{office["chatUrl"]}"]').get_attribute("target") == "_blank"
    stack = page.locator('[data-section="tech-stack"]')
    assert stack.get_by_role("heading").count() >= 6
    no_icon = next(t for g in company["techStack"] for t in g["technologies"] if t["icon"] is None)
    badge = stack.get_by_text(no_icon["name"], exact=True).first
    assert badge.locator("img").count() == 0
    marks = stack.locator("img")
    assert marks.count() == sum(1 for g in company["techStack"] for t in g["technologies"] if t["icon"])
    marks.last.scroll_into_view_if_needed()
    expect(marks.last).to_have_js_property("complete", True)
    assert marks.last.evaluate("img => img.naturalWidth") > 0


def test_scheduling_frame_is_700px_with_colours_prefill_and_campaign(page):
    scheduling = SITE["scheduling"]
    page.goto("/request-demo")
    frame = page.locator('[data-section="scheduling"] iframe')

    assert frame.bounding_box()["height"] == 700
    url = urlsplit(frame.get_attribute("src"))
    assert f"{url.scheme}://{url.netloc}{url.path}" == scheduling["url"]
    query = {key: values[0] for key, values in parse_qs(url.query).items()}
    expected = {**scheduling["colors"], **scheduling["prefill"], **scheduling["utm"]}
    assert {key: query.get(key) for key in expected} == expected


def test_cookie_policy_sections_and_tables(page):
    policy = content.load("cookie-policy")
    page.goto("/privacy-policy")

    headings = page.locator("[data-policy-section] h2").all_inner_texts()
    assert headings == [section["heading"] for section in policy["sections"]]
    tables = [section["table"] for section in policy["sections"] if "table" in section]
    assert page.locator('[data-section="policy"] table').count() == len(tables)
    text = page.locator('[data-section="policy"]').inner_text()
    contents = page.get_by_role("navigation").filter(has=page.locator("#policy-contents")).locator("a")
    assert contents.evaluate_all("els => els.map((el) => el.getAttribute('href'))") == [
        f"#{section['id']}" for section in policy["sections"]
    ]
    for duration in ("1 month", "6 months", "13 months", "30 minutes"):
        assert duration in text
