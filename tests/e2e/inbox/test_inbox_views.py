"""Views of the list saved by name, in a real Chromium over SQLite and PostgreSQL: a salesperson saves
the list's filters and search as a view shared with the team, a colleague opens it from the list
and gets the same leads, and its owner removes it."""

import re
import uuid

import pytest

from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e


def _signed_in(inbox, browse, email: str):
    page = browse()
    sign_in(page, email, next_code(inbox.enrolled_staff(email, "sales")))
    return page


def test_a_shared_view_opens_the_same_leads_for_a_colleague_and_its_owner_removes_it(inbox, browse):
    tag = uuid.uuid4().hex[:8]
    inbox.post_lead("/api/quote", {**QUOTE, "email": f"view-{tag}@quote.io"})
    inbox.post_lead("/api/contact", {**CONTACT, "email": f"view-{tag}@lead.io"})
    owner = _signed_in(inbox, browse, f"owner-{tag}@work.example")
    open_signed_in(owner, f"/inbox?form=quote&q=view-{tag}")

    views = owner.get_by_role("region", name="Saved views")
    views.get_by_text("Save this view").click()
    form = owner.get_by_role("form", name="Save this view")
    form.get_by_label("Name").fill(f"Quotes {tag}")
    form.get_by_label("Share with the team").check()
    form.get_by_role("button", name="Save view").click()
    saved = views.get_by_role("link", name=re.compile(f"^Quotes {tag}"))
    saved.wait_for()
    assert saved.get_attribute("aria-current") == "page"  # the view the list shows

    colleague = _signed_in(inbox, browse, f"colleague-{tag}@work.example")
    theirs = colleague.get_by_role("region", name="Saved views").get_by_role(
        "link", name=re.compile(f"^Quotes {tag}")
    )
    theirs.click()
    colleague.wait_for_url(re.compile(rf"form=quote&q=view-{tag}$"))
    rows = colleague.locator("tbody tr[data-lead]")
    rows.first.wait_for()
    assert rows.count() == 1 and inbox.lead_path(f"view-{tag}@quote.io").endswith(
        rows.first.get_attribute("data-lead")
    )
    assert (
        colleague.get_by_role("region", name="Saved views").get_by_text(f"Remove Quotes {tag}").count() == 0
    )

    views.locator("summary", has_text=f"Remove Quotes {tag}").click()
    views.get_by_role("button", name="Remove view").click()
    saved.wait_for(state="detached")
