"""One person across addresses, in a real Chromium over SQLite and PostgreSQL: someone who wrote from
work and from home is suggested by their phone on their lead's page; merged, each of the two pages
lists the other address's lead; undone, they are two people again; merged by a lead's number, they
are one again. The erase page names a merged person's every address before it erases them all."""

import random
import re
import uuid

import pytest
from sqlalchemy import text

from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e


def _person_at_two_addresses(inbox) -> tuple[str, str, int, int]:
    """A contact message from work and a quote request from home, with one phone number of their own
    (in other spacing): the two addresses and the two leads' ids."""
    tag = uuid.uuid4().hex[:8]
    digits = f"{random.randrange(1000, 10000)}"
    work, home = f"ada-{tag}@work.io", f"Ada.{tag}@home.io"
    inbox.post_lead(
        "/api/contact", {**CONTACT, "name": f"Ada {tag}", "email": work, "phone": f"+44 20 7946 {digits}"}
    )
    inbox.post_lead(
        "/api/quote", {**QUOTE, "name": f"Ada {tag}", "email": home, "phone": f"+442079 46{digits}"}
    )
    return work, home, inbox.lead_id(work), inbox.lead_id(home)


def _signed_in(inbox, browse, role: str):
    """A page signed in as a new member of staff of `role`, and their address."""
    page = browse()
    email = f"{role}-{uuid.uuid4().hex[:8]}@staff.example"
    sign_in(page, email, next_code(inbox.enrolled_staff(email, role)))
    return page, email


def _others(page) -> list[int]:
    """The other leads "Their other leads" lists, once the page shows them."""
    listed = page.get_by_role("region", name="Their other leads").locator("[data-person-lead]")
    return listed.evaluate_all("items => items.map(item => Number(item.dataset.personLead))")


def _addresses(page) -> list[str]:
    return page.get_by_role("region", name="Their addresses").locator("[data-address]").all_inner_texts()


def test_a_merged_persons_page_lists_both_addresses_leads_and_undo_splits_them(inbox, browse):
    work, home, at_work, at_home = _person_at_two_addresses(inbox)
    page, staff = _signed_in(inbox, browse, "sales")
    open_signed_in(page, f"/inbox/leads/{at_work}")
    addresses = page.get_by_role("region", name="Their addresses")
    assert _addresses(page) == [work]
    assert _others(page) == []

    suggestion = addresses.locator(f"[data-suggestion='{at_home}']")
    assert "same phone" in suggestion.inner_text()
    suggestion.get_by_role("button", name="Merge").click()
    addresses.locator(f"[data-address='{home.lower()}']").wait_for()

    assert _addresses(page) == sorted([work, home.lower()])
    assert _others(page) == [at_home]
    assert addresses.locator(f"[data-suggestion='{at_home}']").count() == 0
    open_signed_in(page, f"/inbox/leads/{at_home}")
    assert _others(page) == [at_work]
    assert work in page.get_by_role("region", name="Their other leads").inner_text()

    merge = addresses.locator("[data-merge]")
    assert re.search(r"^Merged by A sales, .*: ada\.[0-9a-f]{8}@home\.io$", merge.locator("p").inner_text())
    merge.get_by_role("button", name="Undo merge").click()
    merge.wait_for(state="detached")

    assert _addresses(page) == [home.lower()]
    page.get_by_text("No other lead came from this address.").wait_for()
    open_signed_in(page, f"/inbox/leads/{at_work}")
    assert _others(page) == []

    # Merged again by the other lead's number, as someone the suggestions missed would be.
    form = page.get_by_role("form", name="Merge with another lead's person")
    form.get_by_label("Another lead's number").fill(str(at_home))
    form.get_by_role("button", name="Merge with its person").click()
    addresses.locator(f"[data-address='{home.lower()}']").wait_for()
    assert _others(page) == [at_home]
    done = [action for action in inbox.audit_actions(staff) if action.startswith("person_merge")]
    assert done == ["person_merged", "person_merge_undone", "person_merged"]


def test_the_erase_page_names_a_merged_persons_addresses_before_it_erases_them(inbox, browse):
    work, home, at_work, at_home = _person_at_two_addresses(inbox)
    page, _ = _signed_in(inbox, browse, "admin")
    open_signed_in(page, f"/inbox/leads/{at_work}")
    form = page.get_by_role("form", name="Merge with another lead's person")
    form.get_by_label("Another lead's number").fill(str(at_home))
    form.get_by_role("button", name="Merge with its person").click()
    page.locator(f"[data-address='{home.lower()}']").wait_for()

    open_signed_in(page, "/inbox/erase")
    erase = page.get_by_role("form", name="Erase a person")
    erase.get_by_label("E-mail address").fill(home)
    erase.get_by_label("Type the address again").fill(home.upper())
    erase.get_by_role("button", name="Erase everything of this address").click()

    named = erase.locator("[data-merged-addresses]")
    named.wait_for()
    assert "one of a merged person's 2 addresses" in named.inner_text()
    assert named.locator("li").all_inner_texts() == sorted([work, home.lower()])
    with inbox.engine.connect() as connection:
        query = text("SELECT count(*) FROM leads WHERE id IN (:work, :home)")
        assert connection.execute(query, {"work": at_work, "home": at_home}).scalar_one() == 2

    erase.get_by_role("button", name="Erase all 2 addresses").click()
    receipt = page.get_by_role("region", name=re.compile("^Erased: "))
    receipt.wait_for()
    assert receipt.get_by_role("heading").inner_text() == f"Erased: {', '.join(sorted([work, home.lower()]))}"
    assert "Contact messages: 1" in receipt.inner_text() and "Quote requests: 1" in receipt.inner_text()
    with inbox.engine.connect() as connection:
        assert connection.execute(query, {"work": at_work, "home": at_home}).scalar_one() == 0
        left = text("SELECT count(*) FROM person_addresses WHERE address IN (:work, :home)")
        assert connection.execute(left, {"work": work, "home": home.lower()}).scalar_one() == 0
