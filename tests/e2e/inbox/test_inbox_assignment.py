"""Assignment rules kept by an admin in a real Chromium, over SQLite and PostgreSQL, and run by the
real outbox worker on leads sent through the site: a Malaysian quote over a budget band goes to the
rule's named person, three leads under round-robin to three members, an away member is skipped and
a full one passed over, and a lead no rule places alerts the team once by e-mail."""

import time
import uuid

import pytest
from sqlalchemy import text

from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, open_signed_in, sign_in
from ...support.servers import start_outbox_worker, stop

pytestmark = pytest.mark.e2e

HIGH = ["5000$ - 10000$ Estimated", "More than 10000$ Estimated"]
MALAYSIAN = {**QUOTE, "phone": "+60 12-345 6789", "phoneCountry": "MY"}
PAGE = "/inbox/assignment"


@pytest.fixture(autouse=True)
def no_rules(inbox):
    """Each test starts with no rules or groups, and everyone free (the inbox is the module's)."""
    with inbox.engine.begin() as connection:
        for statement in (
            "DELETE FROM assignment_rules",
            "DELETE FROM staff_groups",
            "UPDATE staff_users SET away = false, open_leads_cap = NULL",
        ):
            connection.execute(text(statement))


@pytest.fixture
def worker(inbox, tmp_path):
    """The outbox worker running, by e-mail to a real SMTP server: the server."""
    sink = SmtpSink().start()
    settings = {**smtp_settings(sink.port), "SITE_URL": inbox.site, "INBOX_URL": inbox.url}
    running = start_outbox_worker(tmp_path, inbox.database, settings)
    yield sink
    stop(running)
    sink.stop()


def _user_id(inbox, email: str) -> int:
    with inbox.engine.connect() as connection:
        query = text("SELECT id FROM staff_users WHERE email = :email")
        return connection.execute(query, {"email": email}).scalar_one()


def _staff(inbox, *emails: str) -> list[int]:
    """Sales staff, made once per module: their ids."""
    ids = []
    for email in emails:
        with inbox.engine.connect() as connection:
            query = text("SELECT id FROM staff_users WHERE email = :email")
            found = connection.execute(query, {"email": email}).scalar()
        if found is None:
            inbox.add_staff(email, "sales")
        ids.append(_user_id(inbox, email))
    return ids


def _owner(inbox, email: str) -> int | None:
    with inbox.engine.connect() as connection:
        query = text("SELECT owner_id FROM leads WHERE email = :email")
        return connection.execute(query, {"email": email}).scalar_one()


@pytest.fixture
def admin(inbox, browse):
    """An admin of the test's own, signed in (each sign-in takes a code of its own: the test opens the
    Assignment page once it has made its staff)."""
    email = f"admin-{uuid.uuid4().hex[:8]}@work.example"
    secret = inbox.enrolled_staff(email, "admin")
    page = browse()
    sign_in(page, email, next_code(secret))
    return page


def _add_rule(page, name: str, target: str, **choices) -> None:
    """A rule added with the page's New rule form: `choices` are its selects' values by label."""
    form = page.get_by_role("region", name="New rule")
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Gives each lead to").select_option(target)
    for label, value in choices.items():
        form.get_by_label(label, exact=True).select_option(value)
    form.get_by_role("button", name="Add rule").click()
    page.locator("[data-rule]").filter(has_text=name).wait_for()


def _add_group(page, name: str, member_ids: list[int]) -> str:
    """A group added with the page's New group form: its id, as the rules' form offers it."""
    form = page.get_by_role("region", name="New group")
    form.get_by_label("Name", exact=True).fill(name)
    for member in member_ids:
        form.locator(f"input[name=member][value='{member}']").check()
    form.get_by_role("button", name="Add group").click()
    added = page.locator("[data-group]").filter(has_text=name)
    added.wait_for()
    return added.get_attribute("data-group")


