"""The shared header (submenus, mobile menu), footer, chat button, and the Next/previous links."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from ...support.site import SITE, scroll_to, visit

pytestmark = pytest.mark.e2e

SUBMENUS = {"AI": 6, "Edutech": 6, "Services": 6}


@pytest.mark.parametrize(("label", "entries"), SUBMENUS.items())
def test_submenu_opens_on_hover_in_two_columns(page, label, entries):
    visit(page, "/company")
    panel = page.locator(f'[data-submenu="{label}"]')
    assert panel.is_hidden()

    page.get_by_role("navigation", name="Main").get_by_role("link", name=label, exact=True).hover()

    assert panel.is_visible()
    assert panel.locator("ul").count() == 2
    assert panel.locator("ul a").count() == entries


def test_submenu_closes_150_ms_after_the_pointer_leaves(page):
    visit(page, "/company")
    trigger = page.get_by_role("navigation", name="Main").get_by_role("link", name="AI", exact=True)
    trigger.hover()
    # Time the close in the page itself: from the pointer leaving to the panel going away.
    page.evaluate("""() => {
        const panel = document.querySelector('[data-submenu="AI"]');
        const item = panel.parentElement;
        const recordLeave = () => { window.leftAt = performance.now(); };
        item.addEventListener('pointerleave', recordLeave, { once: true });
        window.submenuClosed = new Promise((resolve) => new MutationObserver(() => {
            if (!panel.isConnected) resolve(performance.now());
        }).observe(item, { childList: true }));
    }""")

    page.mouse.move(5, 600)
    delay = page.evaluate("async () => (await window.submenuClosed) - window.leftAt")

    assert 150 <= delay < 400


def test_returning_within_150_ms_keeps_the_submenu_open(page):
    visit(page, "/company")
    trigger = page.get_by_role("navigation", name="Main").get_by_role("link", name="Services", exact=True)
    trigger.hover()
    page.mouse.move(5, 600)
    trigger.hover()
    page.wait_for_timeout(400)

    assert page.locator('[data-submenu="Services"]').is_visible()


def test_a_click_on_the_chevron_opens_the_submenu_the_pointer_just_opened_and_the_next_closes_it(page):
    """Moving onto the chevron opens the submenu (hover), and the click that ends the same move
    must not close it again."""
    visit(page, "/company")
    toggle = page.get_by_role("button", name="AI menu")
    panel = page.locator('[data-submenu="AI"]')

    toggle.hover()
    expect(panel).to_be_visible()
    toggle.click()
    page.wait_for_timeout(200)
    expect(panel).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(panel).to_be_hidden()


def test_a_tap_on_the_chevron_of_a_wide_touch_screen_opens_the_submenu_and_it_stays(browser, web_url):
    """A tablet wide enough for the desktop bar: a finger does not hover, so the tap is the toggle,
    and lifting the finger is no pointer leaving."""
    context = browser.new_context(base_url=web_url, viewport={"width": 1280, "height": 800}, has_touch=True)
    tablet = context.new_page()
    visit(tablet, "/company")
    toggle = tablet.get_by_role("button", name="AI menu")
    panel = tablet.locator('[data-submenu="AI"]')

    toggle.tap()
    tablet.wait_for_timeout(400)  # past the 150 ms a mouse leaving would give it

    expect(panel).to_be_visible()
    toggle.tap()
    expect(panel).to_be_hidden()
    context.close()


def test_submenu_works_by_keyboard(page):
    visit(page, "/company")
    toggle = page.get_by_role("button", name="Edutech menu")
    toggle.focus()
    page.keyboard.press("Enter")
    panel = page.locator('[data-submenu="Edutech"]')

    assert toggle.get_attribute("aria-expanded") == "true" and panel.is_visible()
    page.keyboard.press("Escape")
    assert panel.is_hidden()


def test_mobile_menu_toggles_each_submenu(phone):
    visit(phone, "/company")
    menu = phone.get_by_role("navigation", name="Mobile")
    assert menu.is_hidden()
    assert phone.get_by_role("navigation", name="Main").is_hidden()

    phone.get_by_role("button", name="Open menu").click()
    assert menu.is_visible()
    toggle = menu.get_by_role("button", name="AI submenu")
    assert toggle.get_attribute("aria-expanded") == "false"

    toggle.click()
    entries = menu.locator(f"#{toggle.get_attribute('aria-controls')}".replace(":", "\\:"))
    assert toggle.get_attribute("aria-expanded") == "true"
    assert entries.is_visible() and entries.locator("a").count() == 6
    toggle.click()
    assert entries.is_hidden()

    menu.get_by_role("link", name="Blog", exact=True).click()
    phone.wait_for_url("**/blog")
    expect(menu).to_be_hidden()


def test_footer_columns_contacts_and_copyright(page):
    visit(page, "/")
    footer = page.locator("footer")
    scroll_to(footer.locator("[data-copyright]"))

    for column in ("Company", "Services", "Connect"):
        assert footer.get_by_role("heading", name=column).is_visible()
    links = [footer.locator("a").nth(i).get_attribute("href") for i in range(footer.locator("a").count())]
    assert f"mailto:{SITE['contact']['generalEmail']}" in links
    assert f"mailto:{SITE['contact']['salesEmail']}" in links
    assert SITE["contact"]["phoneHref"] in links
    assert {link["href"] for link in SITE["social"]} <= set(links)
    assert str(date.today().year) in footer.locator("[data-copyright]").inner_text()


def test_chat_button_opens_the_chat_in_a_new_tab(page):
    visit(page, "/")
    chat = page.locator("[data-chat-button]")

    assert chat.get_attribute("href") == SITE["chat"]["url"]
    assert chat.get_attribute("target") == "_blank"
    assert "noopener" in chat.get_attribute("rel")


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        ("/ai-solutions/1", "/ai-solutions/2"),
        ("/ai-solutions/6", "/ai-solutions/1"),
        ("/edutech/3", "/edutech/4"),
        ("/edutech/6", "/edutech/1"),
        ("/services/7", "/services/8"),
        ("/services/12", "/services/7"),
        ("/case-studies/11", "/case-studies/12"),
        ("/case-studies/12", "/case-studies/1"),
    ],
)
def test_next_button_goes_on_and_wraps_around(page, start, expected):
    visit(page, start)
    page.locator("[data-next]").click()

    page.wait_for_url(f"**{expected}")


def test_blog_previous_and_next_do_not_wrap(page):
    visit(page, "/blog/1")
    navigation = page.locator('[data-section="post-navigation"]')
    assert navigation.get_by_role("link", name=re.compile("previous", re.I)).count() == 0
    navigation.get_by_role("link", name=re.compile("next", re.I)).click()
    page.wait_for_url("**/blog/2")

    visit(page, "/blog/9")
    assert navigation.get_by_role("link", name=re.compile("next", re.I)).count() == 0
    navigation.get_by_role("link", name=re.compile("previous", re.I)).click()
    page.wait_for_url("**/blog/8")


def test_a_page_load_fetches_no_other_page_and_a_click_navigates_in_the_app(page):
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "_rsc=" in request.url else None)
    visit(page, "/")
    page.wait_for_timeout(1500)  # the time a prefetch of the links in view would take to start
    assert fetched == []

    page.evaluate("window.sameDocument = true")
    page.locator("header").get_by_role("link", name="Case Studies", exact=True).click()
    page.wait_for_url("**/case-studies")
    assert page.evaluate("window.sameDocument") is True  # no full page load
    assert any("/case-studies" in url for url in fetched)
