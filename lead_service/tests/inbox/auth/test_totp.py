"""The second factor: enrolment with a QR code made on the server, codes of the step either side
taken once each, the secret encrypted at rest, and ten single-use recovery codes."""

import hashlib
import hmac
import os
import re
import stat
from urllib.parse import parse_qs, unquote, urlsplit

import pyotp
import pytest
from cryptography.fernet import Fernet

from lead_service import content
from lead_service.extensions import db
from lead_service.inbox.auth import sessions, totp
from lead_service.models.staff import RecoveryCode, StaffSession, StaffUser

NOW = 1_800_000_000.0  # a step's first second: 60,000,000 * 30


@pytest.fixture
def clock(monkeypatch):
    """The time totp reads, set by the test: a list of one number, to change."""
    now = [NOW]
    monkeypatch.setattr(totp, "_now", lambda: now[0])
    return now


@pytest.fixture
def user(app, staff_user):
    """A new staff user, read in an app context the test runs in."""
    user_id = staff_user("sales", "sales@staff.example")
    with app.app_context():
        yield db.session.get(StaffUser, user_id)


def _session(user) -> StaffSession:
    """A new session of the user's at the password step, as the enrolment page has."""
    token = sessions.start(user, "password")
    db.session.commit()
    return sessions.stored(token)


@pytest.fixture
def session(user) -> StaffSession:
    return _session(user)


def _enrol(user) -> tuple[str, list[str]]:
    session = _session(user)
    secret = totp.begin_enrolment(user, session).secret
    codes = totp.confirm_enrolment(user, session, pyotp.TOTP(secret).at(NOW))
    db.session.commit()
    return secret, codes


def test_enrolment_shows_a_new_secret_as_a_qr_code_and_a_uri(clock, user, session):
    enrolment = totp.begin_enrolment(user, session)

    assert re.fullmatch(r"[A-Z2-7]{32}", enrolment.secret)  # 160 bits
    uri = urlsplit(enrolment.uri)
    query = parse_qs(uri.query)
    assert (uri.scheme, uri.netloc) == ("otpauth", "totp")
    assert unquote(uri.path) == f"/{content.load('site')['name']}:sales@staff.example"
    assert query["secret"] == [enrolment.secret]
    assert query["issuer"] == [content.load("site")["name"]]
    # Six digits, 30 seconds and SHA-1 are the apps' defaults: the URI may leave them out.
    assert query.get("digits", ["6"]) == ["6"]
    assert query.get("period", ["30"]) == ["30"]
    assert query.get("algorithm", ["SHA1"]) == ["SHA1"]
    assert enrolment.qr_svg.startswith("<svg")
    assert enrolment.qr_svg.rstrip().endswith("</svg>")
    assert "<script" not in enrolment.qr_svg


def test_the_pending_secret_is_kept_encrypted_and_shown_again_on_a_reload(app, clock, user, session):
    first = totp.begin_enrolment(user, session)
    db.session.commit()

    assert user.totp_secret is None
    assert first.secret not in session.totp_pending
    assert (
        Fernet(app.config["INBOX_TOTP_KEY"]).decrypt(session.totp_pending.encode()).decode() == first.secret
    )
    assert totp.begin_enrolment(user, session).secret == first.secret


def test_each_session_is_shown_a_secret_of_its_own_and_only_its_own_confirms(clock, user, session):
    """Whoever else knew the first password, at the password step at the same time, is shown another
    secret: theirs cannot become the user's second factor through the user's enrolment."""
    other = _session(user)
    mine, theirs = totp.begin_enrolment(user, session), totp.begin_enrolment(user, other)
    db.session.commit()

    assert mine.secret != theirs.secret
    assert totp.begin_enrolment(user, other).secret == theirs.secret  # each session's, on a reload
    assert totp.confirm_enrolment(user, session, pyotp.TOTP(theirs.secret).at(NOW)) is None
    assert totp.confirm_enrolment(user, session, pyotp.TOTP(mine.secret).at(NOW)) is not None
    assert totp._readable(user.totp_secret) == mine.secret


