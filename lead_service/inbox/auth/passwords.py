"""Staff passwords: hashed with Argon2id at argon2-cffi's defaults (RFC 9106's choice for most
uses), and hashed again at sign-in when those defaults have moved on; at least inbox.json's
minPasswordLength characters (the invitation page's field says so too), and none of the common
ones that long (common-passwords.txt, whose header says where it comes from).

Each hash runs on a thread of its own at the lowest CPU priority there is: it takes only CPU that
nothing else wants, so that a flood of sign-ins slows the sign-ins and never a lead, nor the
request that holds the database's write lock meanwhile."""

import os
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import Flask, current_app
from marshmallow import ValidationError

from ... import content
from ...schemas import characters

T = TypeVar("T")

MIN_LENGTH = content.load("inbox")["limits"]["minPasswordLength"]
COMMON_PASSWORDS = Path(__file__).with_name("common-passwords.txt")

_hasher = PasswordHasher()

# Checked instead when there is no account to check, or it may not sign in now: the answer then
# takes as long as a wrong password's, so its time does not tell which addresses are staff's.
DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(32))


class Busy(Exception):
    """Every password check slot of this process is taken."""


@contextmanager
def check_slot():
    """One of the process's INBOX_HASH_SLOTS for a password check, or Busy at once."""
    slots = current_app.extensions["inbox_hash_slots"]
    if not slots.acquire(blocking=False):
        raise Busy
    try:
        yield
    finally:
        slots.release()


def _lowest_priority() -> None:
    """Puts the hash thread, and the threads Argon2 starts from it, under SCHED_IDLE (Linux's; any
    process may lower its own threads to it, never raise them back)."""
    if hasattr(os, "SCHED_IDLE"):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def init_app(app: Flask) -> None:
    app.extensions["inbox_hash_slots"] = threading.BoundedSemaphore(app.config["INBOX_HASH_SLOTS"])


def _hashed(work: Callable[..., T], *args: str) -> T:
    """`work(*args)` on a thread of its own at the lowest priority, waited for (a thread's start
    is some microseconds; a hash, a tenth of a second)."""
    with ThreadPoolExecutor(1, thread_name_prefix="password-hash", initializer=_lowest_priority) as thread:
        return thread.submit(work, *args).result()


def hash_password(password: str) -> str:
    return _hashed(_hasher.hash, password)


def verify(stored: str | None, password: str) -> bool:
    """Whether `password` is the one `stored` is the hash of (always False, in the same time,
    without a hash)."""
    try:
        return _hashed(_hasher.verify, stored or DUMMY_HASH, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def renewed(stored: str, password: str) -> str | None:
    """A new hash of the right `password` when `stored` has older parameters than today's."""
    return hash_password(password) if _hasher.check_needs_rehash(stored) else None


@cache
def _common() -> frozenset[str]:
    """The list without its header, the comment lines at its top (a password may start with #)."""
    lines = COMMON_PASSWORDS.read_text(encoding="utf-8").splitlines()
    header = next(n for n, line in enumerate(lines) if not line.startswith("#"))
    return frozenset(line.lower() for line in lines[header:] if line)


def policy_errors(password: str) -> str | None:
    """Why the password may not be used, or None when it may."""
    if len(password) < MIN_LENGTH:
        return f"A password needs at least {MIN_LENGTH} characters."
    try:
        characters({"type": "text"})(password)  # as the sign-in checks it
    except ValidationError:
        return "A password cannot hold control characters, line breaks or direction marks."
    if password.lower() in _common():
        return "This password is one of the most common ones, the first an attacker tries: choose another."
    return None


def allowed(password: str) -> None:
    """The policy as a field's validator: a ValidationError with its reason."""
    error = policy_errors(password)
    if error:
        raise ValidationError(error)
