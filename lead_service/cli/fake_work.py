"""The sales team's work on made-up leads (fake_leads.py), in the shapes a real inbox has: a few
members of sales owning the answered leads, next steps on the open ones (some overdue), a
conversation on each answered lead (mostly a reply or two and an answer; one lead in 20,000 a
long thread of up to 300 messages), notes on some, a deal on the qualified, won and lost ones,
and the people who wrote from a second address merged."""

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import insert, select

from ..extensions import db
from ..models.conversation import LeadMessage
from ..models.deals import Deal, DealStage, LostReason
from ..models.people import PersonAddress, PersonMerge, PersonMergeMove
from ..models.staff import LeadNote, StaffUser
from . import bulk_rows

STAFF = (
    ("Hana Okafor", "hana.okafor"),
    ("Jonas Berg", "jonas.berg"),
    ("Priya Nair", "priya.nair"),
    ("Tom Weber", "tom.weber"),
    ("Leila Haddad", "leila.haddad"),
    ("Kenji Sato", "kenji.sato"),
)
STAFF_DOMAIN = "staff.example"
NEXT_STEPS = (
    "Call to go through the brief",
    "Send the proposal",
    "Follow up on the quote",
    "Book a demo with their team",
    "Check the budget with finance",
)
REPLIES = (
    "Thank you for your message. Could you tell us more about the timeline and who will use it?",
    "Thanks for the details. We have put together a first estimate: shall we go through it on a call?",
    "Following up on our proposal: do you have any questions we can answer?",
)
ANSWERS = (
    "Thanks for getting back to us. We hope to start next month; about ten people would use it.",
    "Yes, a call on Thursday afternoon works for us.",
    "We are still comparing offers and will come back to you next week.",
)
NOTES = (
    "Spoke on the phone: a good fit, budget confirmed.",
    "They already work with another agency on their website.",
    "Asked for a case study in their sector.",
    "Decision maker is their CTO; loop her in next time.",
)
LONG_THREAD = 1 / 20_000  # of the answered leads: a conversation of 100 to 300 messages
CURRENCIES = ("USD", "EUR", "GBP")


@dataclass
class Work:
    """A batch's rows of work, written after its leads."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    deals: list[dict[str, Any]] = field(default_factory=list)

    def write(self) -> None:
        for model, rows in ((LeadMessage, self.messages), (LeadNote, self.notes), (Deal, self.deals)):
            bulk_rows.write(model.__table__, rows)


@dataclass(frozen=True)
class Team:
    """The made-up sales team, and the board's stages and lost reasons."""

    staff: Sequence[int]
    open_stages: Sequence[int]
    closed: dict[str, int]  # a stage by its outcome, won or lost
    reasons: Sequence[int]


def team() -> Team:
    """The made-up members of sales (added once, with no password that signs in), and the board."""
    emails = [f"{local}@{STAFF_DOMAIN}" for _, local in STAFF]
    have = set(db.session.scalars(select(StaffUser.email).where(StaffUser.email.in_(emails))))
    db.session.add_all(
        StaffUser(email=email, name=name, role="sales", password_hash="made up: signs in with nothing")
        for (name, _), email in zip(STAFF, emails, strict=True)
        if email not in have
    )
    db.session.flush()
    stages = db.session.execute(select(DealStage.id, DealStage.outcome).order_by(DealStage.position)).all()
    return Team(
        staff=db.session.scalars(select(StaffUser.id).where(StaffUser.email.in_(emails))).all(),
        open_stages=[stage for stage, outcome in stages if outcome is None],
        closed={outcome: stage for stage, outcome in stages if outcome is not None},
        reasons=db.session.scalars(select(LostReason.id)).all(),
    )


def owner_and_next_step(rng: random.Random, lead: dict[str, Any], staff: Sequence[int], today: date) -> dict:
    """An answered lead's owner, and an open one's next step: due within a month of its answer,
    so that the older ones are overdue (the Due view's longest first)."""
    columns: dict[str, Any] = {"owner_id": None, "next_step_on": None, "next_step": None}
    if lead["first_response_at"] is None:
        return columns
    columns["owner_id"] = rng.choice(staff)
    if lead["status"] in ("contacted", "qualified") and rng.random() < 0.3:
        due = lead["first_response_at"].date() + timedelta(days=rng.randint(1, 30))
        if due >= today - timedelta(days=60):
            columns["next_step_on"], columns["next_step"] = due, rng.choice(NEXT_STEPS)
    return columns