def test_a_pending_secret_lapses_after_ten_minutes(clock, user, session):
    shown = totp.begin_enrolment(user, session).secret
    clock[0] = NOW + totp.PENDING_SECONDS + 1

    assert totp.confirm_enrolment(user, session, pyotp.TOTP(shown).at(clock[0])) is None
    assert totp.begin_enrolment(user, session).secret != shown


def test_a_pending_secret_under_a_replaced_key_is_replaced_by_a_new_one(
    app, monkeypatch, clock, user, session
):
    first = totp.begin_enrolment(user, session)
    monkeypatch.setitem(app.config, "INBOX_TOTP_KEY", Fernet.generate_key().decode())

    second = totp.begin_enrolment(user, session)

    assert second.secret != first.secret
    assert totp._fernet().decrypt(session.totp_pending.encode()).decode() == second.secret


def test_a_secret_under_a_replaced_key_takes_no_code_and_says_why(app, monkeypatch, clock, user, caplog):
    secret, _ = _enrol(user)
    monkeypatch.setitem(app.config, "INBOX_TOTP_KEY", Fernet.generate_key().decode())
    clock[0] = NOW + 60

    assert not totp.verify(user, pyotp.TOTP(secret).at(clock[0]))  # a wrong code, not a crash
    assert "cannot be read under INBOX_TOTP_KEY" in caplog.text


def test_a_right_code_confirms_the_secret_and_makes_ten_recovery_codes(app, clock, user, session):
    secret = totp.begin_enrolment(user, session).secret

    codes = totp.confirm_enrolment(user, session, pyotp.TOTP(secret).at(NOW))
    db.session.commit()

    assert session.totp_pending is None
    assert totp._fernet().decrypt(user.totp_secret.encode()).decode() == secret
    assert len(codes) == 10 == len(set(codes))
    assert all(re.fullmatch(r"[a-z2-7]{5}-[a-z2-7]{5}", code) for code in codes)
    stored = db.session.scalars(
        db.select(RecoveryCode.code_hash).where(RecoveryCode.user_id == user.id)
    ).all()
    plain = [hashlib.sha256(code.replace("-", "").encode()).hexdigest() for code in codes]
    # Kept under a key that is not in the database: its copy alone cannot be tried code by code.
    assert set(stored).isdisjoint(plain)
    key = hmac.new(app.config["INBOX_TOTP_KEY"].encode(), b"inbox-recovery-codes", hashlib.sha256).digest()
    assert sorted(stored) == sorted(
        hmac.new(key, digest.encode(), hashlib.sha256).hexdigest() for digest in plain
    )


def test_a_wrong_code_confirms_nothing(clock, user, session):
    secret = totp.begin_enrolment(user, session).secret
    wrong = f"{(int(pyotp.TOTP(secret).at(NOW)) + 1) % 1_000_000:06d}"

    assert totp.confirm_enrolment(user, session, wrong) is None
    assert totp.confirm_enrolment(user, session, "not a code") is None
    assert user.totp_secret is None
    assert session.totp_pending is not None


def test_no_enrolment_begun_confirms_nothing(clock, user, session):
    assert totp.confirm_enrolment(user, session, pyotp.TOTP(pyotp.random_base32()).at(NOW)) is None


def test_enrolling_again_voids_the_earlier_recovery_codes(clock, user, session):
    _, first = _enrol(user)
    totp.reset(user)
    clock[0] += 30
    secret = totp.begin_enrolment(user, session).secret
    second = totp.confirm_enrolment(user, session, pyotp.TOTP(secret).at(clock[0]))
    db.session.commit()

    assert db.session.scalar(db.select(db.func.count()).select_from(RecoveryCode)) == 10
    assert not totp.use_recovery_code(user, first[0])
    assert totp.use_recovery_code(user, second[0])


@pytest.mark.parametrize("offset", [-30, 0, 30])
def test_the_code_of_this_step_or_the_one_either_side_is_taken(clock, user, offset):
    secret, _ = _enrol(user)
    clock[0] += 300

    assert totp.verify(user, pyotp.TOTP(secret).at(clock[0] + offset))


@pytest.mark.parametrize("offset", [-60, 60, 3600])
def test_a_code_further_away_is_not(clock, user, offset):
    secret, _ = _enrol(user)
    clock[0] += 300

    assert not totp.verify(user, pyotp.TOTP(secret).at(clock[0] + offset))


