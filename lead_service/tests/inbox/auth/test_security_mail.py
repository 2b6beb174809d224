"""Each security event of a staff account is e-mailed to its user through the outbox, and to nobody
else: what happened and when, what to do if it was not them, and where the inbox is, with no
password, code or client address in it. The lock of an account is told once a window, not at each
try after it; a disabled user is told nothing; a hostile name or address adds no header or
recipient; without an e-mail channel the notice ends as an owner's e-mail does. On SQLite and on
PostgreSQL."""

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from unittest.mock import patch

import pytest
from sqlalchemy import select

from lead_service.extensions import db
from lead_service.inbox.auth import security_mail, throttle
from lead_service.models.leads import OutboxMessage
from lead_service.models.staff import AuditEvent, StaffUser
from lead_service.outbox import queue
from lead_service.outbox.channels import EmailChannel, WebhookFanout

from ...receivers import SmtpSink
from ..conftest import PASSWORD, contact, new_browser
from .test_account import NEW, _change
from .test_lockouts import _password_step as _password_step_in
from .test_lockouts import _sign_in as _full_sign_in
from .test_sign_in import _code, _enrol, _failures, _sign_out, _wrong_code

EMAIL = "sam@staff.example"
BYSTANDER = "other@staff.example"
SENDER = "Tidewell inbox <inbox@tidewell.example>"
INBOX = "https://inbox.tidewell.example"
CLIENT = "127.0.0.1"  # where the test client's requests come from


@pytest.fixture(autouse=True)
def no_wait(monkeypatch):
    """Tries held back are answered at once here: the fixed wait has a test of its own."""
    monkeypatch.setattr(throttle, "HELD_BACK_SECONDS", 0)


@pytest.fixture
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


@pytest.fixture
def deliver(app, smtp):
    """The outbox worker's step until nothing is due, by e-mail to the sink (unless `email` is
    False) and a webhook, with the inbox at its own origin: how many it handled."""

    def run(email: bool = True) -> int:
        channels = [WebhookFanout()]
        if email:
            channels.insert(
                0, EmailChannel("127.0.0.1", smtp.port, "none", "", "", SENDER, ["sales@tidewell.example"], 5)
            )
        handled = 0
        # Set only now: the inbox's API takes a change from INBOX_URL's origin alone.
        with patch.dict(app.config, {"INBOX_URL": INBOX}), app.app_context():
            while queue.deliver_next(channels):
                handled += 1
        return handled

    return run


def _text(message) -> str:
    """A message's text as written, its lines ended as in Python (SMTP ends them with CRLF)."""
    return message.get_content().replace("\r\n", "\n")


def _notices(app) -> list[tuple[int, str, str]]:
    """The security notices in the outbox, oldest first: (user id, event, status)."""
    with app.app_context():
        rows = db.session.scalars(
            select(OutboxMessage).where(OutboxMessage.purpose == "security").order_by(OutboxMessage.id)
        )
        return [(row.recipient_id, row.event, row.status) for row in rows]


def _assert_told(smtp, user_id: int, events: list[tuple[str, str]], secrets: list[str]) -> None:
    """`smtp` got one e-mail per (event, subject), to the user alone, each as every notice is."""
    assert smtp.envelopes == [("inbox@tidewell.example", [EMAIL])] * len(events)
    for message, (event, subject) in zip(smtp.messages, events, strict=True):
        body = _text(message)
        assert message["Subject"] == f"Your inbox account: {subject}"
        assert message["From"] == SENDER
        assert message["To"] == f"A sales <{EMAIL}>"
        assert re.fullmatch(rf"<security-{event}-{user_id}-\d+@tidewell\.example>", message["Message-ID"])
        assert body.startswith("Hello A sales,\n")
        when = datetime.strptime(re.search(r"When: (.+) UTC", body)[1], "%Y-%m-%d %H:%M").replace(tzinfo=UTC)
        assert abs(datetime.now(UTC) - when) < timedelta(minutes=2)
        assert "If this was not you, or not at your request, tell an admin at once." in body
        assert f"The inbox: {INBOX}/inbox\n" in body
        for secret in [*secrets, CLIENT]:
            assert secret.lower() not in f"{message}\n{body}".lower(), (event, secret)


