"""GET /api/inbox/leads, a lead's detail and a notification's retry: every lead of both tables
newest first in pages, the filters and counts, the form's labels, the notification's state per
channel, and who may do what."""

import base64
import json
from datetime import UTC, datetime, timedelta

import pytest

from lead_service.api.openapi import document
from lead_service.extensions import db
from lead_service.models.leads import ContactMessage, OutboxMessage
from lead_service.models.staff import AuditEvent

from ..samples import CONTACT, QUOTE
from .conftest import T0, contact, quote


def _keys(answer):
    return [(lead["kind"], lead["id"]) for lead in answer["leads"]]


def _walk(client, query=""):
    """Every page of the list: the leads' keys, and the pages' sizes."""
    keys, sizes, cursor = [], [], None
    while True:
        separator = "&" if query else ""
        url = f"/api/inbox/leads?{query}" + (f"{separator}cursor={cursor}" if cursor else "")
        answer = client.get(url).json
        keys += _keys(answer)
        sizes.append(len(answer["leads"]))
        cursor = answer["next"]
        if cursor is None:
            return keys, sizes


def _audit(app, action=None):
    with app.app_context():
        query = db.select(AuditEvent).order_by(AuditEvent.id)
        if action:
            query = query.where(AuditEvent.action == action)
        return [
            (event.action, event.actor_id, event.lead_kind, event.lead_id, event.detail)
            for event in db.session.scalars(query)
        ]


# Sign-in and roles ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/inbox/leads"),
        ("get", "/api/inbox/leads/contact/1"),
        ("post", "/api/inbox/leads/contact/1/retry"),
    ],
)
def test_nothing_without_a_session(client, method, path):
    response = getattr(client, method)(path)

    assert response.status_code == 401
    assert response.json["code"] == 401


def test_every_role_reads_the_list(signed_in, add):
    add(contact())
    for role in ("viewer", "sales", "admin"):
        client = signed_in(role, email=f"{role}-reader@staff.example")
        assert client.get("/api/inbox/leads").status_code == 200


# The list -------------------------------------------------------------------------------------------


def test_pages_run_newest_first_across_both_tables_with_ties_broken_by_kind_then_id(signed_in, add):
    # 120 leads at 7 distinct times: many share a time, within a table and across the two.
    rows = []
    for number in range(120):
        at = T0 - timedelta(minutes=number % 7)
        rows.append(contact(f"C{number} X", at) if number % 2 else quote(f"Q{number} X", at))
    added = add(*rows)
    times = {key: row.created_at for key, row in zip(added, rows, strict=True)}
    expected = sorted(added, key=lambda key: (times[key], key[0], key[1]), reverse=True)

    keys, sizes = _walk(signed_in())

    assert keys == expected
    assert sizes == [50, 50, 20]


def test_a_page_ending_on_a_tie_continues_with_the_rest_of_the_tie(signed_in, add):
    added = add(*(contact(f"C{n} X") for n in range(49)), quote("Q1 X"), quote("Q2 X"), contact("Late X"))
    client = signed_in()

    first = client.get("/api/inbox/leads").json
    second = client.get(f"/api/inbox/leads?cursor={first['next']}").json

    quotes = sorted((key for key in added if key[0] == "quote"), reverse=True)
    contacts = sorted((key for key in added if key[0] == "contact"), reverse=True)
    assert _keys(first) + _keys(second) == quotes + contacts  # same time: quote before contact
    assert second["next"] is None
    assert first["counts"] == {"contact": 50, "caseStudiesContact": 0, "quote": 2}
    assert second["counts"] is None  # the tabs' counts come with the first page


