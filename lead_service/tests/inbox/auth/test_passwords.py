"""Staff passwords: Argon2id, rehashed when the parameters move on, the same work for an account
that is not there, and a policy of 12 characters and none of the common ones that long."""

import os
import tomllib
from pathlib import Path

import pytest
from argon2 import PasswordHasher, extract_parameters
from argon2.low_level import Type

from lead_service.extensions import db
from lead_service.inbox.auth import passwords
from lead_service.models.staff import StaffUser

from ..conftest import PASSWORD

# The parameters themselves are what these tests are about.
pytestmark = pytest.mark.argon2_defaults

WEAK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


def test_hashes_are_argon2id_at_the_libraries_defaults():
    stored = passwords.hash_password("a long enough password")
    parameters = extract_parameters(stored)

    assert stored.startswith("$argon2id$")
    assert parameters.type is Type.ID
    assert (parameters.time_cost, parameters.memory_cost) == (
        PasswordHasher().time_cost,
        PasswordHasher().memory_cost,
    )


def test_the_right_password_verifies_and_a_wrong_one_does_not():
    stored = passwords.hash_password("a long enough password")

    assert passwords.verify(stored, "a long enough password")
    assert not passwords.verify(stored, "a long enough passworD")
    assert not passwords.verify(stored, "")
    assert passwords.renewed(stored, "a long enough password") is None  # nothing to rehash


def test_a_right_password_under_old_parameters_is_hashed_anew():
    old = WEAK.hash("a long enough password")

    assert passwords.verify(old, "a long enough password")
    renewed = passwords.renewed(old, "a long enough password")

    assert renewed is not None
    assert extract_parameters(renewed) == extract_parameters(passwords.DUMMY_HASH)
    assert passwords.verify(renewed, "a long enough password")


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_a_hash_takes_only_cpu_that_nothing_else_wants(monkeypatch):
    policies = []

    class Spy(PasswordHasher):
        def verify(self, stored, password):
            policies.append(os.sched_getscheduler(0))
            return super().verify(stored, password)

        def hash(self, password, *, salt=None):
            policies.append(os.sched_getscheduler(0))
            return super().hash(password, salt=salt)

    monkeypatch.setattr(passwords, "_hasher", Spy())

    stored = passwords.hash_password("a long enough password")
    assert passwords.verify(stored, "a long enough password")

    assert policies == [os.SCHED_IDLE, os.SCHED_IDLE]
    # The thread that asked, a request's, keeps its priority for what it does next.
    assert os.sched_getscheduler(0) == os.SCHED_OTHER


def test_a_damaged_hash_verifies_nothing():
    assert not passwords.verify("not an argon2 hash", "a long enough password")


def test_a_sign_in_keeps_the_renewed_hash_and_holds_no_connection_while_it_hashes(
    app, staff_user, password_step, monkeypatch
):
    user_id = staff_user("viewer", "a@staff.example")
    with app.app_context():
        db.session.get(StaffUser, user_id).password_hash = WEAK.hash(PASSWORD)
        db.session.commit()
        pool = db.engine.pool
    held = []

    class Spy(PasswordHasher):
        def verify(self, stored, password):
            held.append(pool.checkedout())
            return super().verify(stored, password)

        def hash(self, password, *, salt=None):
            held.append(pool.checkedout())
            return super().hash(password, salt=salt)

    monkeypatch.setattr(passwords, "_hasher", Spy())

    assert password_step("a@staff.example").status_code == 200

    # A flood of tries, each a hash long, cannot take every connection the workers share.
    assert held == [0, 0]
    with app.app_context():
        renewed = db.session.get(StaffUser, user_id).password_hash
        assert extract_parameters(renewed) == extract_parameters(passwords.DUMMY_HASH)
        assert passwords.verify(renewed, PASSWORD)


def test_without_an_account_the_dummy_hash_is_checked_at_the_same_parameters(monkeypatch):
    checked = []

    class Spy(PasswordHasher):
        def verify(self, stored, password):
            checked.append(stored)
            return super().verify(stored, password)

    monkeypatch.setattr(passwords, "_hasher", Spy())

    assert not passwords.verify(None, "a long enough password")

    assert checked == [passwords.DUMMY_HASH]
    assert not passwords._hasher.check_needs_rehash(passwords.DUMMY_HASH)


@pytest.mark.parametrize(
    ("password", "error"),
    [
        ("eleven char", "at least 12 characters"),
        ("", "at least 12 characters"),
        ("qwertyqwerty", "most common"),
        ("QwertyQwerty", "most common"),  # case does not make it another password
        ("1qaz2wsx3edc", "most common"),
        ("123456654321", "most common"),
        ("twelve chars", None),
        ("correct horse battery staple", None),
    ],
)
def test_the_policy(password, error):
    found = passwords.policy_errors(password)

    if error is None:
        assert found is None
    else:
        assert error in found


def test_the_list_of_common_passwords_is_real_and_ships_with_the_package():
    lines = passwords.COMMON_PASSWORDS.read_text(encoding="utf-8").splitlines()
    entries = lines[next(n for n, line in enumerate(lines) if not line.startswith("#")) :]
    pyproject = tomllib.loads((Path(__file__).parents[4] / "pyproject.toml").read_text())

    assert len(entries) == 44_150
    assert all(len(entry) >= passwords.MIN_LENGTH for entry in entries)  # a shorter one fails anyway
    assert entries[:3] == ["123qweasdzxc", "1qaz2wsx3edc", "q1w2e3r4t5y6"]  # most common first
    assert all(entries)
    assert any("SecLists" in line for line in lines[: len(lines) - len(entries)])  # its source, named
    assert passwords.policy_errors("#X12!gU8Mji_PrlE")  # a common one that starts like a comment
    shipped = pyproject["tool"]["setuptools"]["package-data"]["lead_service"]
    assert "inbox/auth/common-passwords.txt" in shipped
