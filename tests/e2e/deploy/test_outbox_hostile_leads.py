"""No lead can silence the sales team: the real outbox worker, beside gunicorn, against a real SMTP
server and a real webhook receiver, takes leads built to break it (through the API, and as rows
written before intake refused line breaks, inserted with SQL) and ends with each one delivered or
dead-lettered with its reason, itself alive, and a good lead sent afterwards delivered too."""

import re
import socket
import threading
from contextlib import contextmanager

import pytest
import requests
from sqlalchemy import text

from lead_service import content
from lead_service.tests.receivers import SmtpSink, channel_settings, wait_for

from ...support.servers import lead_service, start_outbox_worker, stop

pytestmark = pytest.mark.e2e

ONE_LINE = content.load("forms")["messages"]["singleLine"]
GOOD_CONTACT = {
    "name": "Nadia Rahman",
    "company": "Brightfield Logistics",
    "email": "nadia@brightfield.co",
    "phone": "+880 1712-345678",
    "message": "We need a customer portal.",
}
GOOD_QUOTE = {
    "name": "Tom Berg",
    "email": "tom@berg.dev",
    "phone": "+44 20 7946 0958",
    "project": "Mobile app",
    "budget": "1000$ - 5000$ Estimated",
}
# Through the API: what intake still lets in, each built to break a header, a parser or a reader.
HOSTILE_API_LEADS = [
    ("quote", {**GOOD_QUOTE, "project": "=cmd|' /C calc'!A0"}),
    (
        "contact",
        {**GOOD_CONTACT, "name": "🚀 Rocket <script>alert(1)</script>", "company": '=HYPERLINK("x")'},
    ),
    ("contact", {**GOOD_CONTACT, "message": "abc \u202etxt.exe\u202c\n" + "ü" * 4900}),  # 10 kB, an override
    ("contact", {**GOOD_CONTACT, "form": "caseStudiesContact", "email": "omar@localhost", "company": ""}),
]
# Rows from before this change, as SQL wrote them: what intake refuses today.
OLD_ROWS = [
    {"name": "Line\nBreak", "email": "line@break.example", "company": "Bcc: all@example.com"},
    {"name": "Carriage\r\nSubject: forged", "email": "victim@example.com\r\nBcc: x@evil.example"},
    {"name": "Right\u202eto left", "email": "rtl@example.com", "company": "\u2066isolate\u2069"},
    {"name": "No domain", "email": "nobody", "company": None},
    # Addresses the quote form took before it checked them as the contact forms do.
    {"name": "José Müller", "email": "josé@exämple.com"},  # non-ASCII both sides
    {"name": "Ana", "email": "ana@bücher.de"},  # an IDN domain
    {"name": "Formula", "email": "=cmd|' /C calc'!A0"},
    {"name": "Big", "email": "big@example.com", "company": "x" * 10_000},
    # A form no code knows any more: told of as a contact message, its form kept as it was.
    {"name": "Retired Form", "email": "retired@example.com", "form": "retiredForm"},
]
CONTACT_TITLE = content.load("forms")["forms"]["contact"]["title"]


def _channels(smtp_port: int, hook) -> dict[str, str]:
    # Two quick tries: a notification that cannot go is dead within a second.
    fast = {"OUTBOX_POLL_SECONDS": "0.2", "OUTBOX_MAX_ATTEMPTS": "2", "OUTBOX_RETRY_BASE_SECONDS": "0.2"}
    return channel_settings(smtp_port, hook) | fast


@contextmanager
def worker(tmp_path, url, settings):
    process = start_outbox_worker(tmp_path, url, settings)
    try:
        yield process
    finally:
        stop(process)


# A lead the database holds but its driver cannot read back: each can only be dead-lettered.
UNREADABLE = {
    "postgresql": ("'infinity'", "'Infinite Time'", "DataError"),  # a time Python has no datetime for
    "sqlite": ("CURRENT_TIMESTAMP", "CAST(X'80' AS TEXT)", "OperationalError"),  # not UTF-8
}