# Each event, as it happens, with what the e-mail must not hold.


def _account_locked(s):
    s.enrolled("sales", EMAIL)
    guesses = [f"guess number {n}" for n in range(5)]
    for guess in guesses:
        assert s.password_step(EMAIL, guess).status_code == 401
    return guesses


def _second_factor_locked(s):
    _, secret = s.enrolled("sales", EMAIL)
    assert s.password_step(EMAIL).status_code == 200
    for _ in range(10):
        assert s.client.post("/api/inbox/sign-in/code", json={"code": _wrong_code(secret)}).status_code == 401
    return [secret, _wrong_code(secret)]


def _password_changed(s):
    client = s.signed_in("sales", EMAIL)
    assert _change(client).status_code == 200
    return [NEW]


def _password_reset(s):
    s.staff_user("sales", EMAIL)
    result = s.runner.invoke(args=["users", "invite", EMAIL])
    assert result.exit_code == 0, result.output
    return [result.output.strip().splitlines()[-1]]  # the new link, never in the e-mail


def _enrolled(s):
    s.staff_user("sales", EMAIL)
    secret, recovery_codes = _enrol(s.client, s.password_step, EMAIL)
    return [secret, _code(secret), *recovery_codes]


def _recovery_code_used(s):
    s.staff_user("sales", EMAIL)
    secret, recovery_codes = _enrol(s.client, s.password_step, EMAIL)
    _sign_out(s.client)
    assert s.password_step(EMAIL).status_code == 200
    assert s.client.post("/api/inbox/sign-in/code", json={"code": recovery_codes[3]}).status_code == 200
    return [secret, *recovery_codes]


def _two_factor_reset(s):
    _, secret = s.enrolled("sales", EMAIL)
    result = s.runner.invoke(args=["users", "reset-2fa", EMAIL])
    assert result.exit_code == 0, result.output
    return [secret]


@pytest.mark.parametrize(
    ("happen", "told"),
    [
        (_account_locked, [("account_locked", "sign-ins held back")]),
        (_second_factor_locked, [("second_factor_locked", "authenticator codes locked")]),
        (_password_changed, [("password_changed", "password changed")]),
        (_password_reset, [("password_reset", "password reset")]),
        (_enrolled, [("enrolled", "new authenticator app")]),
        (
            _recovery_code_used,
            [("enrolled", "new authenticator app"), ("recovery_code_used", "recovery code used")],
        ),
        (_two_factor_reset, [("two_factor_reset", "authenticator app reset")]),
    ],
)
def test_each_security_event_is_e_mailed_to_its_user_alone_with_nothing_secret(
    app, client, runner, staff_user, enrolled, signed_in, password_step, smtp, deliver, happen, told
):
    staff_user("sales", BYSTANDER)
    fixtures = SimpleNamespace(
        client=client,
        runner=runner,
        staff_user=staff_user,
        enrolled=enrolled,
        signed_in=signed_in,
        password_step=password_step,
    )

    secrets = happen(fixtures)

    with app.app_context():
        user_id = db.session.scalar(select(StaffUser.id).where(StaffUser.email == EMAIL))
    assert _notices(app) == [(user_id, event, "pending") for event, _ in told]
    assert deliver() == len(told)
    _assert_told(smtp, user_id, told, [PASSWORD, *secrets])
    assert _notices(app) == [(user_id, event, "delivered") for event, _ in told]


