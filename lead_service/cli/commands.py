"""The sales team's `leads` commands, the `outbox` worker and the `mailbox` reader and their checks,
the `profile` build, the `content` summary and the API's `openapi` document, registered on the
app's CLI with the `backup` group (backup.py) and `check-deployment` (check_deployment.py)."""

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import select

from .. import export, retention
from ..extensions import db
from ..mailbox import run as mailbox_run
from ..models.conversation import SetAsideMessage
from ..models.leads import OutboxMessage, as_utc
from ..outbox import heartbeat, queue, worker
from ..profile_pdf import build_profile_pdf
from ..retention import erasure_ledger
from ..schemas import FORMS
from . import fake_leads
from .backup import backup
from .check_deployment import check_deployment
from .content_summary import summary
from .openapi import openapi

form_option = click.option(
    "--form",
    type=click.Choice([*FORMS["forms"], "all"]),
    default="all",
    show_default=True,
    help="Which leads: those sent with one form, or every lead.",
)
since_option = click.option(
    "--since", type=click.DateTime(["%Y-%m-%d"]), help="First UTC day to include (YYYY-MM-DD)."
)
until_option = click.option(
    "--until", type=click.DateTime(["%Y-%m-%d"]), help="Last UTC day to include (YYYY-MM-DD)."
)
spam_option = click.option(
    "--include-spam", is_flag=True, help="Also the leads a bot sent (the form's honeypot was filled)."
)


def _select(form, since, until, include_spam):
    return export.leads(
        None if form == "all" else form, since and since.date(), until and until.date(), include_spam
    )


@click.group()
def leads():
    """Read the leads the site has captured."""


@leads.command("list")
@form_option
@since_option
@until_option
@spam_option
@with_appcontext
def list_leads(form, since, until, include_spam):
    """Print one line per lead, oldest first."""
    rows = _select(form, since, until, include_spam)
    for row in rows:
        click.echo(
            f"{row['created_at'][:19]}  {row['form']:<18}  #{row['id']:<5}  {row['name']}  <{row['email']}>"
        )
    click.echo(f"{len(rows)} lead(s)", err=True)


@leads.command("export")
@form_option
@since_option
@until_option
@spam_option
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="File to write (default: stdout)."
)
@with_appcontext
def export_leads(*, form, since, until, include_spam, fmt, output):
    """Export leads as CSV or JSON, to stdout or a file."""
    rows = _select(form, since, until, include_spam)
    write = export.write_csv if fmt == "csv" else export.write_json
    if output is None:
        write(rows, sys.stdout)
    else:
        # utf-8-sig for CSV, so that spreadsheet programs read names in any script correctly.
        with output.open("w", encoding="utf-8-sig" if fmt == "csv" else "utf-8", newline="") as stream:
            write(rows, stream)
        click.echo(f"{len(rows)} lead(s) written to {output}", err=True)


def _report(removed: dict[str, int], what: str) -> None:
    consent = f", {removed['consent']} cookie choice(s)" if "consent" in removed else ""
    click.echo(
        f"removed {removed['contact']} contact message(s), {removed['quote']} quote request(s){consent},"
        f" {removed['notifications']} notification(s), {removed['keys']} request key(s),"
        f" {removed['notes']} note(s) and {removed['messages']} message(s) {what}"
    )


@leads.command("erase")
@click.option("--email", required=True, help="The address whose leads are erased.")
@click.option("--yes", is_flag=True, help="Erase a merged person's other addresses too without asking.")
@with_appcontext
def erase_leads(email, yes):
    """Erase every lead sent with an e-mail address, or any address merged with it (a data-protection
    request)."""
    addresses = retention.erased_with(email)
    if len(addresses) > 1:
        # Said before anything goes: the staff merged these into one person, who is erased whole.
        click.echo(f"{email.strip()} is one of a merged person's {len(addresses)} addresses, erased as one:")
        for address in addresses:
            click.echo(f"  {address}")
        if not yes:
            click.confirm("Erase all of them?", abort=True)
    try:
        erasure = retention.erase(email)
    except erasure_ledger.LedgerError as exc:
        raise click.ClickException(str(exc)) from None
    sent_with = " or ".join(erasure.addresses) if len(erasure.addresses) > 1 else email.strip()
    _report(erasure.removed, f"sent with {sent_with}")
    if erasure.erased_before:
        click.echo(f"this address was erased before, last on {erasure.erased_before:%Y-%m-%d %H:%M} UTC")


@leads.command("purge")
@click.option(
    "--older-than",
    "days",
    type=click.IntRange(min=1),
    help="Age in days; default: LEAD_RETENTION_DAYS.",
)
@with_appcontext
def purge_leads(days):
    """Remove the leads and cookie choices older than the retention period."""
    days = days or current_app.config["LEAD_RETENTION_DAYS"]
    if not days:
        raise click.UsageError("Give --older-than DAYS or set LEAD_RETENTION_DAYS.")
    before = datetime.now(UTC) - timedelta(days=days)
    _report(retention.purge(before), f"older than {days} days (before {before:%Y-%m-%d %H:%M} UTC)")


