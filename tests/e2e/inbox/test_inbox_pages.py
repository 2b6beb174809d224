"""The staff inbox in a real Chromium, on `next start` and the real lead service, over SQLite and
PostgreSQL: enrolment and sign-in with a second factor, recovery codes, sign-out, idle expiry and
lockout; the list, its pages, its search and a shared view; what each role is shown; leads whose
fields are attacks, shown as text; and the audit trail of it all."""

import io
import re
from datetime import UTC, datetime, timedelta

import pyotp
import pytest
import requests
import zxingcpp
from PIL import Image
from playwright.sync_api import expect
from sqlalchemy import insert, select, text, update

from lead_service.models.staff import SignInFailure, StaffSession
from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import PASSWORD, next_code, password_step, sign_in
from ...support.site import hydrated

pytestmark = pytest.mark.e2e


def test_the_invited_user_chooses_a_password_enrols_then_codes_and_recovery_codes_sign_in_once(inbox, browse):
    link = inbox.invite("enrol@staff.example", "sales")
    page = browse()
    page.goto(link)
    page.wait_for_function(hydrated("form button[type=submit]"))
    page.get_by_label("New password", exact=True).fill(PASSWORD)
    page.get_by_label("Repeat the new password").fill(PASSWORD)
    page.get_by_role("button", name="Continue").click()
    page.get_by_role("heading", name="Set up your authenticator app").wait_for()
    qr = page.get_by_role("img", name="QR code for your authenticator app")
    assert qr.get_attribute("src").startswith("data:image/svg+xml,")
    expect(qr).to_have_js_property("complete", True)
    assert qr.evaluate("(image) => image.naturalWidth") > 0  # drawn: an SVG without its namespace is not
    secret = page.locator("[data-totp-secret]").get_attribute("data-totp-secret")
    [scanned] = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))
    assert scanned.text.startswith("otpauth://totp/") and f"secret={secret}" in scanned.text
    assert page.locator("[data-totp-secret]").inner_text().replace(" ", "") == secret
    page.get_by_label("six-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm").click()
    page.get_by_role("heading", name="Your recovery codes").wait_for()
    codes = page.locator("[data-recovery-codes] li").all_inner_texts()
    assert len(codes) == 10 and all(re.fullmatch(r"\w{5}-\w{5}", c) for c in codes)
    page.get_by_role("link", name="open the inbox").click()
    page.get_by_role("heading", name="Leads").wait_for()

    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/inbox/login")
    page.goto("/inbox")
    page.wait_for_url("**/inbox/login")  # the session ended

    sign_in(page, "enrol@staff.example", codes[0])  # a recovery code, once
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/inbox/login")
    password_step(page, "enrol@staff.example")
    page.get_by_label("recovery code").fill(codes[0])
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("alert").filter(has_text="The code is wrong.").wait_for()
    page.get_by_label("recovery code").fill(next_code(secret))
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="Leads").wait_for()

    actions = inbox.audit_actions()
    for action in (
        "invitation_accepted",
        "enrolled",
        "sign_in",
        "sign_out",
        "recovery_code_used",
        "sign_in_failed",
    ):
        assert action in actions
    # The link was for once.
    page.goto(link)
    page.wait_for_function(hydrated("form button[type=submit]"))
    page.get_by_label("New password", exact=True).fill("another long passphrase")
    page.get_by_label("Repeat the new password").fill("another long passphrase")
    page.get_by_role("button", name="Continue").click()
    page.get_by_role("alert").filter(has_text="was used already").wait_for()


def test_a_session_idle_too_long_ends(inbox, browse):
    secret = inbox.enrolled_staff("idle@staff.example", "viewer")
    page = browse()
    sign_in(page, "idle@staff.example", next_code(secret))
    with inbox.engine.begin() as connection:
        connection.execute(
            update(StaffSession).values(last_seen_at=datetime.now(UTC) - timedelta(minutes=31))
        )
    page.reload()
    page.wait_for_url("**/inbox/login")
    page.get_by_role("heading", name="Sign in to the lead inbox").wait_for()


