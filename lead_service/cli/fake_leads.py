"""Made-up leads for development and the bench: `lead-service leads fake --count N`.

Names, companies and texts come from the small word lists below; every address is at a reserved
domain (.example, .test) and every notification is delivered or dead, never due, so that no worker
sends anything about them. Most visitors allowed analytics, so most leads say where their visit
began (for the dashboard), and the sales team has answered most of those that are not spam, and
worked them (fake_work.py). One lead in five is from someone who wrote before: a long tail of repeat
senders. Rows are written in bulk (COPY on PostgreSQL): a million leads take minutes. Only a local
SQLite file or a PostgreSQL database whose name says "test" takes them, and, since their ids are
given by hand, while nothing else writes leads."""

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import URL

from ..extensions import db
from ..models.leads import Lead, OutboxMessage, fold_address, fold_name_and_company
from ..schemas import ATTRIBUTION_KEYS, FORMS, phone_country
from . import bulk_rows, fake_work

BATCH = 5000
RETURNING = 0.2  # of the leads: from someone who wrote before
SECOND_ADDRESS = 0.05  # of those: from another address of theirs, which the team merged


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FIRST_NAMES = _words(
    "Mina Tom Aisha Lucas Sofia Kenji Amara Diego Priya Noah Elena Omar Hana Felix Zara Ivan Leila "
    "Mateo Yuki Grace Arjun Chloe Samuel Nadia Theo Ingrid Rafael Mei Jonas Fatima Oscar Lena Tariq "
    "Clara Ravi Emma Kwame Ana Viktor Sara"
)
LAST_NAMES = _words(
    "Lee Berg Rahman Silva Novak Tanaka Okafor Garcia Patel Muller Rossi Haddad Kim Weber Khan "
    "Petrov Hassan Lopez Sato Brown Sharma Martin Cohen Nguyen Dubois Larsen Costa Wong Fischer Ali "
    "Jensen Moreau Aziz Schmidt Iyer Smith Mensah Pereira Horvat Ahmed"
)
COMPANY_WORDS = _words(
    "Harbor Northwind Bluebird Summit Cedar Atlas Lumen Quartz Meridian Orchid Granite Vertex Nimbus "
    "Falcon Willow Beacon Cobalt Juniper Aurora Pioneer"
)
COMPANY_ENDINGS = (*_words("Labs Group Studio Logistics Health Retail Ventures Ltd Foods"), "& Co")
DOMAINS = ("example", "test")
PAGES = (*_words("/ /services /services/web-development /case-studies /ai-solutions /blog /about"), None)
WANTS = (
    "a new website for our clinic",
    "a mobile app for our delivery drivers",
    "an online shop with stock sync",
    "a booking system for our studio",
    "a dashboard for our sales data",
    "help moving our platform to the cloud",
    "an AI assistant for customer support",
    "a redesign of our customer portal",
    "an internal tool to replace our spreadsheets",
    "a learning platform for our trainees",
)
DETAILS = (
    "We would like to launch before the summer.",
    "Our current system is slow and hard to change.",
    "We have a small budget but can grow it later.",
    "Could you share a similar case study?",
    "We need it to work in English and Malay.",
    "Please call me in the afternoon.",
    "Our team has five people who would use it daily.",
    "We already have designs in Figma.",
    "Integration with our payment provider is a must.",
    "Can we meet next week to discuss it?",
)
SPAM_TEXTS = (
    "Boost your SEO ranking today!!! Visit our site for cheap backlinks",
    "Congratulations, you have been selected for a crypto giveaway",
    "We sell verified accounts and followers at the best price",
)
BUDGETS = tuple(FORMS["forms"]["quote"]["fields"]["budget"]["options"])
# Where visits began: a campaign's UTM source (with its medium), else a referring site, else direct.
CAMPAIGNS = (
    ("google", "cpc"),
    ("linkedin", "social"),
    ("newsletter", "email"),
    ("facebook", "social"),
    ("clutch", "referral"),
    ("partner-summit", "event"),
)
REFERRERS = _words(
    "www.google.com www.bing.com duckduckgo.com www.linkedin.com github.com news.ycombinator.com "
    "t.co www.reddit.com clutch.co medium.com"
)
LANDING_PATHS = (
    *(page for page in PAGES if page),
    "/services/mobile-apps",
    "/case-studies/crm-dashboard",
    "/case-studies/food-delivery-app",
    "/blog/choosing-a-tech-stack",
)
# Where the sales team takes an answered lead first.
ANSWERS = (*("contacted",) * 5, *("qualified",) * 2, "won", "lost", "lost")
ERRORS = (
    "email: SMTP smtp.example:587: ConnectionRefusedError: [Errno 111] Connection refused",
    "webhook: webhook answered 502",
    "email: SMTP smtp.example:587: TimeoutError: timed out; webhook: webhook: ConnectTimeout",
)


