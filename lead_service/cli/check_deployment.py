"""`lead-service check-deployment URL`: after a deployment, proves it takes a lead end to end. It
sends a lead through the public site at URL, marked as the check's by a Deployment-Check header
signed with SECRET_KEY (intake/deployment_check.py), sees it stored and queued, sees a worker take
it, then looks at the rest: the mailbox reader's heartbeat, the inbox's origin (answering, and
refusing without a session), the metrics endpoints given. It deletes its lead whatever happened,
prints each step, and exits 1 naming the first that failed. docs/operations.md "After a deployment"
says when to run it."""

import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import click
import requests
from flask import current_app
from flask.cli import with_appcontext
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError

from .. import retention
from ..config import secret_key
from ..extensions import db
from ..intake import deployment_check
from ..models.leads import Lead, OutboxMessage
from ..outbox import heartbeat

# Each request's bound: a deployment that takes longer to answer one is not working.
TIMEOUT_SECONDS = 10
# How often the worker's progress is read while it is waited for.
POLL_SECONDS = 0.5
CLOCKS_DIFFER = timedelta(minutes=10)
CHECK_LEAD = {
    "name": "Deployment check",
    "company": "lead-service check-deployment",
    "email": "deployment-check@example.com",
    "phone": "+44 20 7946 0000",  # a number kept for drama and examples
}


class Failed(Exception):
    """The step failed: what went wrong."""


class Skipped(Exception):
    """The step does not apply to this deployment: why."""


class _Web:
    """HTTP to the deployment, each answer read whole and bounded in time; with `via` (HOST:PORT),
    every request goes to that address, with the URL's host name as its Host, as a check from
    inside compose reaches nginx."""

    def __init__(self, via: str | None) -> None:
        self.via = via
        self.session = requests.Session()

    def call(self, method: str, url: str, **options: Any) -> requests.Response:
        headers = dict(options.pop("headers", {}))
        if self.via:
            parts = urlsplit(url)
            headers["Host"] = parts.netloc
            url = urlunsplit(("http", self.via, parts.path or "/", parts.query, ""))
        try:
            # No redirect followed: the answer of the address asked for is the one checked.
            return self.session.request(
                method, url, headers=headers, timeout=TIMEOUT_SECONDS, allow_redirects=False, **options
            )
        except requests.RequestException as exc:
            raise Failed(f"{method} {url}: {type(exc).__name__}") from None


def _expect(answer: requests.Response, status: int) -> requests.Response:
    if answer.status_code != status:
        raise Failed(f"{answer.request.method} {answer.url} answered {answer.status_code}, not {status}")
    return answer


def _json(answer: requests.Response) -> dict[str, Any]:
    try:
        found = answer.json()
    except ValueError:
        found = None
    if not isinstance(found, dict):
        raise Failed(f"{answer.request.method} {answer.url} answered no JSON object")
    return found