def test_repeated_failures_lock_the_account_with_the_same_answer(inbox, browse):
    inbox.enrolled_staff("locked@staff.example", "viewer")
    page = browse()
    for _ in range(8):
        password_step(page, "locked@staff.example", "not the password at all")
        page.get_by_role("alert").filter(has_text="The e-mail or password is wrong.").wait_for()
    # The tries made while it waited are not counted: the wait after the last counted one may be
    # over by now. Eight more failures, just now, make it minutes long.
    failures = SignInFailure.__table__
    with inbox.engine.begin() as connection:
        account = connection.execute(select(failures.c.account).limit(1)).scalar_one()
        connection.execute(
            insert(failures),
            [{"at": datetime.now(UTC), "account": account, "client": "elsewhere", "settled": True}] * 8,
        )
    password_step(page, "locked@staff.example", PASSWORD)  # right, but held back
    page.get_by_role("alert").filter(has_text="The e-mail or password is wrong.").wait_for()
    assert page.get_by_label("recovery code").count() == 0
    with inbox.engine.connect() as connection:
        reasons = connection.execute(
            text(
                "SELECT detail FROM audit_events WHERE action = 'sign_in_failed' AND actor_id ="
                " (SELECT id FROM staff_users WHERE email = 'locked@staff.example')"
            )
        ).scalars()
        assert '{"reason": "locked"}' in list(reasons)


def test_search_finds_a_lead_by_part_of_its_email_and_a_shared_view_opens_the_same(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Orla Quinn", "email": "orla.quinn@zephyrine.io"})
    inbox.post_lead("/api/quote", {**QUOTE, "name": "Piet Zephyr", "email": "piet@elsewhere.io"})
    secret = inbox.enrolled_staff("search@staff.example", "viewer")
    page = browse()
    sign_in(page, "search@staff.example", next_code(secret))
    page.get_by_role("searchbox", name="Search").fill("zephyri")
    page.wait_for_url(re.compile(r"q=zephyri"))
    rows = page.locator("tbody tr")
    rows.first.wait_for()
    assert rows.count() == 1
    assert rows.first.locator("mark").inner_text() == "zephyri"
    assert "orla.quinn@zephyrine.io" in rows.first.inner_text()

    page.locator("select[name=form]").select_option("contact")
    page.get_by_role("button", name="Apply").click()
    page.wait_for_url(re.compile(r"form=contact"))
    shared = page.url
    assert "from=" not in shared  # the filters left empty are dropped from the view's address
    shown = page.locator("tbody").inner_text()

    colleague = browse()
    colleague.goto(shared)
    colleague.wait_for_url("**/inbox/login?next=*")
    colleague_secret = inbox.enrolled_staff("colleague@staff.example", "viewer")
    password_step(colleague, "colleague@staff.example", here=True)
    colleague.get_by_label("recovery code").fill(next_code(colleague_secret))
    colleague.get_by_role("button", name="Sign in").click()
    colleague.wait_for_url(shared)
    assert colleague.locator("tbody").inner_text() == shown
    assert colleague.get_by_role("searchbox", name="Search").input_value() == "zephyri"
    assert "search" in inbox.audit_actions("search@staff.example")
    # Links to the leads shown are not prefetched: no lead is read that nobody opened.
    assert "lead_viewed" not in inbox.audit_actions("search@staff.example")


HOSTILE = {
    "name": "<script>window.__pwned = 'name'</script>",
    "company": "<img src=/x-company onerror=\"window.__pwned='company'\">",
    "message": (
        "<a href=\"javascript:window.__pwned='link'\">open</a> "
        "<svg onload=\"window.__pwned='svg'\"><image href=/x-svg /></svg>"
    ),
}


def test_leads_that_are_attacks_show_as_text_and_run_nothing(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, **HOSTILE, "email": "attacker@hostile.io"})
    secret = inbox.enrolled_staff("hostile@staff.example", "sales")
    page = browse()
    sign_in(page, "hostile@staff.example", next_code(secret))
    page.get_by_role("searchbox", name="Search").fill("hostile")
    # The lead is on the first page already: a click before the search lands would be overtaken by it.
    page.wait_for_url(re.compile(r"q=hostile"))
    row = page.locator("tbody tr").filter(has_text="attacker@hostile.io")
    row.wait_for()
    assert HOSTILE["name"] in row.inner_text() and HOSTILE["company"] in row.inner_text()
    row.get_by_role("link").click()
    page.get_by_role("heading", name=HOSTILE["name"]).wait_for()
    for field in ("company", "message"):
        assert page.locator(f"[data-field={field}] dd").inner_text() == HOSTILE[field]
    assert page.locator("main img, main svg, main script, main a[href^='javascript']").count() == 0
    assert page.evaluate("() => window.__pwned") is None
    assert not [url for url in page.requests if "/x-" in url]