def test_a_row_has_the_list_columns_and_whether_the_email_went_out(signed_in, add, app):
    (mailed, waiting, _case_study, request) = add(
        contact("Mailed Person", T0, page="/blog"),
        contact("Waiting Person", T0 - timedelta(hours=1)),
        contact("Case Person", T0 - timedelta(hours=2), form="caseStudiesContact", company=None, page=None),
        quote("Quote Person", T0 - timedelta(hours=3)),
    )
    add(
        OutboxMessage(lead_kind="contact", lead_id=mailed[1], status="delivered", email_sent_at=T0),
        OutboxMessage(lead_kind="contact", lead_id=waiting[1], status="pending", webhook_sent_at=T0),
        OutboxMessage(lead_kind="quote", lead_id=request[1], status="dead"),
    )

    leads = signed_in().get("/api/inbox/leads").json["leads"]

    assert leads[0] == {
        "kind": "contact",
        "id": mailed[1],
        "received": "2026-03-10T12:00:00+00:00",
        "form": "contact",
        "name": "Mailed Person",
        "company": "Acme",
        "email": "mailed@acme.example",
        "page": "/blog",
        "spam": False,
        "notified": True,
        "status": "new",
        "owner": None,
        "version": 1,
    }
    assert [lead["notified"] for lead in leads] == [True, False, False, False]
    assert leads[2]["form"] == "caseStudiesContact"
    assert (leads[2]["company"], leads[2]["page"]) == (None, None)
    assert (leads[3]["form"], leads[3]["company"]) == ("quote", None)
    assert "highlight" not in leads[0]


@pytest.fixture
def spread(add):
    """Leads of each form, over three days, and spam: their keys by name."""
    rows = {
        "contact-1": contact("Cone X", datetime(2026, 3, 1, 0, 0, tzinfo=UTC)),
        "contact-2": contact("Ctwo X", datetime(2026, 3, 2, 23, 59, 59, tzinfo=UTC)),
        "case-2": contact("Case X", datetime(2026, 3, 2, 8, 0, tzinfo=UTC), form="caseStudiesContact"),
        "quote-3": quote("Qthree X", datetime(2026, 3, 3, 0, 0, tzinfo=UTC)),
        "quote-1": quote("Qone X", datetime(2026, 3, 1, 9, 0, tzinfo=UTC)),
        "spam-contact": contact("Spam X", datetime(2026, 3, 2, 10, 0, tzinfo=UTC), spam=True),
        "spam-quote": quote("Spamq X", datetime(2026, 3, 1, 10, 0, tzinfo=UTC), spam=True),
    }
    return dict(zip(rows, add(*rows.values()), strict=True))


@pytest.mark.parametrize(
    ("query", "names", "counts"),
    [
        ("", ["quote-3", "contact-2", "case-2", "quote-1", "contact-1"], (2, 1, 2)),
        ("form=contact", ["contact-2", "contact-1"], (2, 1, 2)),
        ("form=caseStudiesContact", ["case-2"], (2, 1, 2)),
        ("form=quote", ["quote-3", "quote-1"], (2, 1, 2)),
        # Whole UTC days, both ends included.
        ("from=2026-03-02", ["quote-3", "contact-2", "case-2"], (1, 1, 1)),
        ("to=2026-03-02", ["contact-2", "case-2", "quote-1", "contact-1"], (2, 1, 1)),
        ("from=2026-03-02&to=2026-03-02", ["contact-2", "case-2"], (1, 1, 0)),
        ("from=2026-03-02&to=2026-03-02&form=quote", [], (1, 1, 0)),
        ("spam=only", ["spam-contact", "spam-quote"], (1, 0, 1)),
        ("spam=include&to=2026-03-01", ["spam-quote", "quote-1", "contact-1"], (1, 0, 2)),
        ("spam=only&form=quote", ["spam-quote"], (1, 0, 1)),
    ],
)
def test_filters_and_the_counts_per_form(signed_in, spread, query, names, counts):
    answer = signed_in().get(f"/api/inbox/leads?{query}").json

    assert _keys(answer) == [spread[name] for name in names]
    assert answer["counts"] == dict(zip(["contact", "caseStudiesContact", "quote"], counts, strict=True))


def test_spam_is_hidden_unless_asked_for(signed_in, spread):
    client = signed_in()

    hidden = client.get("/api/inbox/leads").json["leads"]
    shown = client.get("/api/inbox/leads?spam=include").json["leads"]

    assert not any(lead["spam"] for lead in hidden)
    assert sum(lead["spam"] for lead in shown) == 2
    assert len(shown) == len(hidden) + 2


