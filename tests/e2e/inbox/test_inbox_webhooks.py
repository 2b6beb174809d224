"""The Webhooks page in a real Chromium, over SQLite and PostgreSQL: an admin adds an endpoint with
its events and is shown its secret once, sends it a test event and sees it in the delivery log with
Redeliver; a URL to a private address is refused with why; the page is in the admins' navigation."""

import uuid

import pytest
from sqlalchemy import text

from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e

PAGE = "/inbox/webhooks"
# A public address, written as one: nothing is sent (no worker runs), and no DNS is asked.
PUBLIC = "http://192.0.43.10/hooks/leads"


@pytest.fixture(autouse=True)
def no_endpoints(inbox):
    with inbox.engine.begin() as connection:
        connection.execute(text("DELETE FROM webhook_attempts"))
        connection.execute(text("DELETE FROM webhook_deliveries"))
        connection.execute(text("DELETE FROM webhook_endpoints"))


@pytest.fixture
def admin(inbox, browse):
    email = f"admin-{uuid.uuid4().hex[:8]}@work.example"
    secret = inbox.enrolled_staff(email, "admin")
    page = browse()
    sign_in(page, email, next_code(secret))
    return page


def test_an_admin_adds_an_endpoint_sees_its_secret_once_and_its_test_event_in_the_log(admin):
    open_signed_in(admin, PAGE)
    form = admin.get_by_role("form", name="New webhook endpoint")
    form.get_by_label("URL").fill(PUBLIC)
    form.get_by_label("lead.created").check()
    form.get_by_label("lead.status_changed").check()
    form.get_by_role("button", name="Add endpoint").click()

    secret = admin.locator("[data-secret]")
    secret.wait_for()
    assert secret.inner_text().startswith("whsec_")
    endpoint = admin.locator("[data-endpoint]").filter(has_text=PUBLIC)
    endpoint.wait_for()
    assert "Events: lead.created, lead.status_changed" in endpoint.inner_text()

    endpoint.get_by_role("button", name="Send a test event").click()
    endpoint.get_by_text("Delivery log").click()
    delivery = endpoint.locator("[data-delivery]").filter(has_text="webhook.test")
    delivery.wait_for()
    assert "not tried yet" in delivery.inner_text()
    delivery.get_by_role("button", name="Redeliver").wait_for()

    admin.reload()
    assert admin.locator("[data-secret]").count() == 0  # shown once
    assert admin.get_by_role("navigation", name="Inbox").get_by_role("link", name="Webhooks").is_visible()


def test_a_url_to_a_private_address_is_refused_with_why(admin):
    open_signed_in(admin, PAGE)
    form = admin.get_by_role("form", name="New webhook endpoint")
    form.get_by_label("URL").fill("http://10.0.0.7/hook")
    form.get_by_label("lead.created").check()
    form.get_by_role("button", name="Add endpoint").click()

    form.get_by_text("public addresses only").wait_for()
    assert admin.locator("[data-endpoint]").count() == 0
