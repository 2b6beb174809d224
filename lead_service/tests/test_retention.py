"""`lead-service leads erase` and `leads purge`: exactly the matching leads go, with their
notifications, and the command says how many."""

from datetime import UTC, datetime, timedelta

from lead_service import outbox
from lead_service.extensions import db
from lead_service.models import LEAD_MODELS, ContactMessage, QuoteRequest

from .test_commands import CONTACT, QUOTE


def test_erase_removes_every_lead_of_an_address_and_nothing_else(client, runner, rows):
    client.post("/api/contact", json={**CONTACT, "email": "Mina@Harbor.io"})
    client.post("/api/quote", json={**QUOTE, "email": "mina@harbor.io"})
    client.post("/api/contact", json={**CONTACT, "email": "someone.else@harbor.io"})

    result = runner.invoke(args=["leads", "erase", "--email", " MINA@harbor.io "])

    assert result.exit_code == 0
    assert (
        result.output.strip()
        == "removed 1 contact message(s), 1 quote request(s) and 2 notification(s) sent with MINA@harbor.io"
    )
    assert [row.email for row in rows("contact")] == ["someone.else@harbor.io"]
    assert rows("quote") == []
    # The other address's notification stays, and nothing points at an erased lead.
    assert [(row.lead_kind, row.lead_id) for row in rows("outbox")] == [("contact", rows("contact")[0].id)]


def _lead_aged(app, days: int, name: str) -> None:
    with app.app_context():
        db.session.add(
            ContactMessage(
                form="contact",
                name=name,
                email=f"{name}@x.io",
                message="m",
                created_at=datetime.now(UTC) - timedelta(days=days),
            )
        )
        db.session.add(
            QuoteRequest(
                name=name,
                email=f"{name}@x.io",
                phone="+8801712345678",
                project="p",
                budget="1000$ - 5000$ Estimated",
                created_at=datetime.now(UTC) - timedelta(days=days),
            )
        )
        db.session.flush()
        for kind, model in LEAD_MODELS.items():
            lead = db.session.scalars(db.select(model).filter_by(name=name)).one()
            outbox.enqueue(kind, lead.id)
        db.session.commit()


def test_purge_removes_what_is_older_than_the_days_given(client, runner, rows, app):
    _lead_aged(app, 400, "old")
    _lead_aged(app, 10, "recent")

    result = runner.invoke(args=["leads", "purge", "--older-than", "365"])

    assert result.exit_code == 0
    assert result.output.startswith(
        "removed 1 contact message(s), 1 quote request(s) and 2 notification(s) older than 365 days"
    )
    assert [row.name for row in rows("contact")] == [row.name for row in rows("quote")] == ["recent"]
    assert sorted((row.lead_kind, row.lead_id) for row in rows("outbox")) == [
        ("contact", rows("contact")[0].id),
        ("quote", rows("quote")[0].id),
    ]


def test_purge_takes_the_configured_retention(client, runner, rows, app, monkeypatch):
    _lead_aged(app, 40, "old")
    monkeypatch.setitem(app.config, "LEAD_RETENTION_DAYS", 30)
    assert runner.invoke(args=["leads", "purge"]).exit_code == 0
    assert rows("contact") == []


def test_purge_without_a_period_is_a_clear_error(client, runner, rows, app, monkeypatch):
    _lead_aged(app, 40, "old")
    monkeypatch.setitem(app.config, "LEAD_RETENTION_DAYS", 0)
    result = runner.invoke(args=["leads", "purge"])
    assert result.exit_code == 2
    assert "LEAD_RETENTION_DAYS" in result.output
    assert len(rows("contact")) == 1
