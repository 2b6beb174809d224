"""New leads without reloading, in a real Chromium over SQLite and PostgreSQL: the list says when a
lead has come in since it was loaded (asked when its tab is back in view, and every 30 s), and shows
it on request."""

import pytest

from lead_service.tests.samples import CONTACT

from ...support.inbox import next_code, sign_in

pytestmark = pytest.mark.e2e


def test_the_list_says_a_lead_came_in_and_shows_it_on_request(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "before@arrivals.io"})
    page = browse()
    sign_in(page, "watcher@work.example", next_code(inbox.enrolled_staff("watcher@work.example", "viewer")))
    page.locator(f"[data-lead='{inbox.lead_id('before@arrivals.io')}']").wait_for()
    notice = page.get_by_role("status").filter(has_text="come in since this page was loaded")

    inbox.post_lead("/api/contact", {**CONTACT, "name": "Late Arrival", "email": "after@arrivals.io"})
    page.evaluate("window.dispatchEvent(new Event('focus'))")  # the tab back in view

    notice.filter(has_text="1 new lead has come in").wait_for()
    notice.get_by_role("button", name="Show them").click()
    page.locator(f"[data-lead='{inbox.lead_id('after@arrivals.io')}']").wait_for()
    page.evaluate("window.dispatchEvent(new Event('focus'))")
    page.wait_for_timeout(500)  # the answer to that ask: nothing new since
    assert notice.count() == 0
