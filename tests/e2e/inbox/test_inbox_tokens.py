"""API tokens in a real Chromium over SQLite and PostgreSQL: an admin makes one on the API tokens
page (in the bar at the top, for admins alone), copies it from the one answer that shows it, and a
tool reads the leads with it from /api/v1/ on the inbox's origin, through the site's forwarding;
revoked on the same page, its next call is refused."""

import pytest
import requests

from lead_service.tests.samples import CONTACT

from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e


def test_an_admin_makes_a_token_a_tool_reads_with_it_and_revoking_it_shuts_the_tool_out(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Tomas Sync", "email": "tomas@syncworks.io"})
    page = browse()
    sign_in(
        page, "token-admin@work.example", next_code(inbox.enrolled_staff("token-admin@work.example", "admin"))
    )
    open_signed_in(page, "/inbox")

    page.get_by_role("navigation", name="Inbox").get_by_role("link", name="API tokens").click()
    page.get_by_role("heading", name="API tokens").wait_for()
    page.get_by_label("Name (which tool holds it)").fill("CRM sync")
    page.get_by_role("button", name="Make token").click()
    token = page.locator("[data-new-token]").input_value()

    assert token.startswith("lsk_")
    made = page.locator("[data-token]")
    assert "CRM sync" in made.inner_text() and "Never used" in made.inner_text()
    called = requests.get(
        f"{inbox.url}/api/v1/leads", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert called.status_code == 200
    assert [lead["email"] for lead in called.json()["leads"]] == ["tomas@syncworks.io"]
    assert (
        requests.get(
            f"{inbox.site}/api/v1/leads", headers={"Authorization": f"Bearer {token}"}, timeout=10
        ).status_code
        == 404
    )

    page.reload()
    assert "Last used" in page.locator("[data-token]").inner_text()
    page.locator("[data-token]").get_by_role("button", name="Revoke").click()
    page.locator("[data-token]").get_by_text("Revoked").wait_for()

    refused = requests.get(
        f"{inbox.url}/api/v1/leads", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert refused.status_code == 401
    assert "token_created" in inbox.audit_actions("token-admin@work.example")
    assert "token_revoked" in inbox.audit_actions("token-admin@work.example")


def test_the_tokens_page_is_not_offered_to_sales(inbox, browse):
    page = browse()
    sign_in(
        page, "token-sales@work.example", next_code(inbox.enrolled_staff("token-sales@work.example", "sales"))
    )
    open_signed_in(page, "/inbox")

    assert page.get_by_role("navigation", name="Inbox").get_by_role("link", name="API tokens").count() == 0
    open_signed_in(page, "/inbox/tokens")
    assert page.get_by_text("Only admins make and revoke API tokens.").is_visible()