def _insert_old_rows(engine) -> tuple[list[int], int]:
    """Contact messages with their outbox rows, written with SQL as before this change; then one
    whose lead cannot be read back, and a member of staff's notice of an event no code knows (an
    outbox row can no longer name a lead that is not there: its key refuses it). The old rows'
    ids, and the unreadable lead's."""
    ids = []
    created_at, name, _ = UNREADABLE[engine.dialect.name]
    new_lead = (
        "INSERT INTO outbox (created_at, lead_id, purpose, status, attempts, next_attempt_at)"
        " VALUES (CURRENT_TIMESTAMP, :id, 'new_lead', 'pending', 0, CURRENT_TIMESTAMP)"
    )
    with engine.begin() as connection:
        for row in OLD_ROWS:
            lead_id = connection.execute(
                text(
                    "INSERT INTO leads (created_at, form, name, company, email, email_folded, message, spam)"
                    " VALUES (CURRENT_TIMESTAMP, :form, :name, :company, :email, lower(:email), :message,"
                    " false) RETURNING id"
                ),
                {"company": None, "form": "contact", **row, "message": "Written\nbefore the change."},
            ).scalar_one()
            ids.append(lead_id)
            connection.execute(text(new_lead), {"id": lead_id})
        unreadable = connection.execute(
            text(
                "INSERT INTO leads (created_at, form, name, email, email_folded, message, spam)"
                f" VALUES ({created_at}, 'contact', {name}, 'x@example.com', 'x@example.com', 'm', false)"
                " RETURNING id"
            )
        ).scalar_one()
        connection.execute(text(new_lead), {"id": unreadable})
        staff = connection.execute(
            text(
                "INSERT INTO staff_users (email, name, role, password_hash, created_at, password_changed_at)"
                " VALUES ('told@staff.example', 'Told', 'sales', 'not a hash', CURRENT_TIMESTAMP,"
                " CURRENT_TIMESTAMP) RETURNING id"
            )
        ).scalar_one()
        connection.execute(
            text(
                "INSERT INTO outbox (created_at, purpose, recipient_id, event, status, attempts,"
                " next_attempt_at) VALUES (CURRENT_TIMESTAMP, 'security', :staff, 'retired-event', 'pending',"
                " 0, CURRENT_TIMESTAMP)"
            ),
            {"staff": staff},
        )
    return ids, unreadable


def _outbox(engine) -> list[tuple]:
    """Each notification's purpose, lead, status and last error, oldest first."""
    with engine.connect() as connection:
        return [
            tuple(row)
            for row in connection.execute(
                text("SELECT purpose, lead_id, status, last_error FROM outbox ORDER BY id")
            )
        ]


def _subjects_of(smtp: SmtpSink) -> list[str]:
    return [str(message["Subject"]) for message in smtp.messages]


def test_the_three_lead_run(each_database, receivers, tmp_path):
    """A line break in a name is refused at intake, naming the field; the leads around it are
    e-mailed, and the worker lives on."""
    url, _engine = each_database
    smtp, hook = receivers
    with lead_service(tmp_path, url) as service, worker(tmp_path, url, _channels(smtp.port, hook)) as process:
        first = requests.post(f"{service}/api/contact", json={**GOOD_CONTACT, "name": "First"}, timeout=10)
        second = requests.post(
            f"{service}/api/contact", json={**GOOD_CONTACT, "name": "Line\nBreak"}, timeout=10
        )
        third = requests.post(f"{service}/api/contact", json={**GOOD_CONTACT, "name": "Third"}, timeout=10)
        wait_for(lambda: len(smtp.messages) >= 2, 15, "two e-mails")
        alive = process.poll() is None

    assert (first.status_code, second.status_code, third.status_code) == (201, 400, 201)
    assert second.json()["errors"] == {"name": [ONE_LINE]}
    assert sorted(_subjects_of(smtp)) == [
        "New contact message from First, Brightfield Logistics",
        "New contact message from Third, Brightfield Logistics",
    ]
    assert alive


