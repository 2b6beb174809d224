"""Failed sign-ins hold the next tries back: per account and per client address for a browser that
has not signed in to the account before, per device for one that has (OWASP's device cookies), so
that a stranger's wrong passwords keep the stranger out, not the account's owner.

The scheme: the failures of the last 15 minutes count. An account may fail 5 times freely; after
its n-th failure (n >= 5), the next try must wait 2^(n-5) seconds after that failure (1 s, 2 s,
4 s, ... up to at most 15 minutes). A client address (an IPv6 one by its /64) may fail 20 times, for
any accounts, before the same doubling holds it back. A browser with the account's device cookie
(given at each full sign-in) is held back only by its own failures, 5 free and then the same
doubling: neither the account's nor its address's count it.

A try is counted when it arrives, before its password is checked, in a row of its own (so that
tries at the same moment are all counted), unless it arrives held back: such a try is not counted
again, no password is checked for it, and it is answered after a fixed delay as a wrong password
is. Of tries that arrive together, those past the free ones are counted and refused unchecked, as
they would have been one after the other. A right password takes its try back; a full sign-in
forgets the account's failures, or the device's.

An account is an HMAC of the lower-cased e-mail address under the secret key, counted whether or
not it is anyone's, so that the table neither keeps the addresses tried nor tells which are
staff's."""

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import Response, current_app, request
from sqlalchemy import and_, delete, func, select, text, update

from ... import content
from ...config import secret_key
from ...extensions import db
from ...intake.rate_limits import client_key
from ...models.leads import as_utc
from ...models.staff import SignInFailure

WINDOW = timedelta(minutes=15)
ACCOUNT_FREE_FAILURES = 5
CLIENT_FREE_FAILURES = 20
DEVICE_FREE_FAILURES = 5
LONGEST_WAIT = timedelta(minutes=15)
# How long a try made while held back waits for its answer, with no password checked: about what a
# check takes, so that a held-back attacker's loop runs no faster than a checked one.
HELD_BACK_SECONDS = 0.25

# PostgreSQL's advisory lock under which tries are counted, one at a time (any constant of our own).
_COUNTING_LOCK = 0x1B0C_5161

DEVICE_COOKIE = content.load("inbox")["cookies"]["device"]
DEVICE_DAYS = 180


def _now() -> datetime:
    return datetime.now(UTC)


def _mac(message: bytes) -> str:
    return hmac.new(secret_key(current_app), message, hashlib.sha256).hexdigest()


def account_key(email: str) -> str:
    return _mac(b"inbox-sign-in\n" + email.strip().lower().encode())


def wait(failures: int, free: int) -> timedelta:
    """How long after the latest of `failures` the next try must wait."""
    if failures < free:
        return timedelta(0)
    return min(timedelta(seconds=2 ** min(failures - free, 20)), LONGEST_WAIT)


def hold_back() -> None:
    """The fixed wait of a try whose password is not checked."""
    time.sleep(HELD_BACK_SECONDS)


def _device_mac(nonce: str, account: str) -> str:
    return _mac(b"inbox-device\n" + nonce.encode() + b"\n" + account.encode())


def device_cookie(email: str) -> str:
    """A new device cookie's value for the account: a random nonce, the account, and their MAC."""
    nonce, account = secrets.token_urlsafe(16), account_key(email)
    return f"{nonce}.{account}.{_device_mac(nonce, account)}"


def set_device_cookie(response: Response, email: str) -> None:
    response.set_cookie(
        DEVICE_COOKIE,
        device_cookie(email),
        max_age=DEVICE_DAYS * 24 * 3600,
        path="/",
        secure=True,
        httponly=True,
        samesite="Strict",
    )


def _device_cookie() -> tuple[str, str] | None:
    """This browser's device cookie, when the service made it: (nonce, account)."""
    nonce, _, rest = request.cookies.get(DEVICE_COOKIE, "").partition(".")
    account, _, mac = rest.partition(".")
    if not (nonce and account and mac):
        return None
    if not hmac.compare_digest(mac, _device_mac(nonce, account)):
        return None
    return nonce, account


def has_device_cookie() -> bool:
    """Whether this browser has signed in to some account before (for the rate limit's exemption)."""
    return _device_cookie() is not None


