"""`lead-service users ...`: the staff accounts, managed from the command line only. What a command
changes and its audit event are committed together; the audit trail names no actor for them (the
command line is nobody's account)."""

import re
from datetime import UTC, datetime

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import select

from ... import audit
from ...extensions import db
from ...models.leads import as_utc
from ...models.staff import ROLES, StaffUser
from . import invitations, security_mail, sessions, totp

# Enough to catch a slip of the hand: whoever adds staff knows their addresses.
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+$")


@click.group()
def users():
    """Staff accounts of the lead inbox."""


def _user(email: str) -> StaffUser:
    user = db.session.scalar(select(StaffUser).where(StaffUser.email == email.strip().lower()))
    if user is None:
        raise click.ClickException(f"no staff user has the e-mail address {email.strip()}")
    return user


@users.command("add")
@click.argument("email")
@click.option("--name", required=True, help="The name the inbox shows.")
@click.option("--role", type=click.Choice(ROLES), required=True, help="What they may do.")
@with_appcontext
def add_user(email, name, role):
    """Add a staff user, and print the one-time link at which they choose their password (valid
    for three days); they set up their authenticator app right after. With passwords switched off,
    no link: they sign in with the OpenID provider, by the same e-mail address."""
    email = email.strip().lower()
    if not _EMAIL.match(email):
        raise click.ClickException(f"{email} is not an e-mail address")
    if not name.strip():
        raise click.ClickException("the name is empty")
    if db.session.scalar(select(StaffUser.id).where(StaffUser.email == email)) is not None:
        raise click.ClickException(f"a staff user with the e-mail address {email} exists already")
    user = StaffUser(email=email, name=name.strip(), role=role, password_hash=invitations.unusable_password())
    db.session.add(user)
    db.session.flush()
    passwords_on = current_app.config["INBOX_PASSWORD_SIGN_IN"]
    link = invitations.issue(user) if passwords_on else None
    audit.record("user_added", None, user_id=user.id, role=role)
    db.session.commit()
    if link is None:
        click.echo(f"added {role} {email} (#{user.id}); they sign in with {_provider()} by this address")
        return
    click.echo(f"added {role} {email} (#{user.id}); give them this link, theirs alone, within three days:")
    click.echo(link)


def _provider() -> str:
    config = current_app.config
    return f"{config['INBOX_OIDC_NAME']} at {config['INBOX_URL']}/inbox/login"


@users.command("invite")
@click.argument("email")
@with_appcontext
def invite_user(email):
    """A new one-time link for a staff user who lost theirs, or their password: the password they
    had stops working and their sessions end; their authenticator app stays."""
    user = _user(email)
    if user.disabled_at is not None:
        raise click.ClickException(f"{user.email} is disabled")
    if not current_app.config["INBOX_PASSWORD_SIGN_IN"]:
        raise click.ClickException(
            f"passwords are switched off (INBOX_PASSWORD_SIGN_IN): {user.email} signs in with {_provider()}"
        )
    user.password_hash = invitations.unusable_password()
    ended = sessions.end_all(user.id)
    link = invitations.issue(user)
    audit.record("user_invited", None, user_id=user.id, sessions_ended=ended)
    security_mail.notify(user, "password_reset")
    db.session.commit()
    click.echo(f"{user.email}'s password no longer works; {ended} session(s) ended.")
    click.echo("Give them this link, theirs alone, within three days:")
    click.echo(link)


@users.command("list")
@with_appcontext
def list_users():
    """Print one line per staff user, in the order they were added."""
    rows = db.session.scalars(select(StaffUser).order_by(StaffUser.id)).all()
    for user in rows:
        enrolled = (
            "enrolled" if user.totp_secret else "invited" if invitations.pending(user) else "not enrolled"
        )
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
