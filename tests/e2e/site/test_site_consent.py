"""Cookie consent (Accept All, Reject All or chosen flags, essential always on; tags only after their
consent; asked again after 12 months or a new policy version) in Chromium against `next start` and
the real lead service: the banner and preferences, what is stored, Consent Mode, which tags load,
withdrawal, and the proof rows. The tag hosts are stood in for by the test and never reached."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import requests
from playwright.sync_api import expect

from ...support.consent import (
    CONSENT,
    TAGS,
    banner,
    data_layer,
    iso,
    remember_choice,
    stand_in_for_tags,
    stored_choice,
    wait_for_proof,
)
from ...support.lead_forms import wait_hydrated
from ...support.site import SITE, visit

pytestmark = pytest.mark.e2e

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
BANNER = CONSENT["banner"]
DIALOG = CONSENT["dialog"]
GA = f"gtag/js?id={TAGS['analyticsId']}"
GTM = f"gtm.js?id={TAGS['tagManagerId']}"


def first_visit(page, path="/"):
    asked = stand_in_for_tags(page)
    visit(page, path)
    expect(banner(page)).to_be_visible()
    return asked


def settled(page):
    """Hydrated, the saved choice read, and time for any tag it would load to be asked for: an
    absence cannot be waited for, only given the time a presence would take."""
    wait_hydrated(page, "footer button")
    page.wait_for_timeout(1000)


def tags_asked(page, asked: list[str], expected: list[str]) -> list[str]:
    """The tag URLs asked for, once `expected` many have been (or 5 s have passed), paths only."""
    for _ in range(50):
        if len(asked) >= len(expected):
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)  # room for any extra request to show up
    return sorted(url.removeprefix("https://www.googletagmanager.com/") for url in asked)


@pytest.mark.parametrize(
    ("stored", "asked"),
    [(None, True), ({}, False), ({"version": "2000-01-01"}, True)],
    ids=["first visit", "standing choice", "out of date choice"],
)
def test_the_banner_paints_with_the_page_only_when_it_must_ask(page, web_url, stored, asked):
    """Decided by an inline script as the HTML is parsed: the page's own scripts never run here."""
    assert "data-cookie-banner" in requests.get(web_url, timeout=10).text
    if stored is not None:
        remember_choice(page, **stored)
    page.route("**/_next/static/**/*.js", lambda route: route.abort())
    page.goto("/")

    expect(banner(page)).to_be_visible() if asked else expect(banner(page)).to_be_hidden()


def test_the_banner_shows_whole_and_never_moves_the_chat_button(page, web_url):
    """A browser may paint a page it has only partly parsed. The banner sits under the chat button,
    both held to the bottom of the screen: so the banner comes first in the HTML, whole before the
    script that shows it, and the chat button after both. A partial paint shows the banner whole or
    not at all, and never the chat button where the banner would then push it from."""
    html = requests.get(web_url, timeout=10).text
    banner_end = html.index("</section>", re.search(r"<section[^>]*\sdata-cookie-banner", html).start())
    mark = html.index("<script>", banner_end)
    assert html[banner_end:mark] == "</section>"
    assert "data-consent-ask" in html[mark : html.index("</script>", mark)]
    assert html.index("data-chat-button", banner_end) > mark

    first_visit(page)
    chat = page.locator("[data-chat-button]").bounding_box()
    assert chat["y"] + chat["height"] <= banner(page).bounding_box()["y"]  # still shown above it