def test_a_malaysian_quote_over_a_budget_band_goes_to_the_rules_named_person(inbox, admin, worker):
    [asia] = _staff(inbox, "asia@work.example")
    open_signed_in(admin, PAGE)
    _add_rule(
        admin,
        "Big Malaysian quotes",
        "person",
        Forms=["quote"],
        Countries=["Malaysia"],
        Budgets=HIGH,
        Person=str(asia),
    )
    admin.locator("[data-rule]").filter(has_text="Leads from Get Custom Quote, in Malaysia").wait_for()

    inbox.post_lead("/api/quote", {**MALAYSIAN, "email": "big@my.example", "budget": HIGH[1]})
    inbox.post_lead(
        "/api/quote", {**MALAYSIAN, "email": "small@my.example", "budget": "1000$ - 5000$ Estimated"}
    )

    wait_for(lambda: _owner(inbox, "big@my.example") == asia, 30, "the big quote placed")
    wait_for(
        lambda: [sent for sent in worker.messages if "asia@work.example" in sent["To"]], 30, "its e-mail"
    )
    assert _owner(inbox, "small@my.example") is None
    open_signed_in(admin, inbox.lead_path("big@my.example"))
    owner = admin.get_by_role("form", name="Status and owner").get_by_label("Owner")
    assert owner.locator("option:checked").get_attribute("value") == str(asia)


def test_three_new_leads_under_round_robin_go_to_three_members(inbox, admin, worker):
    members = _staff(inbox, "turn0@work.example", "turn1@work.example", "turn2@work.example")
    open_signed_in(admin, PAGE)
    group = _add_group(admin, "Everyone in turn", members)
    _add_rule(admin, "Share them out", "round_robin", Group=group)

    emails = [f"turn{n}@lead.io" for n in range(3)]
    for email in emails:
        inbox.post_lead("/api/contact", {**CONTACT, "email": email})

    wait_for(lambda: all(_owner(inbox, email) for email in emails), 30, "all three placed")
    assert sorted(_owner(inbox, email) for email in emails) == sorted(members)


def test_an_away_member_is_skipped_and_a_full_one_passed_over(inbox, admin, worker):
    away, full, free = _staff(inbox, "away@work.example", "full@work.example", "free@work.example")
    inbox.post_lead("/api/contact", {**CONTACT, "email": "held@lead.io"})
    with inbox.engine.begin() as connection:
        held = text("UPDATE leads SET owner_id = :full WHERE email = 'held@lead.io'")
        connection.execute(held, {"full": full})
    open_signed_in(admin, PAGE)
    for person, is_away, cap, shown in (
        (away, True, "", "· away"),
        (full, False, "1", "1 open lead of at most 1"),
    ):
        row = admin.locator(f"[data-person='{person}']")
        row.get_by_label("Away").set_checked(is_away)
        row.get_by_label("Cap of open leads").fill(cap)
        row.get_by_role("button", name="Save").click()
        row.get_by_text(shown).wait_for()
    group = _add_group(admin, "Shift", [away, full, free])
    _add_rule(admin, "Shift in turn", "round_robin", Group=group)

    for email in ("one@lead.io", "two@lead.io"):
        inbox.post_lead("/api/contact", {**CONTACT, "email": email})

    wait_for(lambda: _owner(inbox, "two@lead.io"), 30, "both placed")
    assert [_owner(inbox, email) for email in ("one@lead.io", "two@lead.io")] == [free, free]


def test_a_lead_no_rule_places_alerts_the_team_once(inbox, admin, worker):
    [quotes] = _staff(inbox, "quotes@work.example")
    open_signed_in(admin, PAGE)
    _add_rule(admin, "Quotes only", "person", Forms=["quote"], Person=str(quotes))

    inbox.post_lead("/api/contact", {**CONTACT, "name": "Nora Nobody", "email": "nobody@lead.io"})

    def alerts():
        return [sent for sent in worker.messages if sent["Subject"] == "Nobody has this lead: Nora Nobody"]

    wait_for(alerts, 30, "the team's alert")
    time.sleep(3)  # a few more of the worker's rounds: it goes once
    [alert] = alerts()
    assert alert["To"] == "sales@tidewell.example"
    assert f"{inbox.url}{inbox.lead_path('nobody@lead.io')}" in alert.get_content()
    assert _owner(inbox, "nobody@lead.io") is None
