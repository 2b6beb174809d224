"""Failed sign-ins slow the next tries down, counted per account and per client address.

The scheme: the failures of the last 15 minutes count. An account may fail 5 times freely; after
its n-th failure (n >= 5), the next try must wait 2^(n-5) seconds after that failure (1 s, 2 s,
4 s, ... up to at most 15 minutes). A client address (an IPv6 one by its /64) may fail 20 times, for
any accounts, before the same doubling holds it back. A try while held back is a failure too, and
is answered exactly as a wrong password is: the lock tells nobody, its owner included, anything.

An account is an HMAC of the lower-cased e-mail address under the secret key, counted whether or
not it is anyone's, so that the table neither keeps the addresses tried nor tells which are
staff's. A wrong second-factor code counts against the account as a wrong password does. A full
sign-in forgets its account's failures; an address's run out with their 15 minutes."""

import hashlib
import hmac
from datetime import UTC, datetime, timedelta

from flask import current_app
from sqlalchemy import delete, func, select

from ..config import secret_key
from ..extensions import db
from ..intake.rate_limits import client_key
from ..models import as_utc
from .models import SignInFailure

WINDOW = timedelta(minutes=15)
ACCOUNT_FREE_FAILURES = 5
CLIENT_FREE_FAILURES = 20
LONGEST_WAIT = timedelta(minutes=15)


def _now() -> datetime:
    return datetime.now(UTC)


def account_key(email: str) -> str:
    message = b"inbox-sign-in\n" + email.strip().lower().encode()
    return hmac.new(secret_key(current_app), message, hashlib.sha256).hexdigest()


def wait(failures: int, free: int) -> timedelta:
    """How long after the latest of `failures` the next try must wait."""
    if failures < free:
        return timedelta(0)
    return min(timedelta(seconds=2 ** min(failures - free, 20)), LONGEST_WAIT)


def _held_back(column, key: str, free: int, now: datetime) -> bool:
    count, latest = db.session.execute(
        select(func.count(), func.max(SignInFailure.at)).where(column == key, SignInFailure.at > now - WINDOW)
    ).one()
    return bool(count) and now < as_utc(latest) + wait(count, free)


def locked(email: str) -> bool:
    """Whether a sign-in to this account, from this client, must wait now."""
    now = _now()
    return _held_back(SignInFailure.account, account_key(email), ACCOUNT_FREE_FAILURES, now) or _held_back(
        SignInFailure.client, client_key(), CLIENT_FREE_FAILURES, now
    )


def record_failure(email: str) -> None:
    """Counts a failed try of this account from this client, and forgets those past the window
    (for the caller to commit)."""
    now = _now()
    db.session.execute(delete(SignInFailure).where(SignInFailure.at <= now - WINDOW))
    db.session.add(SignInFailure(at=now, account=account_key(email), client=client_key()))


def forget(email: str) -> None:
    """Forgets the account's failures, after a full sign-in (for the caller to commit)."""
    db.session.execute(delete(SignInFailure).where(SignInFailure.account == account_key(email)))