def test_the_e_mails_say_what_happened(app, client, staff_user, password_step, enrolled, smtp, deliver):
    staff_user("sales", EMAIL)
    _, recovery_codes = _enrol(client, password_step, EMAIL)
    _sign_out(client)
    assert password_step(EMAIL).status_code == 200
    assert client.post("/api/inbox/sign-in/code", json={"code": recovery_codes[0]}).status_code == 200
    stranger = new_browser(app)
    for n in range(5):
        _password_step_in(stranger, EMAIL, f"guess {n}")

    assert deliver() == 3

    enrolment, recovery, lock = (_text(message) for message in smtp.messages)
    assert "An authenticator app was set up for your account" in enrolment
    assert "Each works once: 9 of them are left." in recovery
    assert "5 wrong passwords were typed for your account" in lock
    # The owner's own browser still gets in, which is what they need to know first.
    assert "A browser you have signed in with before is not held back" in lock


# The lock of an account: once a window, for a real account, by strangers' failures alone.


def test_the_account_lock_is_told_once_and_audited_not_at_each_try_after_it(
    app, client, enrolled, password_step, audit_trail, smtp, deliver, monkeypatch
):
    user_id, _ = enrolled("sales", EMAIL)
    for _ in range(4):
        password_step(EMAIL, "a wrong password")
    assert _notices(app) == []

    password_step(EMAIL, "a wrong password")  # the fifth: from now on, tries wait
    later = datetime.now(UTC)
    monkeypatch.setattr(throttle, "_now", lambda: later)
    for seconds in (0, 1.5, 2.5, 4.5, 8.5, 16.5, 32.5, 64.5):  # held back once, then each counted
        later += timedelta(seconds=seconds)
        password_step(EMAIL, "a wrong password")

    assert _failures(app) == 12
    assert _notices(app) == [(user_id, "account_locked", "pending")]
    locks = [event for event in audit_trail() if event[0] == "account_locked"]
    assert locks == [("account_locked", user_id, {})]
    assert deliver() == 1
    assert len(smtp.messages) == 1


@pytest.mark.parametrize(("minutes_ago", "told"), [(10, 0), (16, 1)])
def test_a_lock_told_within_15_minutes_is_not_told_again(
    app, client, enrolled, password_step, minutes_ago, told
):
    """The count reaches the hold again once its first failures age out, or after the owner's
    sign-in forgot them: still one e-mail a window."""
    user_id, _ = enrolled("sales", EMAIL)
    with app.app_context():
        at = datetime.now(UTC) - timedelta(minutes=minutes_ago)
        db.session.add(AuditEvent(action="account_locked", actor_id=user_id, at=at))
        db.session.commit()

    for _ in range(5):
        password_step(EMAIL, "a wrong password")

    assert len(_notices(app)) == told


def test_an_address_that_is_nobodys_tells_nobody(app, client, enrolled, password_step, audit_trail):
    enrolled("sales", EMAIL)
    for _ in range(6):
        password_step("nobody@staff.example", "a wrong password")

    assert _notices(app) == []
    assert "account_locked" not in [action for action, _, _ in audit_trail()]


def test_a_known_browsers_own_failures_lock_no_account(app, client, enrolled, audit_trail):
    """Its failures hold back that browser alone (throttle.py): the account is not locked."""
    _, secret = enrolled("sales", EMAIL)
    browser = new_browser(app)
    assert _full_sign_in(browser, secret, EMAIL).status_code == 200
    _sign_out(browser)
    for _ in range(6):
        assert _password_step_in(browser, EMAIL, "a wrong password").status_code == 401

    assert _notices(app) == []
    assert "account_locked" not in [action for action, _, _ in audit_trail()]


# Who is not told, and what cannot be done with a notice.


def test_a_disabled_user_is_not_e_mailed(app, client, runner, staff_user, password_step):
    user_id = staff_user("sales", EMAIL)
    with app.app_context():
        db.session.get(StaffUser, user_id).disabled_at = datetime.now(UTC)
        db.session.commit()

    for _ in range(5):
        password_step(EMAIL, "a wrong password")
    runner.invoke(args=["users", "invite", EMAIL])

    assert _notices(app) == []


def test_a_user_disabled_before_the_e_mail_went_is_not_told(app, client, runner, staff_user, smtp, deliver):
    user_id = staff_user("sales", EMAIL)
    runner.invoke(args=["users", "invite", EMAIL])
    assert runner.invoke(args=["users", "disable", EMAIL]).exit_code == 0
    assert _notices(app) == [(user_id, "password_reset", "pending")]

    assert deliver() == 1

    assert (smtp.messages, _notices(app)) == ([], [])


