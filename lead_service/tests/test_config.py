"""Configuration from the environment, and CORS for a site served from another origin."""

import ipaddress

import flask_migrate
import pytest

from lead_service import create_app
from lead_service.config import database_url, from_environment
from lead_service.outbox.channels import configured


@pytest.mark.parametrize(
    ("raw", "url"),
    [
        ("postgresql://u@db:5432/leads", "postgresql+psycopg://u@db:5432/leads"),
        ("postgres://u:p@db/leads", "postgresql+psycopg://u:p@db/leads"),
        ("postgresql+psycopg://u@db/leads", "postgresql+psycopg://u@db/leads"),
        ("sqlite:////data/leads.db", "sqlite:////data/leads.db"),
    ],
)
def test_database_url_uses_psycopg3_for_postgresql(raw, url):
    assert database_url(raw) == url


def test_environment_settings(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@db/leads")
    monkeypatch.setenv("CORS_ORIGINS", " https://a.example , https://b.example,")
    monkeypatch.setenv("MAX_BODY_BYTES", "1024")
    monkeypatch.setenv("PROFILE_PDF_PATH", "/srv/profile.pdf")
    monkeypatch.setenv("LOG_LEVEL", "warning")
    monkeypatch.setenv("RATELIMIT_ENABLED", "false")
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "redis://cache:6379/0")
    monkeypatch.setenv("RATELIMIT_DEFAULT", "5 per minute")
    monkeypatch.setenv("TRUSTED_PROXY_HOPS", "2")
    monkeypatch.setenv("LEAD_RETENTION_DAYS", "400")
    monkeypatch.setenv("SITE_URL", "https://www.example.com/")
    monkeypatch.setenv("TURNSTILE_SECRET_KEY", "0x4AAA-secret")
    monkeypatch.setenv("TURNSTILE_VERIFY_URL", "http://127.0.0.1:9/siteverify")
    monkeypatch.setenv("TURNSTILE_HOSTNAMES", "example.com,WWW.Example.com")
    monkeypatch.setenv("SECRET_KEY", "a-long-random-key")
    monkeypatch.setenv("SMTP_HOST", "smtp.example.com")
    monkeypatch.setenv("SMTP_SECURITY", "SSL")
    monkeypatch.setenv("SMTP_USERNAME", "leads")
    monkeypatch.setenv("SMTP_PASSWORD", "s3cret")
    monkeypatch.setenv("NOTIFY_EMAIL_FROM", "Website <leads@example.com>")
    monkeypatch.setenv("NOTIFY_EMAIL_TO", "sales@example.com, ceo@example.com")
    monkeypatch.setenv("SALES_EMAIL", "sales@example.com")
    monkeypatch.setenv("IMAP_HOST", "imap.example.com")
    monkeypatch.setenv("IMAP_SECURITY", "STARTTLS")
    monkeypatch.setenv("IMAP_USERNAME", "sales")
    monkeypatch.setenv("IMAP_PASSWORD", "imap-s3cret")
    monkeypatch.setenv("IMAP_FOLDER", "Leads/Answers")
    monkeypatch.setenv("IMAP_POLL_SECONDS", "30")
    monkeypatch.setenv("WEBHOOK_URL", "https://crm.example.com/hooks/leads")
    monkeypatch.setenv("WEBHOOK_SECRET", "whsec")
    for name, value in {
        "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.1, 10.0.0.0/8",
        "WEBHOOK_RETRY_SCALE": "0.5",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("NOTIFY_TIMEOUT_SECONDS", "2.5")
    monkeypatch.setenv("OUTBOX_POLL_SECONDS", "0.5")
    monkeypatch.setenv("OUTBOX_STALE_SECONDS", "5")
    monkeypatch.setenv("OUTBOX_MAX_ATTEMPTS", "4")
    monkeypatch.setenv("OUTBOX_RETRY_BASE_SECONDS", "60")
    monkeypatch.setenv("INBOX_TOTP_KEY", "k" * 43 + "=")
    monkeypatch.setenv("INBOX_IDLE_MINUTES", "15")
    monkeypatch.setenv("INBOX_SESSION_HOURS", "8")
    monkeypatch.setenv("INBOX_SIGN_IN_RATE_LIMIT", "5 per minute")
    monkeypatch.setenv("INBOX_READ_RATE_LIMIT", "100 per minute")
    monkeypatch.setenv("INBOX_HASH_SLOTS", "4")
    monkeypatch.setenv("INBOX_URL", "https://inbox.example.com/")
    monkeypatch.setenv("SERVE", " Inbox ")
    monkeypatch.setenv("METRICS_BIND", "0.0.0.0:9100")
    monkeypatch.setenv("BACKUP_DIR", "/backups")
    monkeypatch.setenv("BACKUP_KEEP", "30")
    monkeypatch.setenv("BACKUP_INTERVAL_HOURS", "6")
    monkeypatch.setenv("ERASURE_LEDGER_PATH", "/ledger/erasures.jsonl")

    assert from_environment(tmp_path) == {
        "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://u@db/leads",
        "CORS_ORIGINS": ["https://a.example", "https://b.example"],
        "MAX_CONTENT_LENGTH": 1024,
        "PROFILE_PDF_PATH": "/srv/profile.pdf",
        "LOG_LEVEL": "WARNING",
        "RATELIMIT_ENABLED": False,
        "RATELIMIT_STORAGE_URI": "redis://cache:6379/0",
        "RATELIMIT_DEFAULT": "5 per minute",
        "RATELIMIT_HEADERS_ENABLED": True,
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "TRUSTED_PROXY_HOPS": 2,
        "SECRET_KEY": "a-long-random-key",
        "LEAD_RETENTION_DAYS": 400,
        "TURNSTILE_SECRET_KEY": "0x4AAA-secret",
        "TURNSTILE_VERIFY_URL": "http://127.0.0.1:9/siteverify",
        "TURNSTILE_HOSTNAMES": ["example.com", "www.example.com"],
        "SITE_URL": "https://www.example.com",
        "SERVE": "inbox",
        "METRICS_BIND": "0.0.0.0:9100",
        "SMTP_HOST": "smtp.example.com",
        "SMTP_PORT": 465,
        "SMTP_SECURITY": "ssl",
        "SMTP_USERNAME": "leads",
        "SMTP_PASSWORD": "s3cret",
        "NOTIFY_EMAIL_FROM": "Website <leads@example.com>",
        "NOTIFY_EMAIL_TO": ["sales@example.com", "ceo@example.com"],
        "SALES_EMAIL": "sales@example.com",
        "DUE_DIGEST_HOUR": 7,
        "DUE_DIGEST_DAYS": (1, 2, 3, 4, 5),
        "IMAP_HOST": "imap.example.com",
        "IMAP_PORT": 143,
        "IMAP_SECURITY": "starttls",
        "IMAP_USERNAME": "sales",
        "IMAP_PASSWORD": "imap-s3cret",
        "IMAP_FOLDER": "Leads/Answers",
        "IMAP_POLL_SECONDS": 30.0,
        "WEBHOOK_URL": "https://crm.example.com/hooks/leads",
        "WEBHOOK_SECRET": "whsec",
        "WEBHOOK_ALLOWED_NETWORKS": (
            ipaddress.ip_network("127.0.0.1/32"),
            ipaddress.ip_network("10.0.0.0/8"),
        ),
        "WEBHOOK_RETRY_SCALE": 0.5,
        "NOTIFY_TIMEOUT_SECONDS": 2.5,
        "OUTBOX_POLL_SECONDS": 0.5,
        "OUTBOX_STALE_SECONDS": 5.0,
        "OUTBOX_MAX_ATTEMPTS": 4,
        "OUTBOX_RETRY_BASE_SECONDS": 60.0,
        "INBOX_TOTP_KEY": "k" * 43 + "=",
        "INBOX_IDLE_MINUTES": 15,
        "INBOX_SESSION_HOURS": 8,
        "INBOX_SIGN_IN_RATE_LIMIT": "5 per minute",
        "INBOX_READ_RATE_LIMIT": "100 per minute",
        "API_TOKEN_RATE_LIMIT": "600 per minute",  # its default
        "INBOX_HASH_SLOTS": 4,
        "INBOX_URL": "https://inbox.example.com",
        "INBOX_OIDC_ISSUER": "",
        "INBOX_OIDC_CLIENT_ID": "",
        "INBOX_OIDC_CLIENT_SECRET": "",
        "INBOX_OIDC_NAME": "your company's account",
        "INBOX_OIDC_SECOND_FACTOR": True,
        "INBOX_PASSWORD_SIGN_IN": True,
        "BACKUP_DIR": "/backups",
        "BACKUP_KEEP": 30,
        "BACKUP_INTERVAL_HOURS": 6,
        "ERASURE_LEDGER_PATH": "/ledger/erasures.jsonl",
    }


def test_defaults_keep_everything_in_the_instance_folder(monkeypatch, tmp_path):
    for name in (
        "DATABASE_URL",
        "CORS_ORIGINS",
        "MAX_BODY_BYTES",
        "PROFILE_PDF_PATH",
        "LOG_LEVEL",
        "RATELIMIT_ENABLED",
        "RATELIMIT_STORAGE_URI",
        "RATELIMIT_DEFAULT",
        "TRUSTED_PROXY_HOPS",
        "LEAD_RETENTION_DAYS",
        "SECRET_KEY",
        "SITE_URL",
        "TURNSTILE_HOSTNAMES",
        "INBOX_URL",
        "SERVE",
        "BACKUP_DIR",
        "BACKUP_KEEP",
        "BACKUP_INTERVAL_HOURS",
        "ERASURE_LEDGER_PATH",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))

    app = create_app()

    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'leads.db'}"
    assert app.config["PROFILE_PDF_PATH"] == str(tmp_path / "company-profile.pdf")
    assert app.config["SQLALCHEMY_ENGINE_OPTIONS"]["hide_parameters"] is True
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024
    assert (app.config["RATELIMIT_ENABLED"], app.config["RATELIMIT_STORAGE_URI"]) == (True, "memory://")
    assert app.config["TRUSTED_PROXY_HOPS"] == 0  # no forwarding header is believed
    assert app.config["TURNSTILE_HOSTNAMES"] == ["127.0.0.1"]
    # One process serves every part, and the inbox shares the site's origin.
    assert (app.config["SERVE"], app.config["INBOX_URL"]) == ("all", "http://127.0.0.1:3000")
    # A backup a day, two weeks of them, beside the ledger in the instance folder.
    assert (app.config["BACKUP_DIR"], app.config["ERASURE_LEDGER_PATH"]) == (
        str(tmp_path / "backups"),
        str(tmp_path / "backups" / "erasures.jsonl"),
    )
    assert (app.config["BACKUP_KEEP"], app.config["BACKUP_INTERVAL_HOURS"]) == (14, 24)
    # A random key of the instance's own, made by the first request that needs it, the same for
    # every process that starts on it.
    assert not (tmp_path / "secret_key").exists()
    with app.app_context():
        flask_migrate.upgrade()
    app.test_client().post("/api/contact", json={}, headers={"Idempotency-Key": "k"})
    key = (tmp_path / "secret_key").read_text()
    assert len(key) == 64 and app.config["SECRET_KEY"] == key
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    other = create_app()
    other.test_client().post("/api/contact", json={}, headers={"Idempotency-Key": "k"})
    assert other.config["SECRET_KEY"] == key


