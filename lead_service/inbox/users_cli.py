"""`lead-service users ...`: the staff accounts, managed from the command line only. What a command
changes and its audit event are committed together; the audit trail names no actor for them (the
command line is nobody's account)."""

import re
import sys
from datetime import UTC, datetime

import click
from flask.cli import with_appcontext
from sqlalchemy import select

from ..extensions import db
from ..models import as_utc
from . import audit, passwords, security_mail, sessions, totp
from .models import ROLES, StaffUser

password_stdin_option = click.option(
    "--password-stdin",
    is_flag=True,
    help="Read the password from the first line of standard input instead of asking for it.",
)
# Enough to catch a slip of the hand: whoever adds staff knows their addresses.
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+$")


@click.group()
def users():
    """Staff accounts of the lead inbox."""


def _new_password(from_stdin: bool) -> str:
    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    error = passwords.policy_errors(password)
    if error:
        raise click.ClickException(f"password refused: {error}")
    return password


def _user(email: str) -> StaffUser:
    user = db.session.scalar(select(StaffUser).where(StaffUser.email == email.strip().lower()))
    if user is None:
        raise click.ClickException(f"no staff user has the e-mail address {email.strip()}")
    return user


@users.command("add")
@click.argument("email")
@click.option("--name", required=True, help="The name the inbox shows.")
@click.option("--role", type=click.Choice(ROLES), required=True, help="What they may do.")
@password_stdin_option
@with_appcontext
def add_user(email, name, role, password_stdin):
    """Add a staff user; they set up their authenticator app at their first sign-in."""
    email = email.strip().lower()
    if not _EMAIL.match(email):
        raise click.ClickException(f"{email} is not an e-mail address")
    if not name.strip():
        raise click.ClickException("the name is empty")
    if db.session.scalar(select(StaffUser.id).where(StaffUser.email == email)) is not None:
        raise click.ClickException(f"a staff user with the e-mail address {email} exists already")
    password_hash = passwords.hash_password(_new_password(password_stdin))
    user = StaffUser(email=email, name=name.strip(), role=role, password_hash=password_hash)
    db.session.add(user)
    db.session.flush()
    audit.record("user_added", None, user_id=user.id, role=role)
    db.session.commit()
    click.echo(f"added {role} {email} (#{user.id}): they set up their authenticator app at first sign-in")


@users.command("list")
@with_appcontext
def list_users():
    """Print one line per staff user, in the order they were added."""
    rows = db.session.scalars(select(StaffUser).order_by(StaffUser.id)).all()
    for user in rows:
        enrolled = "enrolled" if user.totp_secret else "not enrolled"
        disabled = f"disabled {as_utc(user.disabled_at):%Y-%m-%d}" if user.disabled_at else "active"
        click.echo(f"{user.email}  {user.name}  {user.role}  {enrolled}  {disabled}")
    click.echo(f"{len(rows)} staff user(s)", err=True)


@users.command("disable")
@click.argument("email")
@with_appcontext
def disable_user(email):
    """Disable a staff user: they are signed out at once and cannot sign in again."""
    user = _user(email)
    if user.disabled_at is not None:
        click.echo(f"{user.email} was disabled already, on {as_utc(user.disabled_at):%Y-%m-%d}")
        return
    user.disabled_at = datetime.now(UTC)
    ended = sessions.end_all(user.id)
    audit.record("user_disabled", None, user_id=user.id, sessions_ended=ended)
    db.session.commit()
    click.echo(f"disabled {user.email}; {ended} session(s) ended")


@users.command("set-password")
@click.argument("email")
@password_stdin_option
@with_appcontext
def set_password(email, password_stdin):
    """Give a staff user a new password; their sessions end."""
    user = _user(email)
    user.password_hash = passwords.hash_password(_new_password(password_stdin))
    user.password_changed_at = datetime.now(UTC)
    ended = sessions.end_all(user.id)
    audit.record("password_reset", None, user_id=user.id, sessions_ended=ended)
    security_mail.notify(user, "password_reset")
    db.session.commit()
    click.echo(f"new password set for {user.email}; {ended} session(s) ended")


@users.command("reset-2fa")
@click.argument("email")
@with_appcontext
def reset_two_factor(email):
    """Forget a staff user's authenticator app and recovery codes (a lost phone): their sessions
    end, and they set the app up again at their next sign-in."""
    user = _user(email)
    totp.reset(user)
    ended = sessions.end_all(user.id)
    audit.record("two_factor_reset", None, user_id=user.id, sessions_ended=ended)
    security_mail.notify(user, "two_factor_reset")
    db.session.commit()
    click.echo(f"second factor reset for {user.email}; {ended} session(s) ended")