def test_a_code_is_taken_once_and_no_older_one_after_it(clock, user, session):
    secret, _ = _enrol(user)
    clock[0] += 300
    app_code = pyotp.TOTP(secret)

    assert totp.verify(user, app_code.at(clock[0]))
    db.session.commit()
    assert not totp.verify(user, app_code.at(clock[0]))  # replayed
    assert not totp.verify(user, app_code.at(clock[0] - 30))  # older than the one taken
    assert totp.verify(user, app_code.at(clock[0] + 30))
    db.session.expire_all()
    assert db.session.get(StaffUser, user.id).totp_last_step == int(clock[0] // 30) + 1


def test_the_enrolment_code_is_not_taken_again(clock, user):
    secret, _ = _enrol(user)

    assert not totp.verify(user, pyotp.TOTP(secret).at(NOW))


def test_spaces_are_allowed_and_anything_else_refused(clock, user):
    secret, _ = _enrol(user)
    clock[0] += 300
    code = pyotp.TOTP(secret).at(clock[0])

    assert not totp.verify(user, f"{code}0")
    assert not totp.verify(user, code[:5])
    assert not totp.verify(user, "")
    assert totp.verify(user, f"{code[:3]} {code[3:]}")


def test_without_a_confirmed_secret_no_code_is_taken(clock, user, session):
    secret = totp.begin_enrolment(user, session).secret

    assert not totp.verify(user, pyotp.TOTP(secret).at(NOW))


def test_a_recovery_code_is_good_once_typed_any_way(clock, user, session):
    _, codes = _enrol(user)
    first, second = codes[0], codes[1]

    assert totp.use_recovery_code(user, first.upper().replace("-", " "))
    assert not totp.use_recovery_code(user, first)
    assert totp.use_recovery_code(user, f" {second.replace('-', '')} ")
    db.session.commit()
    assert totp.recovery_codes_left(user) == 8
    assert not totp.use_recovery_code(user, "")
    assert not totp.use_recovery_code(user, "aaaaa-aaaaa")


def test_a_recovery_code_is_only_its_owners(app, clock, user, staff_user, session):
    _, codes = _enrol(user)
    other = db.session.get(StaffUser, staff_user("viewer", "other@staff.example"))

    assert not totp.use_recovery_code(other, codes[0])
    assert totp.use_recovery_code(user, codes[0])


def test_a_reset_forgets_the_app_and_the_recovery_codes(clock, user, session):
    _enrol(user)

    totp.reset(user)
    db.session.commit()

    assert (user.totp_secret, user.totp_last_step) == (None, None)
    assert db.session.scalar(db.select(db.func.count()).select_from(RecoveryCode)) == 0


def test_the_key_is_inbox_totp_key_when_set(app, monkeypatch, clock, user, session):
    key = Fernet.generate_key().decode()
    monkeypatch.setitem(app.config, "INBOX_TOTP_KEY", key)

    totp.begin_enrolment(user, session)

    Fernet(key).decrypt(session.totp_pending.encode())  # raises InvalidToken under any other key


def test_without_inbox_totp_key_a_key_is_made_once_in_the_instance_folder(app, monkeypatch, tmp_path):
    monkeypatch.setitem(app.config, "INBOX_TOTP_KEY", "")
    monkeypatch.setattr(app, "instance_path", str(tmp_path))

    with app.app_context():
        key = totp._fernet()
        made = (tmp_path / "inbox_totp_key").read_text()
        monkeypatch.setitem(app.config, "INBOX_TOTP_KEY", "")
        again = totp._fernet()

    assert Fernet(made).decrypt(key.encrypt(b"secret")) == b"secret"
    assert again.decrypt(Fernet(made).encrypt(b"again")) == b"again"  # the same key, read back
    assert stat.S_IMODE(os.stat(tmp_path / "inbox_totp_key").st_mode) == 0o600


def test_a_key_that_is_not_a_fernet_key_is_refused_clearly(app, monkeypatch):
    monkeypatch.setitem(app.config, "INBOX_TOTP_KEY", "not a key")

    with app.app_context(), pytest.raises(RuntimeError, match="INBOX_TOTP_KEY"):
        totp._fernet()
