"""The second factor: TOTP as authenticator apps expect it (RFC 6238: six digits, 30-second steps,
HMAC-SHA-1), its secret kept encrypted (Fernet, under INBOX_TOTP_KEY) so that a copy of the
database alone signs nobody in, and ten single-use recovery codes for a lost phone, kept as HMACs
under a key drawn from the same one."""

import hashlib
import hmac
import io
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pyotp
import segno
from cryptography.fernet import Fernet, InvalidToken
from flask import current_app
from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.orm.attributes import set_committed_value

from ... import content
from ...config import instance_secret
from ...extensions import db
from ...models.leads import as_utc
from ...models.staff import RecoveryCode, StaffSession, StaffUser

DIGITS = 6
STEP_SECONDS = 30
# A code of the step before or after the server's is taken too: a phone's clock drifts, and a
# person takes a few seconds to type.
VALID_WINDOW = 1
RECOVERY_CODES = 10
# Wrong codes in a row before no code is checked at all: a recovery code, or an admin's reset-2fa,
# opens the second factor again. Ten guesses in a million, in all, however slowly made.
CODE_TRIES = 10
# How long a secret shown at enrolment may be confirmed: long enough to find the app and scan it.
PENDING_SECONDS = 10 * 60
# Lower-case base32, which has no 0, 1, 8 or 9 for an o, i or l to be taken for; ten characters,
# 50 random bits, as xxxxx-xxxxx.
_RECOVERY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
# [0-9], not \d: \d takes any script's digits ("١٢٣٤٥٦"), which no app shows and compare_digest refuses.
_TOTP_CODE = re.compile(rf"^[0-9]{{{DIGITS}}}$")


@dataclass(frozen=True)
class Enrolment:
    secret: str  # base32, for typing into an app that cannot scan
    uri: str  # otpauth://, what the QR code holds
    qr_svg: str  # an <svg> element, made here from the URI


_INSTANCE_KEY = "inbox_totp_key"


def _key() -> str:
    """INBOX_TOTP_KEY, or the instance's own key, made on first use (as SECRET_KEY's is)."""
    app = current_app
    if not app.config["INBOX_TOTP_KEY"]:
        app.config["INBOX_TOTP_KEY"] = instance_secret(
            Path(app.instance_path), _INSTANCE_KEY, lambda: Fernet.generate_key().decode()
        )
    return app.config["INBOX_TOTP_KEY"]


def has_key() -> bool:
    """Whether the key is set, or kept in the instance folder already: what must not make a new one
    (a migration run without the service's settings) asks first."""
    return (
        bool(current_app.config["INBOX_TOTP_KEY"])
        or (Path(current_app.instance_path) / _INSTANCE_KEY).exists()
    )


def _fernet() -> Fernet:
    try:
        return Fernet(_key())
    except ValueError as exc:
        raise RuntimeError("INBOX_TOTP_KEY must be a Fernet key: 32 random bytes in URL-safe base64") from exc


def _totp(secret: str) -> pyotp.TOTP:
    return pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS, digest=hashlib.sha1)


def _now() -> float:
    return time.time()


def is_code(code: str) -> bool:
    """Whether what was typed looks like an app's code (else it may be a recovery code)."""
    return bool(_TOTP_CODE.match(code.replace(" ", "")))


def _pending(session: StaffSession) -> str | None:
    """The session's pending secret, while it has not lapsed and can be read."""
    made = session.totp_pending_at
    if made is None or _now() - as_utc(made).timestamp() > PENDING_SECONDS:
        return None
    # Under a key since replaced, it is unreadable: no app has it yet, so a new one will do.
    return _readable(session.totp_pending)


def begin_enrolment(user: StaffUser, session: StaffSession) -> Enrolment:
    """The secret the user is to add to their app: the one this session was shown (a reload shows
    the same) while it has not lapsed, or a new one, kept encrypted in the session alone (for the
    caller to commit)."""
    secret = _pending(session)
    if secret is None:
        secret = pyotp.random_base32()  # 160 bits, as RFC 4226 recommends
        session.totp_pending = _fernet().encrypt(secret.encode()).decode()
        session.totp_pending_at = datetime.fromtimestamp(_now(), UTC)
    uri = _totp(secret).provisioning_uri(name=user.email, issuer_name=content.load("site")["name"])
    # The quiet zone of four modules and a white ground: a phone reads it on a dark page too. With
    # its namespace, unlike segno's svg_inline: the page shows it as an image, and a browser draws
    # an SVG file (or data: URL) without one as nothing.
    svg = io.BytesIO()
    segno.make_qr(uri, error="m").save(
        svg,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        scale=5,
        border=4,
        dark="#000",
        light="#fff",
        title="QR code for your authenticator app",
    )
    return Enrolment(secret=secret, uri=uri, qr_svg=svg.getvalue().decode())