def allowed(url: URL) -> bool:
    """Only a database that holds nothing real: a local SQLite file, or PostgreSQL named *test*."""
    backend, name = url.get_backend_name(), url.database or ""
    if backend == "sqlite":
        return bool(name) and "memory" not in name  # :memory:, file::memory:, ?mode=memory
    return backend == "postgresql" and "test" in name.lower()


def _phone(rng: random.Random) -> tuple[str, int]:
    """A number in the ranges kept for drama and examples (London's, Washington's, a Malaysian
    mobile's), in E.164, as the service stores every lead's; and which range."""
    choice = rng.randrange(3)
    if choice == 0:
        return f"+442079460{rng.randrange(1000):03d}", choice
    if choice == 1:
        return f"+120255501{rng.randrange(100):02d}", choice
    return f"+6012{rng.randrange(1000):03d}{rng.randrange(10000):04d}", choice


# The country the service names from a number of each range: parsing each lead's took a third of
# a million leads' time.
_SAMPLES = ("+442079460000", "+12025550100", "+60120000000")
_COUNTRIES = tuple(phone_country(sample, None) for sample in _SAMPLES)


def _phone_and_country(phone: tuple[str, int] | None) -> dict[str, Any]:
    """A lead's phone, already E.164 as fold_phone would make it, and the country the service
    names from it."""
    if phone is None:
        return {"phone": None, "phone_e164": None, "country": None}
    return {"phone": phone[0], "phone_e164": phone[0], "country": _COUNTRIES[phone[1]]}


def _person(rng: random.Random, serial: int) -> dict[str, Any]:
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    company = f"{rng.choice(COMPANY_WORDS)} {rng.choice(COMPANY_ENDINGS)}"
    domain = (
        company.split(maxsplit=1)[0].lower() + rng.choice(("", "works", "hq")) + "." + rng.choice(DOMAINS)
    )
    return {
        "name": f"{first} {last}",
        "company": company,
        "email": f"{first.lower()}.{last.lower()}{serial % 97}@{domain}",
    }


class _People:
    """Who sent each lead: mostly someone new; else someone who wrote before, the earlier senders
    the more often (at a million leads the busiest wrote a few hundred times), now and then from
    a second address of theirs: the pairs of addresses to merge."""

    def __init__(self) -> None:
        self.known: list[dict[str, Any]] = []
        self.merges: list[tuple[str, str]] = []
        self._merged: set[str] = set()  # the second addresses of self.merges

    def sender(self, rng: random.Random, serial: int) -> dict[str, Any]:
        if not self.known or rng.random() >= RETURNING:
            self.known.append(_person(rng, serial))
            return self.known[-1]
        person = self.known[int(len(self.known) * rng.random() ** 2)]
        if rng.random() >= SECOND_ADDRESS:
            return person
        second = f"{person['email'].split('@')[0]}@home.example"
        folded = fold_address(second)
        if folded not in self._merged:  # two people's local parts may be alike: the first keeps it
            self._merged.add(folded)
            self.merges.append((fold_address(person["email"]), folded))
        return {**person, "email": second}


def _text(rng: random.Random, spam: bool) -> str:
    if spam:
        return rng.choice(SPAM_TEXTS)
    return f"Hi, we are looking for {rng.choice(WANTS)}. " + " ".join(rng.sample(DETAILS, rng.randint(1, 3)))


# Every column a lead's form may fill, in every lead: a batch is inserted in one statement.
_FORM_FIELDS = dict.fromkeys(("company", "phone", "message", "project", "budget", "country"))


def _times(rng: random.Random, count: int, now: datetime) -> list[datetime]:
    """When each lead came, oldest first, in the year before `now`: more of them lately, as a
    site's traffic grows; some at the very same second. In that order, as ids are given."""
    ages = (timedelta(seconds=int(365 * 86400 * rng.random() ** 1.5)) for _ in range(count))
    return sorted(
        (now - age).replace(microsecond=0 if rng.random() < 0.2 else rng.randrange(10**6)) for age in ages
    )


def _lead(rng: random.Random, person: dict[str, Any], created_at: datetime) -> tuple[str, dict[str, Any]]:
    """One lead (kind, columns) from `person`."""
    spam = rng.random() < 0.06
    common = {"created_at": created_at, "page": rng.choice(PAGES), "spam": spam, **person}
    roll = rng.random()
    if roll < 0.35:
        del common["company"]
        return "quote", {
            **_FORM_FIELDS,
            **common,
            "form": "quote",
            **_phone_and_country(_phone(rng)),
            "project": _text(rng, spam),
            "budget": rng.choice(BUDGETS),
        }
    form = "contact" if roll < 0.8 else "caseStudiesContact"
    optional = form == "caseStudiesContact"
    return "contact", {
        **_FORM_FIELDS,
        **common,
        "form": form,
        "company": None if optional and rng.random() < 0.3 else common["company"],
        **_phone_and_country(None if optional and rng.random() < 0.4 else _phone(rng)),
        "message": _text(rng, spam),
    }