def _cursor(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("form=newsletter", "form"),
        ("from=2026-02-30", "from"),
        ("to=yesterday", "to"),
        ("from=2026-03-02&to=2026-03-01", "to"),
        ("spam=yes", "spam"),
        ("cursor=not-a-cursor", "cursor"),
        ("cursor=" + _cursor(["2026-03-01", "contact", 1]), "cursor"),  # a time without its zone
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", "lead", 1]), "cursor"),
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", "quote", 2**31]), "cursor"),
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", "quote", "1"]), "cursor"),
        ("cursor=" + _cursor(["0001-01-01T00:00:00+05:00", "quote", 1]), "cursor"),  # before year 1 in UTC
        ("cursor=" + _cursor({"at": "2026-03-01T00:00:00+00:00"}), "cursor"),
        ("q=" + "x" * 201, "q"),
        ("q=" + "+".join("abcdefghijk"), "q"),  # eleven words
    ],
)
def test_an_invalid_filter_is_a_400_naming_it(signed_in, query, field):
    response = signed_in().get(f"/api/inbox/leads?{query}")

    assert response.status_code == 400
    assert list(response.json["errors"]) == [field]


def test_each_page_read_is_on_the_audit_trail_with_its_view_and_rows(signed_in, add, app):
    add(contact(), contact(), quote())

    signed_in().get("/api/inbox/leads?form=contact&status=new")

    [(action, actor, kind, lead_id, detail)] = _audit(app)
    assert (action, actor is not None, kind, lead_id) == ("leads_listed", True, None, None)
    assert json.loads(detail) == {"rows": 2, "form": "contact", "status": "new"}


# A lead ---------------------------------------------------------------------------------------------


def test_a_contact_message_has_every_field_under_its_forms_label(signed_in, client, app):
    assert client.post("/api/contact", json=CONTACT).status_code == 201
    with app.app_context():
        lead_id = db.session.scalar(db.select(ContactMessage.id))

    answer = signed_in().get(f"/api/inbox/leads/contact/{lead_id}").json

    assert answer["kind"] == "contact"
    assert answer["id"] == lead_id
    assert (answer["form"], answer["form_title"]) == ("contact", "Contact Us")
    assert answer["page"] == "/"
    assert answer["spam"] is False
    assert datetime.fromisoformat(answer["received"]).utcoffset() == timedelta(0)
    assert answer["fields"] == [
        {"field": "name", "label": "Name", "value": CONTACT["name"]},
        {"field": "company", "label": "Company Name", "value": CONTACT["company"]},
        {"field": "email", "label": "Email", "value": CONTACT["email"]},
        {"field": "phone", "label": "Phone", "value": CONTACT["phone"]},
        {"field": "message", "label": "Message", "value": CONTACT["message"]},
    ]
    assert answer["notification"]["status"] == "pending"
    assert answer["notification"]["attempts"] == 0


def test_a_case_study_message_and_a_quote_use_their_own_forms_labels(signed_in, client, add, app):
    (case, request) = add(
        contact("Case Person", form="caseStudiesContact", company=None), quote(country="Malaysia")
    )
    assert client.post("/api/quote", json=QUOTE).status_code == 201
    reader = signed_in()

    case_fields = reader.get(f"/api/inbox/leads/contact/{case[1]}").json["fields"]
    quote_answer = reader.get(f"/api/inbox/leads/quote/{request[1]}").json

    assert [(field["label"], field["value"]) for field in case_fields][:2] == [
        ("Name", "Case Person"),
        ("Company", None),
    ]
    assert (quote_answer["form"], quote_answer["form_title"]) == ("quote", "Get Custom Quote")
    assert [(field["field"], field["label"]) for field in quote_answer["fields"]] == [
        ("name", "Name"),
        ("email", "Email"),
        ("phone", "Phone"),
        ("budget", "Budget"),
        ("project", "Project"),
        ("country", "Country"),
    ]
    assert quote_answer["fields"][-1]["value"] == "Malaysia"
    assert quote_answer["notification"] is None  # added straight to the table, as spam would be