def confirm_enrolment(user: StaffUser, session: StaffSession, code: str) -> list[str] | None:
    """With a right code for the secret pending in this session, makes it the user's, and their ten
    recovery codes (any earlier ones void): the codes, to be shown once. None for a wrong code, or
    no enrolment begun in this session (or lapsed). For the caller to commit."""
    secret = _pending(session)
    if secret is None or not _accept(user, secret, code):
        return None
    user.totp_secret, session.totp_pending, session.totp_pending_at = session.totp_pending, None, None
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    codes = []
    for _ in range(RECOVERY_CODES):
        raw = "".join(secrets.choice(_RECOVERY_ALPHABET) for _ in range(10))
        db.session.add(RecoveryCode(user_id=user.id, code_hash=_recovery_hash(raw)))
        codes.append(f"{raw[:5]}-{raw[5:]}")
    return codes


def verify(user: StaffUser, code: str) -> bool:
    """Whether the code is the app's for now (a step either side taken), and of a later step than
    the last code accepted: a code is good once. For the caller to commit."""
    secret = _readable(user.totp_secret)
    if secret is None:
        if user.totp_secret:
            current_app.logger.error(
                "a TOTP secret cannot be read under INBOX_TOTP_KEY user_id=%s: reset-2fa", user.id
            )
        return False
    return _accept(user, secret, code)


def count_code_try(user: StaffUser) -> int:
    """Counts a try of a code before it is checked, in one UPDATE, so that tries at the same moment
    are each counted: how many there have been since the last right one. For the caller to commit."""
    tries = db.session.execute(
        update(StaffUser)
        .where(StaffUser.id == user.id)
        .values(totp_failures=StaffUser.totp_failures + 1)
        .returning(StaffUser.totp_failures)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    set_committed_value(user, "totp_failures", tries)
    return tries


def forget_code_tries(user: StaffUser) -> None:
    """A right code, or a recovery code: the count starts again. For the caller to commit."""
    db.session.execute(
        update(StaffUser)
        .where(StaffUser.id == user.id)
        .values(totp_failures=0)
        .execution_options(synchronize_session=False)
    )
    set_committed_value(user, "totp_failures", 0)


def _readable(stored: str | None) -> str | None:
    """A stored secret in clear; None when there is none, or it was kept under another key."""
    if not stored:
        return None
    try:
        return _fernet().decrypt(stored.encode()).decode()
    except InvalidToken:
        return None


def _accept(user: StaffUser, secret: str, code: str) -> bool:
    code = code.replace(" ", "")
    if not _TOTP_CODE.match(code):
        return False
    totp = _totp(secret)
    current = totp.timecode(_now())
    for step in range(current - VALID_WINDOW, current + VALID_WINDOW + 1):
        if secrets.compare_digest(totp.generate_otp(step), code):
            return _claim_step(user, step)
    return False


def _claim_step(user: StaffUser, step: int) -> bool:
    """Records `step` as the last one used, unless it (or a later one) already is: in one UPDATE,
    so that of two requests with the same code at the same moment, only one gets in."""
    claimed = db.session.execute(
        update(StaffUser)
        .where(StaffUser.id == user.id)
        .where(or_(StaffUser.totp_last_step.is_(None), StaffUser.totp_last_step < step))
        .values(totp_last_step=step)
        .execution_options(synchronize_session=False)
    ).rowcount
    if claimed:
        user.totp_last_step = step
    return bool(claimed)


def _normalise(code: str) -> str:
    return "".join(code.split()).replace("-", "").lower()


def _recovery_hash(code: str) -> str:
    return keyed_recovery_digest(hashlib.sha256(_normalise(code).encode()).hexdigest())


def keyed_recovery_digest(digest: str) -> str:
    """A recovery code as kept: an HMAC of its SHA-256 under a key drawn from the one the TOTP
    secrets are kept under, never in the database. A code has 50 random bits, which a copy of the
    database would give up to anyone who tried them all against a plain hash. (The SHA-256 inside
    is how codes were kept before; migration 0012 wrapped those stored so.)"""
    key = hmac.new(_key().encode(), b"inbox-recovery-codes", hashlib.sha256)
    return hmac.new(key.digest(), digest.encode(), hashlib.sha256).hexdigest()


def use_recovery_code(user: StaffUser, code: str) -> bool:
    """Whether the code is one of the user's unused recovery codes, marking it used (in one UPDATE,
    so that it is good once even for two requests at the same moment). For the caller to commit."""
    if not _normalise(code):
        return False
    used = db.session.execute(
        update(RecoveryCode)
        .where(RecoveryCode.user_id == user.id)
        .where(RecoveryCode.code_hash == _recovery_hash(code))
        .where(RecoveryCode.used_at.is_(None))
        .values(used_at=datetime.now(UTC))
        .execution_options(synchronize_session=False)
    ).rowcount
    return bool(used)


def recovery_codes_left(user: StaffUser) -> int:
    return db.session.scalar(
        select(func.count())
        .select_from(RecoveryCode)
        .where(RecoveryCode.user_id == user.id, RecoveryCode.used_at.is_(None))
    )


def reset(user: StaffUser) -> None:
    """Forgets the user's second factor and recovery codes: their next sign-in enrols again. For
    the caller to commit."""
    user.totp_secret = user.totp_last_step = None
    user.totp_failures = 0
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