@leads.command("fake")
@click.option("--count", type=click.IntRange(min=1, max=1_000_000), required=True, help="How many leads.")
@click.option("--seed", type=int, help="The same seed makes the same leads (their times aside).")
@with_appcontext
def fake_leads_command(count, seed):
    """Add made-up leads for development and the bench (a test database only)."""
    if not fake_leads.allowed(db.engine.url):
        raise click.UsageError(
            "Made-up leads go only into a local SQLite file or a PostgreSQL database whose name"
            " contains 'test': this one may hold real leads."
        )
    made = fake_leads.generate(count, seed)
    click.echo(
        f"added {made['contact']} contact message(s) and {made['quote']} quote request(s),"
        f" {made['spam']} of them spam"
    )


def _beats(name: str, what: str) -> None:
    """Exits 1 unless the heartbeat `name` (this host's) is within OUTBOX_STALE_SECONDS."""
    state, age = heartbeat.this_host(name)
    limit = current_app.config["OUTBOX_STALE_SECONDS"]
    if state == "none":
        raise click.ClickException(f"no {what} has run on {heartbeat.HOST}")
    if state == "stale":
        raise click.ClickException(
            f"the {what} is silent: its last heartbeat was {age:.0f} s ago (over {limit:g} s)"
        )
    click.echo(f"the {what} beats: its last heartbeat was {age:.1f} s ago")


@click.group("outbox")
def outbox_commands():
    """The sales team's notifications of new leads, and staff's e-mails."""


@outbox_commands.command("run")
@with_appcontext
def run_outbox():
    """Deliver notifications as leads come in, until stopped (SIGTERM or Ctrl-C)."""
    worker.run()


@outbox_commands.command("health")
@with_appcontext
def outbox_health():
    """Exit 0 while this host's worker beats (within OUTBOX_STALE_SECONDS), 1 when it is silent or
    never ran: the worker container's health check."""
    _beats(heartbeat.HOST, "outbox worker")


@click.group("mailbox")
def mailbox_commands():
    """The leads' answers, read from the sales mailbox (IMAP_HOST)."""


@mailbox_commands.command("run")
@with_appcontext
def run_mailbox():
    """Read the sales mailbox every IMAP_POLL_SECONDS, until stopped (SIGTERM or Ctrl-C)."""
    mailbox_run.run()


@mailbox_commands.command("health")
@with_appcontext
def mailbox_health():
    """Exit 0 while this host's mailbox reader beats (within OUTBOX_STALE_SECONDS), 1 when it is
    silent or never ran: the reader container's health check."""
    _beats(heartbeat.MAILBOX, "mailbox reader")


@mailbox_commands.command("unfiled")
@with_appcontext
def mailbox_unfiled():
    """List the messages answering a lead that could not be filed and wait for an admin (the inbox's
    Not filed page), oldest first, with why each was set aside."""
    waiting = db.session.scalars(
        select(SetAsideMessage).where(SetAsideMessage.resolved_at.is_(None)).order_by(SetAsideMessage.id)
    ).all()
    for row in waiting:
        lead = f"lead {row.lead_id}" if row.lead_id else "no lead"
        click.echo(
            f"{row.id}\t{as_utc(row.received_at):%Y-%m-%d %H:%M}\tuid {row.uid}\t{lead}\t"
            f"{row.sender or '(no sender)'}\t{row.subject or '(no subject)'}\t{row.reason}"
        )
    click.echo(f"{len(waiting)} message(s) not filed", err=True)


@outbox_commands.command("list")
@click.option("--status", type=click.Choice([*queue.STATUSES, "all"]), default="all", show_default=True)
@with_appcontext
def list_outbox(status):
    """Print one line per notification, oldest first."""
    query = select(OutboxMessage).order_by(OutboxMessage.id)
    if status != "all":
        query = query.where(OutboxMessage.status == status)
    rows = db.session.scalars(query).all()
    for row in rows:
        due = f"next {as_utc(row.next_attempt_at):%Y-%m-%d %H:%M:%S}" if row.status == "pending" else ""
        click.echo(
            f"#{row.id:<5}  {row.status:<9}  {_told_of(row)}  tries {row.attempts:<2}  "
            f"{due}  {row.last_error or ''}".rstrip()
        )
    click.echo(f"{len(rows)} notification(s)", err=True)


def _told_of(row: OutboxMessage) -> str:
    """Its lead, or for a security notice, which names none, the staff user and the event."""
    if row.lead_id is None:
        return f"user #{row.recipient_id:<5}  {row.event}"
    return f"lead #{row.lead_id:<5}"


@outbox_commands.command("retry")
@click.argument("ids", nargs=-1, type=int)
@with_appcontext
def retry_outbox(ids):
    """Send the given notifications again from a first try; with no id, every dead one."""
    click.echo(f"re-queued {queue.requeue(ids)} notification(s)")


@click.group()
def profile():
    """The company-profile PDF."""


@profile.command("build")
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Default: PROFILE_PDF_PATH."
)
@with_appcontext
def build_profile(output):
    """Build the company-profile PDF from shared_content/."""
    path = build_profile_pdf(output or Path(current_app.config["PROFILE_PDF_PATH"]))
    click.echo(f"company profile written to {path}")


@click.group()
def content():
    """The site content in shared_content/."""


@content.command("summary")
def content_summary():
    """Validate every content file and print its titles and counts."""
    click.echo(json.dumps(summary(), indent=2, ensure_ascii=False, default=sorted))


def init_app(app: Flask) -> None:
    app.cli.add_command(leads)
    app.cli.add_command(outbox_commands)
    app.cli.add_command(mailbox_commands)
    app.cli.add_command(profile)
    app.cli.add_command(content)
    app.cli.add_command(openapi)
    app.cli.add_command(backup)
    app.cli.add_command(check_deployment)
