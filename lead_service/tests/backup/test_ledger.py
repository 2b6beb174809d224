"""The erasure ledger: each erasure appends its address's keyed hash, synced, before it commits, to
a file readable by its owner only that starts with a check of SECRET_KEY; an erasure whose line
cannot be written erases nothing, and a ledger under another key takes no line and is refused. Each
line carries a MAC that covers the line before it: a ledger edited by hand is refused by a reading
and by the next erasure, naming the line; one from before the MACs is refused until signed, once."""

import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from lead_service.extensions import db
from lead_service.models.leads import Lead
from lead_service.models.staff import AuditEvent
from lead_service.retention import address_hash, erasure_ledger

from ..audit_cleanup import clear_audit_trail
from .conftest import LEDGER_EDITS, edit_ledger


@pytest.fixture
def ledger(app, client, tmp_path, monkeypatch):
    path = tmp_path / "backups" / "erasures.jsonl"
    monkeypatch.setitem(app.config, "ERASURE_LEDGER_PATH", str(path))
    yield path
    with app.app_context():
        clear_audit_trail()
        db.session.commit()


def _lead(app, email: str) -> None:
    with app.app_context():
        db.session.add(Lead(form="contact", name="Lead", email=email, message="Hello"))
        db.session.commit()


def _kept(app) -> tuple[list[str], list[str]]:
    """The leads' addresses, and the audit trail's actions."""
    with app.app_context():
        return (
            db.session.scalars(select(Lead.email).order_by(Lead.id)).all(),
            db.session.scalars(select(AuditEvent.action)).all(),
        )


def test_each_erasure_is_on_the_ledger_by_its_hash(app, runner, ledger):
    _lead(app, "Mina@Harbor.io")

    assert runner.invoke(args=["leads", "erase", "--email", "mina@harbor.io"]).exit_code == 0
    # Finding nobody is an erasure too.
    assert runner.invoke(args=["leads", "erase", "--email", "never@harbor.io"]).exit_code == 0

    first, *lines = [json.loads(line) for line in ledger.read_text().splitlines()]
    with app.app_context():
        hashes = [address_hash("MINA@harbor.io"), address_hash("never@harbor.io")]
        read = erasure_ledger.read()
        trail = db.session.scalars(select(AuditEvent.detail).where(AuditEvent.action == "erase")).all()
    assert first == {"key_check": first["key_check"], "version": 2} and len(first["key_check"]) == 64
    assert all(len(line["mac"]) == 64 for line in lines) and lines[0]["mac"] != lines[1]["mac"]
    assert (
        [line["address_hash"] for line in lines] == hashes == [json.loads(d)["address_hash"] for d in trail]
    )
    now = datetime.now(UTC)
    assert all(now - timedelta(minutes=1) < datetime.fromisoformat(line["at"]) <= now for line in lines)
    assert set(read.erased) == set(hashes) and read.unreadable == 0
    assert ledger.stat().st_mode & 0o777 == 0o600 and ledger.parent.stat().st_mode & 0o777 == 0o700
    assert "harbor" not in ledger.read_text()


def test_an_erasure_the_ledger_cannot_take_erases_nothing(app, runner, ledger, tmp_path, monkeypatch):
    _lead(app, "mina@harbor.io")
    (tmp_path / "not-a-folder").write_text("")
    monkeypatch.setitem(app.config, "ERASURE_LEDGER_PATH", str(tmp_path / "not-a-folder" / "erasures.jsonl"))

    result = runner.invoke(args=["leads", "erase", "--email", "mina@harbor.io"])

    assert result.exit_code == 1
    assert "cannot be written" in result.output and "nothing was erased" in result.output
    assert _kept(app) == (["mina@harbor.io"], [])


def test_a_ledger_under_another_secret_key_takes_no_line_and_is_refused(app, runner, ledger, monkeypatch):
    _lead(app, "mina@harbor.io")
    monkeypatch.setitem(app.config, "SECRET_KEY", "a" * 64)
    assert runner.invoke(args=["leads", "erase", "--email", "someone@harbor.io"]).exit_code == 0
    written = ledger.read_text()
    monkeypatch.setitem(app.config, "SECRET_KEY", "b" * 64)

    result = runner.invoke(args=["leads", "erase", "--email", "mina@harbor.io"])

    assert result.exit_code == 1 and "was written under another SECRET_KEY" in result.output
    assert ledger.read_text() == written
    assert _kept(app) == (["mina@harbor.io"], ["erase"])
    with app.app_context(), pytest.raises(erasure_ledger.LedgerError, match="another SECRET_KEY"):
        erasure_ledger.read()


def test_a_line_cut_short_by_a_crash_stays_alone_and_is_passed_over(app, runner, ledger):
    with app.app_context():
        erasure_ledger.ensure()
        digest = address_hash("mina@harbor.io")
    with ledger.open("a") as file:
        file.write('{"address_hash": "0123')  # the write a crash cut short: that erasure never committed

    assert runner.invoke(args=["leads", "erase", "--email", "mina@harbor.io"]).exit_code == 0

    assert ledger.read_text().splitlines()[1] == '{"address_hash": "0123'
    with app.app_context():
        read = erasure_ledger.read()
    assert list(read.erased) == [digest] and read.unreadable == 1


def _erased_once(app, runner, email: str = "mina@harbor.io") -> None:
    _lead(app, email)
    assert runner.invoke(args=["leads", "erase", "--email", email]).exit_code == 0