class Check:
    def __init__(
        self, url: str, inbox_url: str, via: str | None, metrics: tuple[str, ...], wait: float
    ) -> None:
        self.url, self.inbox_url = url.rstrip("/"), inbox_url.rstrip("/")
        self.web, self.metrics, self.wait = _Web(via), metrics, wait
        self.lead_id: int | None = None
        self.sent = False
        self.began = datetime.now(UTC)
        # Its own token: the lead is found by it, and deleted by it, even when no answer named it.
        sent = f"{self.began:%Y-%m-%d %H:%M:%S} UTC"
        self.message = f"Sent by lead-service check-deployment at {sent}, check {uuid.uuid4().hex}."

    def steps(self) -> list[tuple[str, Callable[[], str]]]:
        return [
            ("site", self.site),
            ("lead", self.lead),
            ("stored", self.stored),
            ("queued", self.queued),
            ("worker", self.worker),
            ("mailbox", self.mailbox),
            ("inbox", self.inbox),
            ("metrics", self.metrics_answer),
        ]

    def run(self) -> str | None:
        """Every step in turn until one fails, then the check's lead deleted: the failed step's name."""
        failed = None
        try:
            for name, step in self.steps():
                if not _said(name, step):
                    failed = name
                    break
        finally:
            if self.sent and not _said("erase", self.erase):
                failed = failed or "erase"
        return failed

    def site(self) -> str:
        answer = _expect(self.web.call("GET", f"{self.url}/"), 200)
        if not answer.headers.get("Content-Type", "").startswith("text/html"):
            raise Failed(f"{self.url}/ answered {answer.headers.get('Content-Type')}, not a page")
        return f"{self.url}/ answered 200"

    def lead(self) -> str:
        self.sent = True  # from here on, a lead of the check's may be stored: it is erased at the end
        answer = self.web.call(
            "POST",
            f"{self.url}/api/contact",
            json={**CHECK_LEAD, "message": self.message},
            headers={deployment_check.HEADER: deployment_check.token(secret_key(current_app))},
        )
        lead_id = _json(_expect(answer, 201)).get("id")
        if not isinstance(lead_id, int):
            raise Failed(f"{answer.url} answered 201 without the lead's id")
        self.lead_id = lead_id
        return f"sent through the site: lead {self.lead_id}"

    def stored(self) -> str:
        db.session.rollback()  # a fresh read, not an earlier one's snapshot
        message = db.session.scalar(select(Lead.message).where(Lead.id == self.lead_id))
        if message != self.message:
            raise Failed(f"lead {self.lead_id} is not in this service's database (DATABASE_URL)")
        return f"lead {self.lead_id} is in the database"

    def _notification(self) -> OutboxMessage | None:
        db.session.rollback()
        return db.session.scalar(select(OutboxMessage).where(OutboxMessage.lead_id == self.lead_id))

    def queued(self) -> str:
        notification = self._notification()
        if notification is None:
            raise Failed(f"lead {self.lead_id} has no notification in the outbox")
        if notification.purpose != OutboxMessage.CHECK:
            raise Failed(
                f"lead {self.lead_id} was taken as a visitor's: the {deployment_check.HEADER} header did not"
                " reach the lead service (a proxy between drops it)"
            )
        return "its notification is in the outbox, as the check's"

    def worker(self) -> str:
        began = time.monotonic()
        while (notification := self._notification()) is not None and notification.status != "delivered":
            if time.monotonic() - began > self.wait:
                newest = _beat(heartbeat.newest())
                raise Failed(f"no outbox worker took it within {self.wait:g} s (the newest {newest})")
            time.sleep(POLL_SECONDS)
        if notification is None:
            raise Failed(f"lead {self.lead_id}'s notification went from the outbox untaken")
        return f"an outbox worker took it in {time.monotonic() - began:.1f} s"

    def mailbox(self) -> str:
        db.session.rollback()
        pulse = heartbeat.newest(readers=True)
        if pulse.state == "none" and not current_app.config["IMAP_HOST"]:
            raise Skipped("no mailbox reader has run here, and IMAP_HOST is not set")
        if pulse.state != "ok":
            raise Failed(f"no mailbox reader is alive (the newest {_beat(pulse)})")
        return f"a mailbox reader beat {pulse.age_seconds:.0f} s ago"

    def inbox(self) -> str:
        _expect(self.web.call("GET", f"{self.inbox_url}/inbox/login"), 200)
        _expect(self.web.call("GET", f"{self.inbox_url}/api/inbox/leads"), 401)
        _expect(self.web.call("GET", f"{self.url}/api/inbox/leads"), 404)
        return f"{self.inbox_url}/inbox/login answers; its API refuses without a session; the site has none"

    def metrics_answer(self) -> str:
        if not self.metrics:
            raise Skipped("no --metrics given")
        for url in self.metrics:
            answer = _expect(self.web.call("GET", url), 200)
            try:
                samples = {
                    sample.name: sample.value
                    for family in text_string_to_metric_families(answer.text)
                    for sample in family.samples
                }
            except ValueError:
                raise Failed(f"{url} is not Prometheus's text format") from None
            if samples.get("lead_database_up", 1) != 1:
                raise Failed(f"{url} says lead_database_up {samples['lead_database_up']:g}")
        return f"{len(self.metrics)} endpoint(s) answer"

    def erase(self) -> str:
        if db.session.get_bind().dialect.name == "postgresql":
            # A worker stuck while it holds the notification's row would hold the check too.
            db.session.execute(text("SET LOCAL lock_timeout = '10s'"))
        # The service's clock, not this one's, stamped the lead: a margin for the two to differ.
        gone = retention.remove_deployment_check(self.message, self.began - CLOCKS_DIFFER)
        return "the check's lead deleted" if gone else "no lead of the check's is stored"


def _beat(pulse: heartbeat.Pulse) -> str:
    return "never beat" if pulse.age_seconds is None else f"last beat {pulse.age_seconds:.0f} s ago"


def _said(name: str, step: Callable[[], str]) -> bool:
    """Runs the step and prints how it went: whether it did not fail."""
    try:
        click.echo(f"  ok    {name:<8} {step()}")
    except Skipped as exc:
        click.echo(f"  skip  {name:<8} {exc}")
    except Failed as exc:
        click.echo(f"  FAIL  {name:<8} {exc}")
        return False
    except SQLAlchemyError as exc:
        db.session.rollback()
        click.echo(f"  FAIL  {name:<8} the database (DATABASE_URL) did not answer: {type(exc).__name__}")
        return False
    return True


@click.command("check-deployment")
@click.argument("url")
@click.option("--inbox", "inbox_url", help="The inbox's origin.  [default: INBOX_URL]")
@click.option(
    "--via",
    metavar="HOST:PORT",
    help="Send every request to this address, with the URLs' host names (from inside compose, proxy:8080).",
)
@click.option("--metrics", multiple=True, metavar="URL", help="A metrics endpoint to read (again for more).")
@click.option(
    "--wait",
    type=click.FloatRange(min=1, max=600),
    default=30,
    show_default=True,
    help="Seconds an outbox worker has to take the check's notification.",
)
@with_appcontext
def check_deployment(url, inbox_url, via, metrics, wait):
    """Send a lead marked as a check through the site at URL, see it through, and delete it."""
    click.echo(f"Checking the deployment at {url}")
    failed = Check(url, inbox_url or current_app.config["INBOX_URL"], via, metrics, wait).run()
    if failed:
        raise click.ClickException(f'the deployment check failed at "{failed}"')
    click.echo("The deployment works.")
