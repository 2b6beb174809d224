"""The erasure ledger: each erasure appends its address's keyed hash, synced, before it commits, to
a file readable by its owner only that starts with a check of SECRET_KEY; an erasure whose line
cannot be written erases nothing, and a ledger under another key takes no line and is refused."""

import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from lead_service import erasure_ledger
from lead_service.extensions import db
from lead_service.models.leads import Lead
from lead_service.models.staff import AuditEvent
from lead_service.retention import address_hash

from ..audit_cleanup import clear_audit_trail


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
    assert list(first) == ["key_check"] and len(first["key_check"]) == 64
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