@pytest.mark.parametrize("edit", LEDGER_EDITS)
def test_a_ledger_edited_by_hand_is_refused_naming_the_line(app, runner, ledger, edit):
    _erased_once(app, runner)
    change, line = LEDGER_EDITS[edit]
    edit_ledger(ledger, change)
    edited = ledger.read_text()
    _lead(app, "later@harbor.io")

    with app.app_context(), pytest.raises(erasure_ledger.LedgerError) as refused:
        erasure_ledger.read()
    erasure = runner.invoke(args=["leads", "erase", "--email", "later@harbor.io"])

    assert str(refused.value).startswith(f"line {line} of the erasure ledger {ledger} ")
    assert "has been edited since the service wrote it" in str(refused.value)
    # Nor does the next erasure go on from a ledger a restore would refuse: it erases nothing.
    assert erasure.exit_code == 1 and f"line {line} of the erasure ledger" in erasure.output
    assert ledger.read_text() == edited and _kept(app) == (["later@harbor.io"], ["erase"])


def _made_up_mac(lines: list[str]) -> list[str]:
    entry = json.loads(lines[2])
    return [*lines[:2], json.dumps({**entry, "mac": "0" * 64}), *lines[3:]]


@pytest.mark.parametrize(
    ("edit", "line"),
    [
        # A line taken out from between two others: the one after it no longer follows.
        (lambda lines: [lines[0], *lines[2:]], 2),
        (lambda lines: [lines[0], lines[2], lines[1], *lines[3:]], 2),
        (_made_up_mac, 3),
    ],
    ids=["a line taken out", "two lines swapped", "a MAC made up"],
)
def test_lines_taken_out_moved_or_forged_are_refused(app, runner, ledger, edit, line):
    for email in ("one@harbor.io", "two@harbor.io", "three@harbor.io"):
        _erased_once(app, runner, email)
    edit_ledger(ledger, edit)

    with app.app_context(), pytest.raises(erasure_ledger.LedgerError, match=rf"^line {line} .* its MAC"):
        erasure_ledger.read()


def test_a_line_written_under_another_key_does_not_pass_under_this_one(app, runner, ledger, monkeypatch):
    _erased_once(app, runner)
    stranger = ledger.with_name("stranger.jsonl")
    with monkeypatch.context() as patched:
        patched.setitem(app.config, "SECRET_KEY", "a" * 64)
        patched.setitem(app.config, "ERASURE_LEDGER_PATH", str(stranger))
        with app.app_context():
            erasure_ledger.append(address_hash("mina@harbor.io"), datetime.now(UTC))
    # The stranger's line, MAC and all, at the end of this ledger.
    edit_ledger(ledger, lambda lines: [*lines, stranger.read_text().splitlines()[1]])

    with app.app_context(), pytest.raises(erasure_ledger.LedgerError, match=r"^line 3 .* its MAC under this"):
        erasure_ledger.read()


def _unsigned(app, ledger, *emails: str) -> list[str]:
    """A ledger as the release before the MACs wrote it: its key check, then bare lines."""
    with app.app_context():
        erasure_ledger.ensure()
        hashes = [address_hash(email) for email in emails]
    at = datetime.now(UTC).isoformat()
    head = {"key_check": json.loads(ledger.read_text())["key_check"]}
    lines = [head, *({"address_hash": digest, "at": at} for digest in hashes)]
    ledger.write_text("".join(json.dumps(line, sort_keys=True) + "\n" for line in lines))
    return hashes


def test_a_ledger_from_before_the_macs_is_refused_until_signed_once(app, runner, ledger):
    hashes = _unsigned(app, ledger, "mina@harbor.io", "ana@harbor.io")
    with ledger.open("a") as file:
        file.write('{"address_hash": "0123')  # cut short by a crash: no erasure, and not signed
    _lead(app, "later@harbor.io")

    with app.app_context(), pytest.raises(erasure_ledger.LedgerError) as refused:
        erasure_ledger.read()
    erasure = runner.invoke(args=["leads", "erase", "--email", "later@harbor.io"])
    signed = runner.invoke(args=["backup", "sign-ledger"])
    again = runner.invoke(args=["backup", "sign-ledger"])

    assert "was written before its lines carried a MAC" in str(refused.value)
    assert "sign it once with `lead-service backup sign-ledger`" in str(refused.value)
    assert erasure.exit_code == 1 and _kept(app) == (["later@harbor.io"], [])
    assert signed.output == f"signed the 2 erasure(s) of {ledger}: an edit of it now stops a restore\n"
    assert again.exit_code == 1 and "is signed already: nothing to sign" in again.output
    assert ledger.stat().st_mode & 0o777 == 0o600 and not list(ledger.parent.glob(".*"))
    with app.app_context():
        read = erasure_ledger.read()
    assert set(read.erased) == set(hashes) and read.unreadable == 0
    # Signed, it takes erasures again, and an edit shows.
    _erased_once(app, runner, "later@harbor.io")
    edit_ledger(ledger, LEDGER_EDITS["a time changed"][0])
    with app.app_context(), pytest.raises(erasure_ledger.LedgerError, match=r"^line 2 "):
        erasure_ledger.read()


def test_only_a_ledger_of_this_key_is_signed(app, runner, ledger, monkeypatch):
    _unsigned(app, ledger, "mina@harbor.io")
    before = ledger.read_text()
    monkeypatch.setitem(app.config, "SECRET_KEY", "b" * 64)

    other_key = runner.invoke(args=["backup", "sign-ledger"])
    kept = ledger.read_text()
    ledger.unlink()
    none = runner.invoke(args=["backup", "sign-ledger"])

    assert other_key.exit_code == 1 and "was written under another SECRET_KEY" in other_key.output
    assert kept == before
    assert none.exit_code == 1 and f"there is no erasure ledger at {ledger} to sign" in none.output
    assert not ledger.exists()