def _visit_and_work(rng: random.Random, created_at: datetime, spam: bool, now: datetime) -> dict[str, Any]:
    """Where the visit began (a third of visitors did not allow analytics: nothing), and the sales
    team's first response, a few hours later as a rule, days at times, not yet for the newest."""
    # Every key in every lead: a batch is inserted in one statement.
    visit: dict[str, Any] = dict.fromkeys(ATTRIBUTION_KEYS)
    if rng.random() < 2 / 3:
        roll = rng.random()
        if roll < 0.3:
            source, medium = rng.choice(CAMPAIGNS)
            campaign = f"{source}-{created_at:%Y-%m}"
            visit.update(utm_source=source, utm_medium=medium, utm_campaign=campaign)
        elif roll < 0.75:
            visit["referrer_host"] = rng.choice(REFERRERS)
        visit["landing_path"] = rng.choice(LANDING_PATHS)
    answered_at = created_at + timedelta(seconds=rng.lognormvariate(9.3, 1.3))  # a median of 3 hours
    if spam or rng.random() < 0.05 or answered_at > now:
        return {**visit, "status": "new", "version": 1, "first_response_at": None}
    return {**visit, "status": rng.choice(ANSWERS), "version": 2, "first_response_at": answered_at}


def _notification(rng: random.Random, lead_id: int, created_at: datetime) -> dict[str, Any]:
    """Delivered (by e-mail, the webhook or both), or dead after its last try: never due."""
    sent = created_at + timedelta(seconds=rng.randint(1, 90))
    row = {
        "created_at": created_at,
        "lead_id": lead_id,
        "next_attempt_at": sent,
        "email_sent_at": None,
        "webhook_sent_at": None,
        "delivered_at": None,
        "last_error": None,
    }
    if rng.random() < 0.04:
        return {**row, "status": "dead", "attempts": 10, "last_error": rng.choice(ERRORS)}
    channels = rng.choice((("email", "webhook"), ("email", "webhook"), ("email",), ("webhook",)))
    for channel in channels:
        row[f"{channel}_sent_at"] = sent
    return {**row, "status": "delivered", "attempts": 1, "delivered_at": sent}


def _batches(
    count: int, rng: random.Random, work_rng: random.Random, now: datetime, people: _People
) -> Iterator[list[tuple[str, dict[str, Any]]]]:
    times = _times(rng, count, now)
    for start in range(0, count, BATCH):
        batch = []
        for serial in range(start, min(start + BATCH, count)):
            kind, lead = _lead(rng, people.sender(rng, serial), times[serial])
            # Drawn apart, so that a seed makes the same people and texts as before these came.
            work = _visit_and_work(work_rng, lead["created_at"], lead["spam"], now)
            folded = {
                "email_folded": fold_address(lead["email"]),
                "name_company_folded": fold_name_and_company(lead["name"], lead.get("company")),
            }
            batch.append((kind, {**lead, **work, **folded}))
        yield batch


def generate(count: int, seed: int | None = None) -> dict[str, int]:
    """Adds `count` made-up leads, their notifications and the team's work on them, in batches,
    committed at the end: how many of each kind, and of them spam."""
    rng, work_rng = random.Random(seed), random.Random(None if seed is None else f"work-{seed}")
    now = datetime.now(UTC)
    team, people = fake_work.team(), _People()
    lead_id = bulk_rows.next_id(Lead.__table__)
    made = {"contact": 0, "quote": 0, "spam": 0}
    for batch in _batches(count, rng, work_rng, now, people):
        leads, notifications, work = [], [], fake_work.Work()
        for kind, lead in batch:
            lead |= {"id": lead_id, **fake_work.owner_and_next_step(work_rng, lead, team.staff, now.date())}
            lead_id += 1
            leads.append(lead)
            if not lead["spam"]:
                notifications.append(_notification(rng, lead["id"], lead["created_at"]))
            fake_work.add(work, work_rng, lead, team, now)
            made[kind] += 1
            made["spam"] += lead["spam"]
        bulk_rows.write(Lead.__table__, leads)
        bulk_rows.write(OutboxMessage.__table__, notifications)
        work.write()
    fake_work.merge_people(people.merges, team, now)
    bulk_rows.ids_taken(Lead.__table__)
    db.session.commit()
    # The planner's statistics, and on PostgreSQL the visibility map, as autovacuum soon leaves a
    # real database: without it counting reads every row from the heap, not the index alone. The
    # triggers' tables too: the change journal's row of each lead, and the dashboard's days, each
    # updated by every lead of its day, would otherwise be vacuumed while the leads are read.
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        if connection.dialect.name == "postgresql":
            tables = (
                "leads",
                "outbox",
                "lead_messages",
                "lead_notes",
                "deals",
                "lead_changes",
                "dashboard_days",
            )
            for table in tables:
                connection.execute(text(f"VACUUM (ANALYZE) {table}"))
        else:
            connection.execute(text("ANALYZE"))
    return made