def test_every_hostile_lead_is_delivered_or_dead_lettered_and_the_worker_lives(
    each_database, receivers, tmp_path
):
    url, engine = each_database
    smtp, hook = receivers
    with lead_service(tmp_path, url) as service:
        old_ids, unreadable = _insert_old_rows(engine)
        answers = [
            requests.post(f"{service}/api/{kind}", json=body, timeout=10) for kind, body in HOSTILE_API_LEADS
        ]
        assert [answer.status_code for answer in answers] == [201] * len(HOSTILE_API_LEADS)
        with worker(tmp_path, url, _channels(smtp.port, hook)) as process:
            # Every row settled: delivered, or dead after its two tries.
            settled = len(OLD_ROWS) + len(HOSTILE_API_LEADS) + 2
            wait_for(
                lambda: sum(status != "pending" for _, _, status, _ in _outbox(engine)) == settled,
                30,
                "every hostile notification delivered or dead",
            )
            good = requests.post(
                f"{service}/api/quote", json={**GOOD_QUOTE, "name": "After Them"}, timeout=10
            )
            wait_for(lambda: "New quote request from After Them" in _subjects_of(smtp), 15, "the good lead")
            alive = process.poll() is None
    log = (tmp_path / "outbox.log").read_text()

    assert good.status_code == 201 and alive
    assert "Traceback" not in log
    rows = _outbox(engine)
    unread = UNREADABLE[engine.dialect.name][2]
    assert [row for row in rows if row[2] != "delivered"] == [
        ("new_lead", unreadable, "dead", f"notice: {unread} (not sent)"),
        ("security", None, "dead", "notice: KeyError (not sent)"),
    ]
    # Each delivered lead reached both channels once, the webhook with the lead as stored.
    delivered = len(rows) - 2
    assert len(smtp.messages) == len(hook.accepted()) == delivered
    hook_leads = {d["json"]["lead"]["id"]: d["json"]["lead"] for d in hook.accepted()}
    assert len(hook_leads) == delivered  # one id space: no two leads share one
    for lead_id, row in zip(old_ids, OLD_ROWS, strict=True):
        assert {key: hook_leads[lead_id][key] for key in row} == row
        assert "kind" not in hook_leads[lead_id]
    for answer, (kind, body) in zip(answers, HOSTILE_API_LEADS, strict=True):
        hook_lead = hook_leads[answer.json()["id"]]
        assert (hook_lead["form"], hook_lead["name"]) == (body.get("form", kind), body["name"])
    # No header an old row's line break could forge, and a Reply-To only where it can be one.
    for message in smtp.messages:
        assert message["Bcc"] is None
        for value in message.values():
            assert "\n" not in value
    replies = {str(message["Subject"]): message["Reply-To"] for message in smtp.messages}
    assert replies["New contact message from Line Break, Bcc: all@example.com"].addresses[0].addr_spec == (
        "line@break.example"
    )
    assert replies["New contact message from Carriage Subject: forged"] is None
    assert replies["New contact message from José Müller"] is None
    assert "josé@exämple.com" in _body_of(smtp, "New contact message from José Müller")
    assert CONTACT_TITLE in _body_of(smtp, "New contact message from Retired Form")


def _body_of(smtp: SmtpSink, subject: str) -> str:
    [message] = [message for message in smtp.messages if str(message["Subject"]) == subject]
    return message.get_content()


@contextmanager
def garbage_smtp_server():
    """Answers every connection with a line that is no SMTP reply at all."""
    server = socket.create_server(("127.0.0.1", 0))
    stopped = threading.Event()

    def serve() -> None:
        while not stopped.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                return
            with connection:
                connection.sendall(b"\xff\xfe garbage, not SMTP \x00\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stopped.set()
        server.close()


def test_a_mail_server_answering_garbage_dead_letters_the_email_and_the_webhook_still_goes(
    each_database, receivers, tmp_path
):
    url, engine = each_database
    _smtp, hook = receivers
    with (
        garbage_smtp_server() as port,
        lead_service(tmp_path, url) as service,
        worker(tmp_path, url, _channels(port, hook)) as process,
    ):
        for name in ("First", "Second"):
            assert requests.post(f"{service}/api/quote", json={**GOOD_QUOTE, "name": name}, timeout=10).ok
        wait_for(lambda: [status for _, _, status, _ in _outbox(engine)] == ["dead", "dead"], 30, "both dead")
        alive = process.poll() is None

    assert alive
    assert sorted(d["json"]["lead"]["name"] for d in hook.accepted()) == ["First", "Second"]  # once each
    for _, _, _, error in _outbox(engine):
        assert re.match(r"email: SMTP 127\.0\.0\.1:\d+: ", error)