def test_viewing_a_lead_is_audited_without_its_values(signed_in, add, app):
    (key,) = add(contact("Secret Person", email="secret@acme.example"))
    client = signed_in()

    client.get(f"/api/inbox/leads/contact/{key[1]}")

    events = _audit(app)
    assert [(action, kind, lead_id) for action, _actor, kind, lead_id, _detail in events] == [
        ("lead_viewed", "contact", key[1])
    ]
    assert events[0][1] is not None
    assert events[0][4] is None


@pytest.mark.parametrize("path", ["contact/999999", "quote/999999", "lead/1", "spam/1", "quote/2147483648"])
def test_an_unknown_lead_is_a_json_404(signed_in, app, path):
    response = signed_in().get(f"/api/inbox/leads/{path}")

    assert response.status_code == 404
    assert response.json["code"] == 404
    assert _audit(app) == []


# The notification's state ---------------------------------------------------------------------------

EMAIL_FAILED = "email: SMTP smtp.example:587: ConnectionRefusedError: [Errno 111] Connection refused"


@pytest.fixture
def channels(app, monkeypatch):
    """Both channels configured, as the worker would be."""
    monkeypatch.setitem(app.config, "SMTP_HOST", "smtp.example")
    monkeypatch.setitem(app.config, "WEBHOOK_URL", "https://hooks.example/leads")


@pytest.mark.parametrize(
    ("outbox", "email", "webhook"),
    [
        (
            {
                "status": "delivered",
                "attempts": 1,
                "email_sent_at": T0,
                "webhook_sent_at": T0,
                "delivered_at": T0,
            },
            {"state": "sent", "at": "2026-03-10T12:00:00+00:00"},
            {"state": "sent", "at": "2026-03-10T12:00:00+00:00"},
        ),
        (
            {"status": "pending", "attempts": 0},
            {"state": "pending"},
            {"state": "pending"},
        ),
        (
            {
                "status": "pending",
                "attempts": 2,
                "webhook_sent_at": T0,
                "last_error": EMAIL_FAILED,
                "next_attempt_at": T0 + timedelta(minutes=1),
            },
            {
                "state": "failed",
                "error": EMAIL_FAILED.removeprefix("email: "),
                "next_attempt_at": "2026-03-10T12:01:00+00:00",
            },
            {"state": "sent", "at": "2026-03-10T12:00:00+00:00"},
        ),
        (
            {
                "status": "dead",
                "attempts": 10,
                "last_error": f"{EMAIL_FAILED}; webhook: webhook answered 502",
            },
            {"state": "dead", "error": EMAIL_FAILED.removeprefix("email: ")},
            {"state": "dead", "error": "webhook answered 502"},
        ),
        (
            # Told by e-mail before the webhook was set up: delivered without it.
            {"status": "delivered", "attempts": 1, "email_sent_at": T0, "delivered_at": T0},
            {"state": "sent", "at": "2026-03-10T12:00:00+00:00"},
            {"state": "not_configured"},
        ),
        (
            {"status": "pending", "attempts": 1, "last_error": "notice: ValueError (not sent)"},
            {
                "state": "failed",
                "error": "ValueError (not sent)",
                "next_attempt_at": "2026-03-10T12:00:00+00:00",
            },
            {
                "state": "failed",
                "error": "ValueError (not sent)",
                "next_attempt_at": "2026-03-10T12:00:00+00:00",
            },
        ),
    ],
)
def test_the_notifications_state_per_channel(signed_in, add, channels, outbox, email, webhook):
    (key,) = add(contact())
    add(
        OutboxMessage(lead_kind="contact", lead_id=key[1], created_at=T0, **{"next_attempt_at": T0, **outbox})
    )

    notification = signed_in().get(f"/api/inbox/leads/contact/{key[1]}").json["notification"]

    assert notification["channels"] == {"email": email, "webhook": webhook}
    assert notification["status"] == outbox["status"]
    assert notification["attempts"] == outbox["attempts"]
    assert notification["last_error"] == outbox.get("last_error")
    assert notification["queued_at"] == "2026-03-10T12:00:00+00:00"