def test_without_scripts_nothing_is_asked(browser, web_url):
    context = browser.new_context(base_url=web_url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")

    expect(banner(page)).to_be_hidden()
    context.close()


def test_the_banner_offers_three_equal_answers(page):
    first_visit(page)
    answers = ("acceptAll", "rejectAll", "manage")
    buttons = [banner(page).get_by_role("button", name=BANNER[key]) for key in answers]
    classes = {button.get_attribute("class") for button in buttons}
    assert len(classes) == 1  # the same look for each answer


@pytest.mark.parametrize(("answer", "flags"), [("acceptAll", (True, True)), ("rejectAll", (False, False))])
def test_an_answer_is_stored_with_version_date_and_id_and_holds_on_reload(page, answer, flags):
    asked = first_visit(page)
    before = datetime.now(UTC)
    banner(page).get_by_role("button", name=BANNER[answer]).click()
    expect(banner(page)).to_have_count(0)

    choice = stored_choice(page)
    assert (choice["essential"], choice["analytics"], choice["marketing"]) == (True, *flags)
    assert choice["version"] == CONSENT["version"]
    assert UUID.match(choice["id"])
    saved_at = datetime.fromisoformat(choice["date"].replace("Z", "+00:00"))
    assert before - timedelta(seconds=5) <= saved_at <= datetime.now(UTC) + timedelta(seconds=5)

    expected = sorted([GA, GTM] if flags[0] else [])
    assert tags_asked(page, asked, expected) == expected

    asked.clear()
    page.reload()
    settled(page)
    expect(banner(page)).to_have_count(0)
    assert tags_asked(page, asked, expected) == expected  # applied again on the next page


def test_manage_preferences_shows_essential_always_on_and_cancel_changes_nothing(page):
    first_visit(page)
    banner(page).get_by_role("button", name=BANNER["manage"]).click()
    dialog = page.get_by_role("dialog", name=DIALOG["title"])
    expect(dialog).to_be_visible()
    essential = dialog.get_by_role("switch", name=CONSENT["categories"]["essential"]["label"])
    expect(essential).to_be_checked()
    expect(essential).to_be_disabled()
    for name in ("analytics", "marketing"):  # nothing pre-ticked
        expect(dialog.get_by_role("switch", name=CONSENT["categories"][name]["label"])).not_to_be_checked()

    dialog.get_by_role("switch", name=CONSENT["categories"]["analytics"]["label"]).check()
    dialog.get_by_role("button", name=DIALOG["cancel"]).click()
    expect(dialog).to_be_hidden()
    expect(banner(page)).to_be_visible()
    assert stored_choice(page) is None


@pytest.mark.parametrize("analytics", [True, False])
@pytest.mark.parametrize("marketing", [True, False])
def test_save_preferences_stores_each_combination_and_its_proof(page, lead_engine, analytics, marketing):
    asked = first_visit(page)
    banner(page).get_by_role("button", name=BANNER["manage"]).click()
    dialog = page.get_by_role("dialog", name=DIALOG["title"])
    for name, on in (("analytics", analytics), ("marketing", marketing)):
        dialog.get_by_role("switch", name=CONSENT["categories"][name]["label"]).set_checked(on)
    dialog.get_by_role("button", name=DIALOG["save"]).click()
    expect(dialog).to_be_hidden()
    expect(banner(page)).to_have_count(0)

    choice = stored_choice(page)
    assert (choice["analytics"], choice["marketing"]) == (analytics, marketing)
    [row] = wait_for_proof(page, lead_engine, choice["id"])
    assert (row["essential"], row["analytics"], row["marketing"], row["version"]) == (
        True,
        analytics,
        marketing,
        CONSENT["version"],
    )
    expected = sorted([GA] * analytics + [GTM] * marketing)
    assert tags_asked(page, asked, expected) == expected


@pytest.mark.parametrize(
    "stale",
    [{"version": "2000-01-01"}, {"date": iso(datetime.now(UTC) - timedelta(days=366))}],
    ids=["older policy version", "older than 12 months"],
)
def test_an_out_of_date_choice_is_asked_again_and_loads_no_tag(page, stale):
    remember_choice(page, analytics=True, marketing=True, **stale)
    asked = first_visit(page)
    settled(page)
    assert asked == []


def test_the_footer_link_and_the_policy_page_reopen_the_preferences(page):
    first_visit(page)
    banner(page).get_by_role("button", name=BANNER["acceptAll"]).click()
    page.locator("footer").get_by_role("button", name=SITE["footer"]["cookieSettingsLabel"]).click()
    dialog = page.get_by_role("dialog", name=DIALOG["title"])
    expect(dialog.get_by_role("switch", name=CONSENT["categories"]["analytics"]["label"])).to_be_checked()
    dialog.get_by_role("button", name=DIALOG["cancel"]).click()

    visit(page, "/privacy-policy")
    page.locator("main").get_by_role("button", name=CONSENT["reopenLabel"]).click()
    expect(page.get_by_role("dialog", name=DIALOG["title"])).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name=DIALOG["title"])).to_be_hidden()


def test_no_tag_is_asked_for_before_consent_or_after_reject_all(page):
    asked = first_visit(page)
    settled(page)
    assert asked == []
    banner(page).get_by_role("button", name=BANNER["rejectAll"]).click()
    page.reload()
    settled(page)
    assert asked == []