def test_each_role_is_shown_what_it_may_do(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "roles@lead.io"})
    for role in ("viewer", "sales", "admin"):
        secret = inbox.enrolled_staff(f"{role}-pages@staff.example", role)
        page = browse()
        sign_in(page, f"{role}-pages@staff.example", next_code(secret))
        assert (page.get_by_role("link", name="Audit trail").count() == 1) == (role == "admin")
        page.locator("tbody tr").first.get_by_role("link").click()
        page.get_by_role("heading", name="Notification").wait_for()
        assert (page.get_by_role("button", name="Retry").count() == 1) == (role != "viewer")
        page.goto("/inbox/audit")
        if role == "admin":
            page.get_by_role("heading", name="Audit trail").wait_for()
            actions = set(page.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.action)"))
            assert {"sign_in", "lead_viewed"} <= actions
            page.get_by_label("Action").select_option("lead_viewed")
            page.get_by_role("button", name="Apply").click()
            page.wait_for_url(re.compile(r"action=lead_viewed"))
            shown = page.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.action)")
            assert shown and set(shown) == {"lead_viewed"}
            # The lead is named by its id alone, and linked at its address.
            viewed = page.locator("tbody tr[data-action=lead_viewed] a[href^='/inbox/leads/']").first
            lead_id = re.fullmatch(r"Lead (\d+)", viewed.inner_text())[1]
            assert viewed.get_attribute("href") == f"/inbox/leads/{lead_id}"
        else:
            page.get_by_text("Only admins read the audit trail.").wait_for()


def test_older_leads_pages_through_the_list_in_order(inbox, browse):
    inbox.fake_leads(80)
    secret = inbox.enrolled_staff("pages@staff.example", "viewer")
    page = browse()
    sign_in(page, "pages@staff.example", next_code(secret))

    def shown():
        return page.locator("tbody tr a").evaluate_all("links => links.map(a => a.getAttribute('href'))")

    first = shown()
    page.get_by_role("link", name="Older leads").click()
    page.wait_for_url(re.compile(r"cursor="))
    second = shown()
    assert len(first) == 50 and second
    assert first + second == inbox.newest_leads(len(first) + len(second))
    page.get_by_role("link", name="Newest leads").click()
    page.wait_for_url(re.compile(r"/inbox$"))
    assert shown() == first


def test_inbox_pages_are_private_and_strict(inbox):
    answer = requests.get(f"{inbox.url}/inbox/login", timeout=10)
    policy = answer.headers["Content-Security-Policy"]
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    scripts = re.findall(r"<script[^>]*>", answer.text)
    assert scripts and all(f'nonce="{nonce}"' in tag for tag in scripts)
    assert requests.get(f"{inbox.url}/inbox/login", timeout=10).headers["Content-Security-Policy"] != policy
    assert "no-store" in answer.headers["Cache-Control"]
    assert answer.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert '<meta name="robots" content="noindex, nofollow"/>' in answer.text
    assert "Disallow: /inbox" in requests.get(f"{inbox.url}/robots.txt", timeout=10).text
    away = requests.get(f"{inbox.url}/inbox?form=quote", timeout=10, allow_redirects=False)
    assert (
        away.status_code in (303, 307)
        and away.headers["Location"] == "/inbox/login?next=%2Finbox%3Fform%3Dquote"
    )
