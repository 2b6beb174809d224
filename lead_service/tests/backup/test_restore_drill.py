"""The restore drill, with the commands an operator runs: leads, a backup, a person erased, more
leads, the database lost; the backup restored into an empty one has every lead it held but the
erased person's, and its receipt says so. And a restore refuses what would lose data or bring an
erased person back: a database that is not empty, a ledger under another SECRET_KEY, no ledger, a
ledger edited by hand; each before it has changed anything."""

import json
from pathlib import Path

import pytest

from .conftest import LEDGER_EDITS, Databases, Service, add_leads, edit_ledger, emails, stored

PERSON = ("Mina@Harbor.io", " mina@harbor.io")


def _backup(service: Service, url: str):
    receipt = service(url, "backup", "create").stdout
    (path,) = service.backups.glob("leads-*")
    return path, receipt


def test_a_restored_backup_has_every_lead_but_those_of_a_person_erased_since(databases, service):
    live = databases.new()
    service(live, "db", "upgrade")
    service(live, "leads", "fake", "--count", "40", "--seed", "7")
    add_leads(live, *PERSON, "kept@harbor.io")
    before = emails(live)
    backup, receipt = _backup(service, live)
    service(live, "leads", "erase", "--email", "MINA@harbor.io")
    add_leads(live, "after.the.backup@harbor.io")
    databases.lose(live)

    restored = service(live, "backup", "restore", str(backup))

    assert receipt.startswith(f"backup {backup}: ") and ", 43 lead(s), " in receipt
    assert backup.stat().st_mode & 0o777 == 0o600
    lines = restored.stdout.splitlines()
    assert lines[0].startswith(f"restored 43 lead(s) from {backup.name}, taken ")
    assert lines[-1] == "re-erased 1 person(s) of the 1 in the erasure ledger: 2 lead(s) removed"
    assert emails(live) == sorted(email for email in before if email not in PERSON)
    assert "kept@harbor.io" in emails(live) and "after.the.backup@harbor.io" not in emails(live)
    # The erasure came after the backup: on the restored audit trail is its making again alone.
    [(actor, detail)] = stored(live, "SELECT actor_id, detail FROM audit_events WHERE action = 'erase'")
    detail = json.loads(detail)
    assert actor is None and detail["restored"] is True and (detail["contact"], detail["quote"]) == (2, 0)
    ledger = (service.backups / "erasures.jsonl").read_text().splitlines()
    assert json.loads(ledger[1])["address_hash"] == detail["address_hash"]
    assert (service.backups / "erasures.jsonl").stat().st_mode & 0o777 == 0o600
    # The ids go on from the backup's: a lead stored now is never given an erased lead's id.
    add_leads(live, "new@harbor.io")
    [(newest,)] = stored(live, "SELECT id FROM leads WHERE email = 'new@harbor.io'")
    assert newest > 43


def test_a_person_who_writes_again_after_their_erasure_is_kept(databases, service):
    live = databases.new()
    service(live, "db", "upgrade")
    add_leads(live, *PERSON)
    service(live, "leads", "erase", "--email", "mina@harbor.io")
    add_leads(live, "mina@harbor.io")  # a new request of theirs, after the erasure
    backup, _ = _backup(service, live)
    databases.lose(live)

    restored = service(live, "backup", "restore", str(backup)).stdout

    assert "re-erased 0 person(s) of the 1 in the erasure ledger: 0 lead(s) removed" in restored
    assert emails(live) == ["mina@harbor.io"]


def test_a_restore_goes_into_an_empty_database_only(databases, service):
    live = databases.new()
    service(live, "db", "upgrade")
    add_leads(live, "kept@harbor.io")
    backup, _ = _backup(service, live)
    add_leads(live, "live@harbor.io")

    refused = service(live, "backup", "restore", str(backup), check=False)

    assert refused.returncode == 1
    assert "the target database is not empty" in refused.stderr
    assert "restored into an empty database only, never over live data" in refused.stderr
    assert emails(live) == ["kept@harbor.io", "live@harbor.io"]


def test_a_ledger_under_another_secret_key_or_none_is_refused(databases, service, tmp_path):
    live = databases.new()
    service(live, "db", "upgrade")
    add_leads(live, *PERSON)
    backup, _ = _backup(service, live)
    service(live, "leads", "erase", "--email", "mina@harbor.io")
    databases.lose(live)
    stranger = Service(tmp_path, secret="6" * 64)

    wrong_key = stranger(live, "backup", "restore", str(backup), check=False)
    ledger = service.backups / "erasures.jsonl"
    ledger.rename(tmp_path / "elsewhere.jsonl")
    no_ledger = service(live, "backup", "restore", str(backup), check=False)

    assert wrong_key.returncode == no_ledger.returncode == 1
    assert "was written under another SECRET_KEY" in wrong_key.stderr
    assert "there is no erasure ledger at" in no_ledger.stderr
    # Nothing was restored: the database is as empty as it was, and takes the restore once the
    # ledger is back.
    (tmp_path / "elsewhere.jsonl").rename(ledger)
    restored = service(live, "backup", "restore", str(backup)).stdout
    assert "re-erased 1 person(s)" in restored and emails(live) == []


def test_an_older_backup_is_migrated_to_the_current_schema(databases, service):
    live = databases.new()
    service(live, "db", "upgrade", "0021")
    backup, receipt = _backup(service, live)
    databases.lose(live)

    restored = service(live, "backup", "restore", str(backup)).stdout

    assert ", 0 lead(s), " in receipt
    assert "migrated its schema from revision 0021 to " in restored
    [(head,)] = stored(live, "SELECT version_num FROM alembic_version")
    assert head != "0021" and restored.splitlines()[1].endswith(f" to {head}")


def _untouched(databases: Databases, url: str) -> bool:
    """The lost database is as it was left: no SQLite file, or a schema without a table."""
    if databases.kind == "sqlite":
        return not Path(url.removeprefix("sqlite:///")).exists()
    query = "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
    return stored(url, query) == [(0,)]


@pytest.mark.parametrize("edit", LEDGER_EDITS)
def test_a_ledger_edited_by_hand_is_refused_before_the_restore_begins(databases, service, edit):
    live = databases.new()
    service(live, "db", "upgrade")
    add_leads(live, *PERSON, "kept@harbor.io")
    backup, _ = _backup(service, live)
    service(live, "leads", "erase", "--email", "mina@harbor.io")
    databases.lose(live)
    change, line = LEDGER_EDITS[edit]
    edit_ledger(service.backups / "erasures.jsonl", change)

    refused = service(live, "backup", "restore", str(backup), check=False)

    assert refused.returncode == 1
    assert f"line {line} of the erasure ledger {service.backups / 'erasures.jsonl'} " in refused.stderr
    assert "a restore from it could bring back someone erased" in refused.stderr
    assert _untouched(databases, live)
