"""The person behind a lead: on each lead's page, the other leads sent with the same address (any
capitals or spaces), and their arrivals, notes and replies in time order; nobody else's."""

from datetime import UTC, datetime, timedelta

from lead_service.extensions import db
from lead_service.models.conversation import LeadMessage
from lead_service.models.staff import LeadNote, StaffUser

from .conftest import contact, quote

LEAD = "/api/inbox/leads/{}"
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def test_each_of_a_persons_leads_shows_the_others_and_their_history(signed_in, add, app):
    client = signed_in("sales")
    first, second, third, stranger = add(
        contact("Mina Lee", at=T0, email="mina@harbor.io"),
        quote("Mina Lee", at=T0 + timedelta(days=1), email="  MINA@Harbor.io"),
        contact("Mina L", at=T0 + timedelta(days=2), email="Mina@harbor.io", form="caseStudiesContact"),
        contact("Mina Other", at=T0 + timedelta(hours=1), email="mina@elsewhere.io"),
    )
    with app.app_context():
        author = db.session.scalars(db.select(StaffUser.id)).one()
        db.session.add_all(
            [
                LeadNote(lead_id=first, author_id=author, body="Rang her.", created_at=T0 + HOUR * 2),
                LeadNote(lead_id=stranger, author_id=author, body="Not her.", created_at=T0 + HOUR * 3),
                LeadMessage(
                    lead_id=second,
                    direction="out",
                    author_id=author,
                    created_at=T0 + timedelta(days=1, hours=1),
                    to_address="mina@harbor.io",
                    subject="Your quote request to Tidewell Digital",
                    body="Our quote follows.",
                    message_id="<reply.test@tidewell.example>",
                ),
            ]
        )
        db.session.commit()

    seen_from_third = client.get(LEAD.format(third)).json["person"]
    seen_from_first = client.get(LEAD.format(first)).json["person"]

    assert [lead["id"] for lead in seen_from_third["leads"]] == [first, second]
    assert seen_from_third["leads"][1]["form_title"] == "Get Custom Quote"
    assert [(event["kind"], event["lead_id"], event["text"]) for event in seen_from_third["history"]] == [
        ("lead", first, None),
        ("note", first, "Rang her."),
        ("lead", second, None),
        ("reply", second, "Our quote follows."),
    ]
    assert seen_from_third["history"][1]["author"] == {"id": author, "name": "A sales"}
    # From the first lead, its own note is on its page already: the others' history alone.
    assert [lead["id"] for lead in seen_from_first["leads"]] == [second, third]
    assert [event["kind"] for event in seen_from_first["history"]] == ["lead", "reply", "lead"]
    assert client.get(LEAD.format(stranger)).json["person"] == {"leads": [], "history": []}
