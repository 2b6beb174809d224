"""GET /api/inbox/leads, a lead's detail, a lead's old address and a notification's retry: every
lead newest first in pages, the filters and counts, the form's labels, the notification's state per
channel, where an address from before the one table leads, and who may do what."""

import base64
import json
from datetime import UTC, datetime, timedelta

import pytest

from lead_service import retention
from lead_service.api.openapi import document
from lead_service.extensions import db
from lead_service.inbox.leads import filters
from lead_service.models.leads import Lead, LeadAddress, OutboxMessage
from lead_service.models.staff import AuditEvent
from lead_service.models.webhooks import WebhookEndpoint

from ...samples import CONTACT, QUOTE
from ..conftest import T0, contact, quote


def _ids(answer):
    return [lead["id"] for lead in answer["leads"]]


def _walk(client, query=""):
    """Every page of the list: the leads' ids, and the pages' sizes."""
    ids, sizes, cursor = [], [], None
    while True:
        separator = "&" if query else ""
        url = f"/api/inbox/leads?{query}" + (f"{separator}cursor={cursor}" if cursor else "")
        answer = client.get(url).json
        ids += _ids(answer)
        sizes.append(len(answer["leads"]))
        cursor = answer["next"]
        if cursor is None:
            return ids, sizes


def _audit(app, action=None):
    with app.app_context():
        query = db.select(AuditEvent).order_by(AuditEvent.id)
        if action:
            query = query.where(AuditEvent.action == action)
        return [
            (event.action, event.actor_id, event.lead_id, event.detail) for event in db.session.scalars(query)
        ]


# Sign-in and roles ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/inbox/leads"),
        ("get", "/api/inbox/leads/1"),
        ("get", "/api/inbox/leads/moved/contact/1"),
        ("post", "/api/inbox/leads/1/retry"),
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


def test_pages_run_newest_first_across_every_form_with_ties_broken_by_id(signed_in, add):
    # 120 leads at 7 distinct times, stored out of their times' order: many share a time, of one
    # form and of several.
    rows = []
    for number in range(120):
        at = T0 - timedelta(minutes=number % 7)
        if number % 2:
            rows.append(contact(f"C{number} X", at, form="contact" if number % 3 else "caseStudiesContact"))
        else:
            rows.append(quote(f"Q{number} X", at))
    added = add(*rows)
    times = dict(zip(added, (row.created_at for row in rows), strict=True))
    expected = sorted(added, key=lambda lead_id: (times[lead_id], lead_id), reverse=True)

    ids, sizes = _walk(signed_in())

    assert ids == expected
    assert sizes == [50, 50, 20]