def device(email: str) -> str | None:
    """The device this browser is to the account, when it has signed in to it before: the key its
    failures are counted under (a hash of the cookie's nonce, not the nonce)."""
    cookie = _device_cookie()
    if cookie is None or not hmac.compare_digest(cookie[1], account_key(email)):
        return None
    return hashlib.sha256(cookie[0].encode()).hexdigest()


@dataclass(frozen=True)
class Try:
    """A sign-in try, as the throttle took it: the row that counts it (none when it was held back),
    and whether its password may be checked."""

    counted: int | None
    check: bool


def _scopes(account: str, client: str, device_key: str | None):
    """What the try is counted in, each with its free failures."""
    if device_key:
        return [(SignInFailure.device == device_key, DEVICE_FREE_FAILURES)]
    untrusted = SignInFailure.device.is_(None)
    return [
        (and_(untrusted, SignInFailure.account == account), ACCOUNT_FREE_FAILURES),
        (and_(untrusted, SignInFailure.client == client), CLIENT_FREE_FAILURES),
    ]


def _held_back(scope, free: int, now: datetime, *conditions) -> bool:
    count, latest = db.session.execute(
        select(func.count(), func.max(SignInFailure.at)).where(
            scope, SignInFailure.at > now - WINDOW, *conditions
        )
    ).one()
    return count >= free and now < as_utc(latest) + wait(count, free)


def begin(email: str, device_key: str | None) -> Try:
    """Takes a try at this account from this client (and device): not counted when held back by the
    failures settled so far; else counted, and committed, before anything is checked, so that
    every try after it sees it. Ends its transaction either way: the wait or the password check
    that follows holds no database connection."""
    now, account, client = _now(), account_key(email), client_key()
    scopes = _scopes(account, client, device_key)
    if any(_held_back(scope, free, now, SignInFailure.settled) for scope, free in scopes):
        db.session.commit()
        return Try(counted=None, check=False)
    if db.session.get_bind().dialect.name == "postgresql":
        # Tries counted one at a time, each committed before the next takes its id: a try never sees
        # an earlier one uncommitted, and so miscounts none before it. (SQLite's one writer at a time
        # does the same by itself.)
        db.session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _COUNTING_LOCK})
    db.session.execute(delete(SignInFailure).where(SignInFailure.at <= now - WINDOW))
    row = SignInFailure(at=now, account=account, client=client, device=device_key, settled=False)
    db.session.add(row)
    db.session.commit()
    counted = row.id
    # The tries before this one, settled or still being checked: past the free ones, it waits too.
    check = not any(_held_back(scope, free, now, SignInFailure.id < counted) for scope, free in scopes)
    db.session.commit()
    return Try(counted=counted, check=check)


def failed(attempt: Try) -> None:
    """The try was wrong: its count stands (for the caller to commit)."""
    if attempt.counted is not None:
        db.session.execute(
            update(SignInFailure).where(SignInFailure.id == attempt.counted).values(settled=True)
        )


def locks_account(attempt: Try) -> bool:
    """Whether the failed try is the one that makes its account wait: the account's
    ACCOUNT_FREE_FAILURES-th counted failure of the window from browsers without its device cookie.
    Of tries at the same moment, one at most is: each has a place of its own in the count."""
    if attempt.counted is None:
        return False
    row = db.session.get(SignInFailure, attempt.counted)
    if row is None or row.device is not None:
        return False
    place = db.session.scalar(
        select(func.count()).where(
            SignInFailure.device.is_(None),
            SignInFailure.account == row.account,
            SignInFailure.at > as_utc(row.at) - WINDOW,
            SignInFailure.id <= row.id,
        )
    )
    return place == ACCOUNT_FREE_FAILURES


def take_back(attempt: Try) -> None:
    """The try was right, or not answered: it does not count (for the caller to commit)."""
    if attempt.counted is not None:
        db.session.execute(delete(SignInFailure).where(SignInFailure.id == attempt.counted))


def forget(email: str, device_key: str | None) -> None:
    """Forgets the account's failures, and this device's, after a full sign-in (for the caller to
    commit)."""
    forgotten = and_(SignInFailure.device.is_(None), SignInFailure.account == account_key(email))
    if device_key:
        forgotten = forgotten | (SignInFailure.device == device_key)
    db.session.execute(delete(SignInFailure).where(forgotten))