def add(work: Work, rng: random.Random, lead: dict[str, Any], team: Team, now: datetime) -> None:
    """The conversation, notes and deal of an answered lead (nothing for the others)."""
    answered = lead["first_response_at"]
    if answered is None:
        return
    _conversation(work, rng, lead, now)
    for n in range(rng.choice((0, 0, 0, 0, 1, 1, 2, 3))):
        at = min(answered + timedelta(hours=n * 20 + rng.randint(1, 19)), now)
        work.notes.append(
            {
                "lead_id": lead["id"],
                "author_id": lead["owner_id"],
                "created_at": at,
                "edited_at": None,
                "body": rng.choice(NOTES),
            }
        )
    _deal(work, rng, lead, team, now)


def _conversation(work: Work, rng: random.Random, lead: dict[str, Any], now: datetime) -> None:
    length = rng.randint(100, 300) if rng.random() < LONG_THREAD else 1 + int(rng.expovariate(0.6))
    subject = "Re: " + ("Your quote request" if lead["form"] == "quote" else "Your message")
    thread: list[str] = []
    at = lead["first_response_at"]
    for n in range(length):
        if at > now:
            break
        out = n % 2 == 0
        message_id = f"<fake.{lead['id']}.{n}@leads.example>"
        work.messages.append(
            {
                "lead_id": lead["id"],
                "direction": "out" if out else "in",
                "author_id": lead["owner_id"] if out else None,
                "created_at": at,
                "to_address": lead["email"] if out else "sales@leads.example",
                "from_address": None if out else lead["email"],
                "from_folded": None if out else lead["email_folded"],
                "subject": subject,
                "body": rng.choice(REPLIES if out else ANSWERS),
                "message_id": message_id,
                "in_reply_to": thread[-1] if thread else None,
                "reference_ids": " ".join(thread[-10:]) or None,
                "from_other_address": False,
            }
        )
        thread.append(message_id)
        at += timedelta(seconds=rng.lognormvariate(10, 1))  # a day or so between messages


def _deal(work: Work, rng: random.Random, lead: dict[str, Any], team: Team, now: datetime) -> None:
    status = lead["status"]
    if status == "qualified" and rng.random() < 0.7:
        stage, outcome = rng.choice(team.open_stages), None
    elif status == "won" or (status == "lost" and rng.random() < 0.5):
        stage, outcome = team.closed[status], status
    else:
        return
    opened = min(lead["first_response_at"] + timedelta(days=rng.randint(1, 14)), now)
    # Closed a week to three months after, or, for a recent lead, some time before now.
    took = min(timedelta(days=rng.randint(7, 90)), (now - opened) * rng.random())
    closed_at = opened + took if outcome else None
    work.deals.append(
        {
            "lead_id": lead["id"],
            "stage_id": stage,
            "value_minor": rng.randrange(1, 500) * 10_000,
            "currency": rng.choice(CURRENCIES),
            "expected_close": (closed_at or opened + timedelta(days=rng.randint(14, 180))).date(),
            "lost_reason_id": rng.choice(team.reasons) if outcome == "lost" else None,
            "version": 1,
            "created_at": opened,
            "closed_at": closed_at,
        }
    )


def merge_people(pairs: list[tuple[str, str]], team: Team, now: datetime) -> None:
    """Each (address, second address) of a person made one person, as a member of sales merges
    them on a lead's page: the second address moved into the first. Addresses merged already (by
    an earlier run) are left as they are."""
    taken = set(db.session.scalars(select(PersonAddress.address))) | set(
        db.session.scalars(select(PersonAddress.person))
    )
    pairs = [(first, second) for first, second in pairs if not {first, second} & taken]
    if not pairs:
        return
    merges = db.session.scalars(
        insert(PersonMerge).returning(PersonMerge.id, sort_by_parameter_order=True),
        [{"merged_by_id": team.staff[n % len(team.staff)], "merged_at": now} for n in range(len(pairs))],
    ).all()
    bulk_rows.write(
        PersonAddress.__table__,
        [
            {"address": second, "person": first, "merge_id": merge}
            for merge, (first, second) in zip(merges, pairs, strict=True)
        ],
    )
    bulk_rows.write(
        PersonMergeMove.__table__,
        [
            {"merge_id": merge, "address": second, "person_before": None, "merge_before_id": None}
            for merge, (_, second) in zip(merges, pairs, strict=True)
        ],
    )
