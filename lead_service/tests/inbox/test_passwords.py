"""Staff passwords: Argon2id, rehashed when the parameters move on, the same work for an account
that is not there, and a policy of 12 characters and none of the common ones that long."""

import tomllib
from pathlib import Path

import pytest
from argon2 import PasswordHasher, extract_parameters
from argon2.low_level import Type

from lead_service.inbox import passwords
from lead_service.inbox.models import StaffUser

WEAK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


def _user(password_hash: str) -> StaffUser:
    return StaffUser(email="a@staff.example", name="A", role="viewer", password_hash=password_hash)


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
    user = _user(passwords.hash_password("a long enough password"))
    stored = user.password_hash

    assert passwords.verify(user, "a long enough password")
    assert not passwords.verify(user, "a long enough passworD")
    assert not passwords.verify(user, "")
    assert user.password_hash == stored  # nothing to rehash


def test_a_right_password_under_old_parameters_is_hashed_anew():
    user = _user(WEAK.hash("a long enough password"))
    old = user.password_hash

    assert passwords.verify(user, "a long enough password")

    assert user.password_hash != old
    assert extract_parameters(user.password_hash) == extract_parameters(passwords.DUMMY_HASH)
    assert passwords.verify(user, "a long enough password")


def test_a_wrong_password_under_old_parameters_changes_nothing():
    user = _user(WEAK.hash("a long enough password"))
    old = user.password_hash

    assert not passwords.verify(user, "another long password")
    assert user.password_hash == old


def test_a_damaged_hash_verifies_nothing():
    assert not passwords.verify(_user("not an argon2 hash"), "a long enough password")


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
    pyproject = tomllib.loads((Path(__file__).parents[3] / "pyproject.toml").read_text())

    assert len(entries) == 44_150
    assert all(len(entry) >= passwords.MIN_LENGTH for entry in entries)  # a shorter one fails anyway
    assert entries[:3] == ["123qweasdzxc", "1qaz2wsx3edc", "q1w2e3r4t5y6"]  # most common first
    assert all(entries)
    assert any("SecLists" in line for line in lines[: len(lines) - len(entries)])  # its source, named
    assert passwords.policy_errors("#X12!gU8Mji_PrlE")  # a common one that starts like a comment
    assert "inbox/common-passwords.txt" in pyproject["tool"]["setuptools"]["package-data"]["lead_service"]