def _user_told(app, email: str, name: str) -> int:
    """A user stored as given (not as `users add` checks it), told their password was reset."""
    with app.app_context():
        user = StaffUser(email=email, name=name, role="sales", password_hash="-")
        db.session.add(user)
        db.session.flush()
        security_mail.notify(user, "password_reset")
        db.session.commit()
        return user.id


def test_a_hostile_display_name_adds_no_header_or_recipient(app, client, smtp, deliver):
    _user_told(app, EMAIL, "Sam\r\nBcc: victim@x.example\r\n\r\nYour new password is: hunter2")

    assert deliver() == 1

    [message] = smtp.messages
    assert smtp.envelopes == [("inbox@tidewell.example", [EMAIL])]
    assert message["Bcc"] is None
    assert message["To"].addresses[0].addr_spec == EMAIL
    assert _text(message).startswith(
        "Hello Sam Bcc: victim@x.example  Your new password is: hunter2,\n\nAn admin made"
    )


@pytest.mark.parametrize(
    "address",
    [f"{EMAIL}\r\nBcc: victim@x.example", f"{EMAIL}, victim@x.example", f"{EMAIL}>, <victim@x.example"],
)
def test_a_hostile_address_is_sent_nothing_and_the_failure_recorded(app, client, smtp, deliver, address):
    _user_told(app, address, "Sam")

    assert deliver() == 1

    assert smtp.messages == []
    with app.app_context():
        row = db.session.scalars(select(OutboxMessage)).one()
        assert (row.status, row.attempts, row.last_error) == ("pending", 1, "email: ValueError (not sent)")


def test_without_an_e_mail_channel_it_ends_as_an_owners_e_mail_does(app, client, runner, staff_user, deliver):
    """Delivered by none of the channels on, as a new owner's e-mail is: the webhook never
    carries it (its receiver here does not even answer), and it blocks nothing after it."""
    staff_user("sales", EMAIL)
    runner.invoke(args=["users", "invite", EMAIL])

    assert deliver(email=False) == 1

    with app.app_context():
        row = db.session.scalars(select(OutboxMessage)).one()
        assert (row.status, row.email_sent_at, row.webhook_sent_at, row.last_error) == (
            "delivered",
            None,
            None,
            None,
        )


# What else reads the outbox.


def test_the_outbox_list_shows_a_notice_by_user_and_event_and_retries_it(
    app, client, runner, staff_user, add
):
    user_id = staff_user("sales", EMAIL)
    [lead_id] = add(contact())
    with app.app_context():
        queue.enqueue(lead_id)
        db.session.commit()
    runner.invoke(args=["users", "invite", EMAIL])

    listed = runner.invoke(args=["outbox", "list"])

    assert listed.exit_code == 0, listed.output
    lead_line, notice_line = listed.output.splitlines()[:2]
    assert re.match(rf"#\d+ +pending +lead #{lead_id} +tries 0", lead_line)
    assert re.match(rf"#\d+ +pending +user +#{user_id} +password_reset +tries 0", notice_line)
    notice_id = int(notice_line[1:].split()[0])
    assert runner.invoke(args=["outbox", "retry", str(notice_id)]).output == "re-queued 1 notification(s)\n"


def test_a_leads_page_shows_its_own_notification_not_a_notice(app, client, signed_in, add):
    viewer = signed_in("viewer", EMAIL)
    [lead_id] = add(contact())
    with app.app_context():
        user = db.session.scalar(select(StaffUser).where(StaffUser.email == EMAIL))
        security_mail.notify(user, "password_changed")
        db.session.commit()

    page = viewer.get(f"/api/inbox/leads/{lead_id}")
    listed = viewer.get("/api/inbox/leads")

    assert page.status_code == 200
    assert page.json["notification"] is None
    assert [lead["id"] for lead in listed.json["leads"]] == [lead_id]