def test_bad_number_is_a_clear_startup_error(monkeypatch, tmp_path):
    monkeypatch.setenv("MAX_BODY_BYTES", "64k")

    with pytest.raises(RuntimeError, match="MAX_BODY_BYTES must be an integer"):
        from_environment(tmp_path)


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        ({"OUTBOX_POLL_SECONDS": "0"}, "OUTBOX_POLL_SECONDS must be a positive number of seconds"),
        ({"NOTIFY_TIMEOUT_SECONDS": "soon"}, "NOTIFY_TIMEOUT_SECONDS must be a positive number"),
        ({"SMTP_SECURITY": "tls"}, "SMTP_SECURITY must be starttls, ssl or none"),
        ({"SMTP_HOST": "smtp.example.com"}, "NOTIFY_EMAIL_FROM and NOTIFY_EMAIL_TO must be set too"),
        ({"WEBHOOK_URL": "https://crm.example.com/hook"}, "WEBHOOK_URL is set without WEBHOOK_SECRET"),
        ({"WEBHOOK_ALLOWED_NETWORKS": "localhost"}, "WEBHOOK_ALLOWED_NETWORKS must list networks"),
        ({"WEBHOOK_RETRY_SCALE": "-1"}, "WEBHOOK_RETRY_SCALE must be a number from 0"),
        ({"SERVE": "both"}, "SERVE must be one of all, public, inbox"),
        ({"SALES_EMAIL": "Sales <sales@example.com>"}, "SALES_EMAIL must be a plain address"),
        ({"DUE_DIGEST_DAYS": "mon,tue"}, "DUE_DIGEST_DAYS must be ISO weekdays"),
        ({"IMAP_SECURITY": "tls"}, "IMAP_SECURITY must be ssl, starttls or none"),
        ({"IMAP_HOST": "imap.example.com"}, "IMAP_USERNAME and SALES_EMAIL must be set too"),
        ({"BACKUP_KEEP": "0"}, "BACKUP_KEEP must be 1 or more"),
        ({"BACKUP_INTERVAL_HOURS": "0"}, "BACKUP_INTERVAL_HOURS must be 1 or more"),
    ],
)
def test_a_notification_channel_set_up_halfway_is_a_clear_startup_error(
    monkeypatch, tmp_path, settings, error
):
    for name, value in settings.items():
        monkeypatch.setenv(name, value)

    with pytest.raises(RuntimeError, match=error):
        from_environment(tmp_path)