def test_consent_defaults_come_first_then_the_update_then_the_tags(page):
    first_visit(page)
    layer = data_layer(page)
    assert layer[0] == [
        "consent",
        "default",
        {
            "ad_storage": "denied",
            "ad_user_data": "denied",
            "ad_personalization": "denied",
            "analytics_storage": "denied",
            "wait_for_update": 500,
        },
    ]
    banner(page).get_by_role("button", name=BANNER["acceptAll"]).click()
    page.wait_for_function("() => window.dataLayer.some((entry) => entry.event === 'gtm.js')")
    layer = data_layer(page)
    update = layer.index(
        [
            "consent",
            "update",
            {
                "ad_storage": "granted",
                "ad_user_data": "granted",
                "ad_personalization": "granted",
                "analytics_storage": "granted",
            },
        ]
    )
    config = next(i for i, entry in enumerate(layer) if isinstance(entry, list) and entry[0] == "config")
    gtm = next(
        i for i, entry in enumerate(layer) if isinstance(entry, dict) and entry.get("event") == "gtm.js"
    )
    assert 0 < update < min(config, gtm)
    assert layer[config] == ["config", TAGS["analyticsId"], {"cookie_expires": 395 * 24 * 60 * 60}]


def test_withdrawing_consent_removes_the_tags_cookies_and_stops_analytics(page):
    first_visit(page)
    banner(page).get_by_role("button", name=BANNER["acceptAll"]).click()
    page.wait_for_function("() => document.cookie.includes('_ga=') && document.cookie.includes('_gcl_au=')")

    def withdraw(name):
        page.locator("footer").get_by_role("button", name=SITE["footer"]["cookieSettingsLabel"]).click()
        dialog = page.get_by_role("dialog", name=DIALOG["title"])
        dialog.get_by_role("switch", name=CONSENT["categories"][name]["label"]).uncheck()
        dialog.get_by_role("button", name=DIALOG["save"]).click()
        expect(dialog).to_be_hidden()

    withdraw("analytics")
    cookies = page.evaluate("document.cookie")
    assert "_ga" not in cookies.replace("_gcl_au", "") and "_gcl_au=" in cookies
    assert page.evaluate(f"window['ga-disable-{TAGS['analyticsId']}']") is True
    assert data_layer(page)[-1][:2] == ["consent", "update"]
    assert data_layer(page)[-1][2]["analytics_storage"] == "denied"

    withdraw("marketing")
    assert page.evaluate("document.cookie") == ""


def test_the_choice_holds_when_the_lead_service_is_down(browser, web_without_service):
    context = browser.new_context(base_url=web_without_service)
    page = context.new_page()
    asked = first_visit(page)
    banner(page).get_by_role("button", name=BANNER["acceptAll"]).click()
    expect(banner(page)).to_have_count(0)
    assert stored_choice(page)["analytics"] is True
    assert tags_asked(page, asked, [GA, GTM]) == sorted([GA, GTM])
    context.close()


def test_the_proof_lands_in_postgresql_too(browser, postgres_site):
    site_url, engine = postgres_site
    context = browser.new_context(base_url=site_url)
    page = context.new_page()
    first_visit(page)
    banner(page).get_by_role("button", name=BANNER["rejectAll"]).click()
    choice = stored_choice(page)
    [row] = wait_for_proof(page, engine, choice["id"])
    assert (row["analytics"], row["marketing"], row["version"]) == (False, False, CONSENT["version"])
    context.close()


def test_the_banner_never_covers_a_submit_button_or_the_profile_popup(page):
    page.clock.install()
    first_visit(page)
    wait_hydrated(page, '[data-lead-form="quote"]')
    page.clock.run_for(21_000)
    popup = page.locator("[data-profile-popup]")
    popup.evaluate("(el) => Promise.all(el.getAnimations().map((animation) => animation.finished))")
    popup = popup.bounding_box()
    assert popup["y"] + popup["height"] <= banner(page).bounding_box()["y"]

    visit(page, "/case-studies")
    expect(banner(page)).to_be_visible()
    send = page.locator('[data-lead-form="caseStudiesContact"] button[type="submit"]')
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    send.scroll_into_view_if_needed()
    assert send.evaluate(
        "(button) => { const box = button.getBoundingClientRect();"
        " return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === button; }"
    )
    footer_end = page.locator("[data-copyright]").bounding_box()
    assert footer_end["y"] + footer_end["height"] <= banner(page).bounding_box()["y"] + 1