def test_a_channel_that_is_not_configured_says_so(signed_in, add, app, monkeypatch):
    monkeypatch.setitem(app.config, "SMTP_HOST", "smtp.example")
    monkeypatch.setitem(app.config, "WEBHOOK_URL", "")
    (key,) = add(contact())
    add(OutboxMessage(lead_kind="contact", lead_id=key[1], status="pending", attempts=0))

    channels = signed_in().get(f"/api/inbox/leads/contact/{key[1]}").json["notification"]["channels"]

    assert channels == {"email": {"state": "pending"}, "webhook": {"state": "not_configured"}}


# Retry ----------------------------------------------------------------------------------------------


@pytest.fixture
def dead(add):
    """A lead whose notification ran out of tries: its key."""
    (key,) = add(quote())
    add(
        OutboxMessage(
            lead_kind="quote",
            lead_id=key[1],
            status="dead",
            attempts=10,
            last_error="webhook: webhook answered 500",
            next_attempt_at=T0,
        )
    )
    return key


def test_a_viewer_may_not_retry(signed_in, dead, rows, app):
    response = signed_in("viewer").post(f"/api/inbox/leads/quote/{dead[1]}/retry")

    assert response.status_code == 403
    assert rows("outbox")[0].status == "dead"
    assert _audit(app) == []


def test_sales_retries_a_dead_notification_from_a_first_try(signed_in, dead, rows, app):
    started = datetime.now(UTC)

    response = signed_in("sales").post(f"/api/inbox/leads/quote/{dead[1]}/retry")

    assert response.status_code == 200
    assert response.json["notification"]["status"] == "pending"
    assert response.json["notification"]["attempts"] == 0
    (row,) = rows("outbox")
    assert (row.status, row.attempts) == ("pending", 0)
    assert row.next_attempt_at.replace(tzinfo=UTC) >= started - timedelta(seconds=1)
    events = _audit(app)
    assert [(action, kind, lead_id, detail) for action, _actor, kind, lead_id, detail in events] == [
        ("notification_retried", "quote", dead[1], None)
    ]


def test_a_retry_needs_the_pages_security_token(signed_in, dead, rows):
    client = signed_in("admin")
    client.environ_base.pop("HTTP_X_CSRF_TOKEN")

    assert client.post(f"/api/inbox/leads/quote/{dead[1]}/retry").status_code == 403
    assert rows("outbox")[0].status == "dead"


def test_a_delivered_notification_or_none_cannot_be_retried(signed_in, add, app):
    (delivered, spam) = add(contact("Told X"), contact("Spam X", spam=True))
    add(OutboxMessage(lead_kind="contact", lead_id=delivered[1], status="delivered", email_sent_at=T0))
    client = signed_in("sales")

    assert client.post(f"/api/inbox/leads/contact/{delivered[1]}/retry").status_code == 409
    assert client.post(f"/api/inbox/leads/contact/{spam[1]}/retry").status_code == 409
    assert client.post("/api/inbox/leads/contact/999999/retry").status_code == 404
    assert client.post("/api/inbox/leads/contact/99999999999999999999/retry").status_code == 404
    assert _audit(app) == []


def test_the_openapi_document_has_the_inbox_leads_paths_and_their_parameters(app):
    paths = document(app)["paths"]

    assert set(paths["/api/inbox/leads"]) == {"get"}
    assert {parameter["name"] for parameter in paths["/api/inbox/leads"]["get"]["parameters"]} == {
        "form",
        "from",
        "to",
        "spam",
        "q",
        "status",
        "owner",
        "new_for",
        "cursor",
    }
    assert {
        parameter["name"] for parameter in paths["/api/inbox/leads/{kind}/{lead_id}"]["get"]["parameters"]
    } == {
        "kind",
        "lead_id",
    }
    assert set(paths["/api/inbox/leads/{kind}/{lead_id}/retry"]["post"]["responses"]) >= {"200", "403", "409"}