def test_notification_channels_are_off_unless_configured(monkeypatch, tmp_path):
    for name in ("SMTP_HOST", "NOTIFY_EMAIL_FROM", "NOTIFY_EMAIL_TO", "WEBHOOK_URL", "WEBHOOK_SECRET"):
        monkeypatch.delenv(name, raising=False)

    settings = from_environment(tmp_path)

    assert configured(settings) == []
    assert (settings["SMTP_SECURITY"], settings["SMTP_PORT"]) == ("starttls", 587)


def test_cors_allows_only_the_listed_origins(tmp_path):
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}",
            "CORS_ORIGINS": ["https://site.example"],
        }
    )
    client = app.test_client()
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}

    allowed = client.options("/api/quote", headers={"Origin": "https://site.example", **preflight})
    refused = client.options("/api/quote", headers={"Origin": "https://evil.example", **preflight})

    assert allowed.headers["Access-Control-Allow-Origin"] == "https://site.example"
    assert "Access-Control-Allow-Origin" not in refused.headers
    # Never with cookies or other credentials: the API needs none.
    assert "Access-Control-Allow-Credentials" not in allowed.headers


def test_cors_lets_the_site_send_an_idempotency_key(tmp_path):
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}",
            "CORS_ORIGINS": ["https://site.example"],
        }
    )
    preflight = app.test_client().options(
        "/api/contact",
        headers={
            "Origin": "https://site.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, idempotency-key",
        },
    )
    assert "idempotency-key" in preflight.headers["Access-Control-Allow-Headers"].lower()


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        ({"INBOX_PASSWORD_SIGN_IN": "false"}, "INBOX_PASSWORD_SIGN_IN=false needs INBOX_OIDC_ISSUER"),
        ({"INBOX_OIDC_ISSUER": "https://id.example"}, "INBOX_OIDC_CLIENT_ID and INBOX_OIDC_CLIENT_SECRET"),
        (
            {"INBOX_OIDC_ISSUER": "id.example", "INBOX_OIDC_CLIENT_ID": "a", "INBOX_OIDC_CLIENT_SECRET": "b"},
            "INBOX_OIDC_ISSUER must be the provider's https:// URL",
        ),
    ],
)
def test_an_oidc_sign_in_set_up_halfway_is_a_clear_startup_error(monkeypatch, tmp_path, settings, error):
    for name, value in settings.items():
        monkeypatch.setenv(name, value)

    with pytest.raises(RuntimeError, match=error):
        from_environment(tmp_path)


def test_passwords_go_off_only_beside_the_provider(monkeypatch, tmp_path):
    for name, value in {
        "INBOX_OIDC_ISSUER": "https://id.example/",
        "INBOX_OIDC_CLIENT_ID": "inbox",
        "INBOX_OIDC_CLIENT_SECRET": "secret",
        "INBOX_PASSWORD_SIGN_IN": "false",
    }.items():
        monkeypatch.setenv(name, value)

    config = from_environment(tmp_path)

    assert config["INBOX_PASSWORD_SIGN_IN"] is False and config["INBOX_OIDC_ISSUER"] == "https://id.example"
    assert config["INBOX_OIDC_SECOND_FACTOR"] is True
    assert config["INBOX_OIDC_NAME"] == "your company's account"