def test_a_page_ending_on_a_tie_continues_with_the_rest_of_the_tie(signed_in, add):
    # 52 leads at one moment, contact messages and quote requests on both sides of the page's end.
    added = add(quote("Q1 X"), *(contact(f"C{n} X") for n in range(49)), quote("Q2 X"), contact("Late X"))
    client = signed_in()

    first = client.get("/api/inbox/leads").json
    second = client.get(f"/api/inbox/leads?cursor={first['next']}").json

    assert _ids(first) + _ids(second) == sorted(added, reverse=True)  # same time: the last stored first
    assert (
        {lead["form"] for lead in first["leads"]}
        == {lead["form"] for lead in second["leads"]}
        == {
            "contact",
            "quote",
        }
    )
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
        OutboxMessage(lead_id=mailed, status="delivered", email_sent_at=T0),
        OutboxMessage(lead_id=waiting, status="pending", webhook_sent_at=T0),
        OutboxMessage(lead_id=request, status="dead"),
    )

    leads = signed_in().get("/api/inbox/leads").json["leads"]

    assert leads[0] == {
        "id": mailed,
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
    """Leads of each form, over three days, and spam: their ids by name."""
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

    assert _ids(answer) == [spread[name] for name in names]
    assert answer["counts"] == dict(zip(["contact", "caseStudiesContact", "quote"], counts, strict=True))


def test_without_a_search_a_forms_count_stops_one_past_the_cap(signed_in, spread, monkeypatch):
    monkeypatch.setattr(filters, "LIST_COUNT_CAP", 1)

    answer = signed_in().get("/api/inbox/leads?spam=include").json

    # Three contact messages and three quote requests, spam included: each counted to 2.
    assert answer["counts"] == {"contact": 2, "caseStudiesContact": 1, "quote": 2}


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
        ("cursor=" + _cursor(["2026-03-01", 1]), "cursor"),  # a time without its zone
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", "quote", 1]), "cursor"),  # one of two tables'
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", 2**31]), "cursor"),
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", -1]), "cursor"),
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", "1"]), "cursor"),
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", True]), "cursor"),
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00", 1.0]), "cursor"),
        ("cursor=" + _cursor(["0001-01-01T00:00:00+05:00", 1]), "cursor"),  # before year 1 in UTC
        ("cursor=" + _cursor(["2026-03-01T00:00:00+00:00"]), "cursor"),
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

    [(action, actor, lead_id, detail)] = _audit(app)
    assert (action, actor is not None, lead_id) == ("leads_listed", True, None)
    assert json.loads(detail) == {"rows": 2, "form": "contact", "status": "new"}


# A lead ---------------------------------------------------------------------------------------------


def test_a_contact_message_has_every_field_under_its_forms_label(signed_in, client, app):
    assert client.post("/api/contact", json=CONTACT).status_code == 201
    with app.app_context():
        lead_id = db.session.scalar(db.select(Lead.id))

    answer = signed_in().get(f"/api/inbox/leads/{lead_id}").json

    assert "kind" not in answer
    assert answer["id"] == lead_id
    assert (answer["form"], answer["form_title"]) == ("contact", "Contact Us")
    assert answer["page"] == "/"
    assert answer["spam"] is False
    assert datetime.fromisoformat(answer["received"]).utcoffset() == timedelta(0)
    assert answer["fields"] == [
        {"field": "name", "label": "Name", "value": CONTACT["name"]},
        {"field": "company", "label": "Company Name", "value": CONTACT["company"]},
        {"field": "email", "label": "Email", "value": CONTACT["email"]},
        {"field": "phone", "label": "Phone", "value": "+60123456789"},
        {"field": "country", "label": "Country", "value": "Malaysia"},
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

    case_fields = reader.get(f"/api/inbox/leads/{case}").json["fields"]
    quote_answer = reader.get(f"/api/inbox/leads/{request}").json

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


def test_a_lead_from_a_form_taken_off_the_site_reads_as_a_contact_message(signed_in, add):
    (lead_id,) = add(contact("Old Form", form="newsletterSignup"))

    answer = signed_in().get(f"/api/inbox/leads/{lead_id}").json

    assert (answer["form"], answer["form_title"]) == ("newsletterSignup", "Contact Us")
    assert answer["fields"][0] == {"field": "name", "label": "Name", "value": "Old Form"}


def test_viewing_a_lead_is_audited_without_its_values(signed_in, add, app):
    (lead_id,) = add(contact("Secret Person", email="secret@acme.example"))
    client = signed_in()

    client.get(f"/api/inbox/leads/{lead_id}")

    events = _audit(app)
    assert [(action, event_lead) for action, _actor, event_lead, _detail in events] == [
        ("lead_viewed", lead_id)
    ]
    assert events[0][1] is not None
    assert events[0][3] is None


# An id no lead has; one no id column holds; an address from before the one table, not the moved
# one's (/api/inbox/leads/moved/...); no lead at all.
@pytest.mark.parametrize(
    "path", ["999999", "0", "2147483648", "99999999999999999999", "contact/1", "quote/1", "moved/quote", "x"]
)
def test_an_unknown_lead_is_a_json_404(signed_in, add, app, path):
    add(contact())
    response = signed_in().get(f"/api/inbox/leads/{path}")

    assert response.status_code == 404
    assert response.json["code"] == 404
    assert _audit(app) == []


# A lead's old address -------------------------------------------------------------------------------


@pytest.fixture
def moved(app, add):
    """A contact message and a quote request as migration 0020 moved them from the two tables of
    before, each with its old address there (both once id 3), and a lead that never had one: their
    ids by name."""
    ids = dict(zip(["contact", "quote", "new"], add(contact(), quote(), contact("Nora New")), strict=True))
    with app.app_context():
        db.session.add_all(
            [
                LeadAddress(kind="contact", old_id=3, lead_id=ids["contact"]),
                LeadAddress(kind="quote", old_id=3, lead_id=ids["quote"]),
            ]
        )
        db.session.commit()
    return ids


@pytest.mark.parametrize("role", ["viewer", "sales", "admin"])
def test_an_old_address_answers_the_leads_id_now_to_any_staff(signed_in, moved, role):
    client = signed_in(role)

    for kind in ("contact", "quote"):
        answer = client.get(f"/api/inbox/leads/moved/{kind}/3")
        assert (answer.status_code, answer.json) == (200, {"id": moved[kind]})
        lead = client.get(f"/api/inbox/leads/{answer.json['id']}").json
        assert lead["form"] == kind


@pytest.mark.parametrize(
    "path",
    [
        "contact/4",  # no lead had it
        "quote/1",
        "order/3",  # no such table
        "Contact/3",
        "contact%00/3",
        "contact/2147483648",  # past what an id column held: no lead had it, not the database's error
        "quote/9223372036854775808",
        "quote/99999999999999999999",
        "contact/-3",
    ],
)
def test_an_old_address_no_lead_had_is_a_json_404(signed_in, moved, path):
    answer = signed_in().get(f"/api/inbox/leads/moved/{path}")

    assert answer.status_code == 404
    assert answer.json["code"] == 404


def test_an_erased_leads_old_address_is_a_404(signed_in, moved, app):
    client = signed_in()
    with app.app_context():
        retention.erase("quinn@quote.example")
        assert db.session.get(LeadAddress, ("quote", 3)) is None  # gone with its lead

    assert client.get("/api/inbox/leads/moved/quote/3").status_code == 404
    assert client.get("/api/inbox/leads/moved/contact/3").json == {"id": moved["contact"]}


def test_an_old_address_is_told_only_to_the_signed_in(client, moved):
    answer = client.get("/api/inbox/leads/moved/contact/3")

    assert answer.status_code == 401
    assert answer.json["code"] == 401
    # The error's fields alone, none the lead's id (its digits may well be in the request id).
    assert set(answer.json) == {"code", "message", "description", "request_id"}
    assert moved["contact"] not in answer.json.values()


# The notification's state ---------------------------------------------------------------------------

EMAIL_FAILED = "email: SMTP smtp.example:587: ConnectionRefusedError: [Errno 111] Connection refused"


@pytest.fixture
def channels(app, monkeypatch):
    """Both channels configured, as the worker would be: e-mail, and an endpoint wanting new leads."""
    monkeypatch.setitem(app.config, "SMTP_HOST", "smtp.example")
    with app.app_context():
        db.session.add(
            WebhookEndpoint(url="https://hooks.example/leads", events=["lead.created"], secret="whsec_")
        )
        db.session.commit()


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
    (lead_id,) = add(contact())
    add(OutboxMessage(lead_id=lead_id, created_at=T0, **{"next_attempt_at": T0, **outbox}))

    notification = signed_in().get(f"/api/inbox/leads/{lead_id}").json["notification"]

    assert notification["channels"] == {"email": email, "webhook": webhook}
    assert notification["status"] == outbox["status"]
    assert notification["attempts"] == outbox["attempts"]
    assert notification["last_error"] == outbox.get("last_error")
    assert notification["queued_at"] == "2026-03-10T12:00:00+00:00"


def test_a_channel_that_is_not_configured_says_so(signed_in, add, app, monkeypatch):
    monkeypatch.setitem(app.config, "SMTP_HOST", "smtp.example")  # and no webhook endpoint
    (lead_id,) = add(contact())
    add(OutboxMessage(lead_id=lead_id, status="pending", attempts=0))

    channels = signed_in().get(f"/api/inbox/leads/{lead_id}").json["notification"]["channels"]

    assert channels == {"email": {"state": "pending"}, "webhook": {"state": "not_configured"}}


# Retry ----------------------------------------------------------------------------------------------


@pytest.fixture
def dead(add):
    """A lead whose notification ran out of tries: its id."""
    (lead_id,) = add(quote())
    add(
        OutboxMessage(
            lead_id=lead_id,
            status="dead",
            attempts=10,
            last_error="webhook: webhook answered 500",
            next_attempt_at=T0,
        )
    )
    return lead_id


def test_a_viewer_may_not_retry(signed_in, dead, rows, app):
    response = signed_in("viewer").post(f"/api/inbox/leads/{dead}/retry")

    assert response.status_code == 403
    assert rows("outbox")[0].status == "dead"
    assert _audit(app) == []


def test_sales_retries_a_dead_notification_from_a_first_try(signed_in, dead, rows, app):
    started = datetime.now(UTC)

    response = signed_in("sales").post(f"/api/inbox/leads/{dead}/retry")

    assert response.status_code == 200
    assert response.json["notification"]["status"] == "pending"
    assert response.json["notification"]["attempts"] == 0
    (row,) = rows("outbox")
    assert (row.status, row.attempts) == ("pending", 0)
    assert row.next_attempt_at.replace(tzinfo=UTC) >= started - timedelta(seconds=1)
    events = _audit(app)
    assert [(action, lead_id, detail) for action, _actor, lead_id, detail in events] == [
        ("notification_retried", dead, None)
    ]


def test_a_retry_needs_the_pages_security_token(signed_in, dead, rows):
    client = signed_in("admin")
    client.environ_base.pop("HTTP_X_CSRF_TOKEN")

    assert client.post(f"/api/inbox/leads/{dead}/retry").status_code == 403
    assert rows("outbox")[0].status == "dead"


def test_a_delivered_notification_or_none_cannot_be_retried(signed_in, add, app):
    (delivered, spam) = add(contact("Told X"), contact("Spam X", spam=True))
    add(OutboxMessage(lead_id=delivered, status="delivered", email_sent_at=T0))
    client = signed_in("sales")

    assert client.post(f"/api/inbox/leads/{delivered}/retry").status_code == 409
    assert client.post(f"/api/inbox/leads/{spam}/retry").status_code == 409
    assert client.post("/api/inbox/leads/999999/retry").status_code == 404
    assert client.post("/api/inbox/leads/99999999999999999999/retry").status_code == 404
    assert client.post(f"/api/inbox/leads/contact/{delivered}/retry").status_code == 404  # an old address
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
        "by",
        "cursor",
    }
    assert {parameter["name"] for parameter in paths["/api/inbox/leads/{lead_id}"]["get"]["parameters"]} == {
        "lead_id"
    }
    assert set(paths["/api/inbox/leads/{lead_id}/retry"]["post"]["responses"]) >= {"200", "403", "409"}
    moved = paths["/api/inbox/leads/moved/{kind}/{old_id}"]
    assert set(moved) == {"get"}
    assert {parameter["name"] for parameter in moved["get"]["parameters"]} == {"kind", "old_id"}
    assert set(moved["get"]["responses"]) >= {"200", "401", "404"}
    assert not any("{kind}" in path for path in paths if "/moved/" not in path)
