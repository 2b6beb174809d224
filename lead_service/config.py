"""Settings, read once from the environment. See docs/configuration.md."""

import ipaddress
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask

# Cloudflare Turnstile's server-side check of a token.
SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"
# A person sends a form or two; a script sends hundreds. Per client address and per route.
DEFAULT_RATE_LIMITS = "10 per minute;60 per hour;300 per day"


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise RuntimeError(f"{name} must be an integer, got {raw!r}") from exc


def _seconds(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise RuntimeError(f"{name} must be a positive number of seconds, got {raw!r}")
    return value


def _bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise RuntimeError(f"{name} must be true or false, got {raw!r}")


def _text(name: str, default: str = "") -> str:
    return os.environ.get(name, "").strip() or default


def _weekdays(name: str, default: tuple[int, ...]) -> tuple[int, ...]:
    raw = _list(name)
    if not raw:
        return default
    if not all(day in {"1", "2", "3", "4", "5", "6", "7"} for day in raw):
        raise RuntimeError(f"{name} must be ISO weekdays (1 Monday to 7 Sunday), comma-separated")
    return tuple(sorted({int(day) for day in raw}))


def _list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def database_url(raw: str) -> str:
    """Route plain postgres URLs to psycopg 3, the PostgreSQL driver we ship."""
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix) :]
    return raw


def engine_options(url: str) -> dict[str, Any]:
    # hide_parameters keeps the leads' personal data out of database error messages and logs.
    if url.startswith("sqlite"):
        # sqlite3's timeout is SQLite's busy timeout: a writer waits for the lock instead of failing.
        return {"hide_parameters": True, "connect_args": {"timeout": 15}}
    return {"hide_parameters": True, "pool_pre_ping": True, "pool_recycle": 1800}


def instance_secret(
    instance_path: Path, name: str = "secret_key", new: Callable[[], str] = lambda: secrets.token_hex(32)
) -> str:
    """A random key made once (by `new`) and kept beside the SQLite database as `name`, readable by
    its owner only. Every process of one instance reads the same file; the first to need it writes
    it, whole before it has the name (a hard link never replaces a file), so no process reads half
    a key."""
    path = instance_path / name
    if not path.exists():
        draft = instance_path / f".{name}.{secrets.token_hex(8)}"
        with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
            file.write(new())
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process was first: its key is the instance's
        finally:
            draft.unlink()
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it, or set its setting")
    return key


def secret_key(app: Flask) -> bytes:
    """SECRET_KEY, or the instance's own key, made on first use, for the service's HMACs (the
    Idempotency-Key digests, the inbox's CSRF tokens and failed sign-ins, erased addresses): the
    server asks at start-up (see wsgi.py), the worker and the migrations never."""
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path))
    return app.config["SECRET_KEY"].encode()


def from_environment(instance_path: Path) -> dict[str, Any]:
    site_url = _text("SITE_URL", "http://127.0.0.1:3000").rstrip("/")
    return {
        "SQLALCHEMY_DATABASE_URI": database_url(
            _text("DATABASE_URL", f"sqlite:///{instance_path / 'leads.db'}")
        ),
        "CORS_ORIGINS": _list("CORS_ORIGINS"),
        "MAX_CONTENT_LENGTH": _int("MAX_BODY_BYTES", 64 * 1024),
        "PROFILE_PDF_PATH": _text("PROFILE_PDF_PATH", str(instance_path / "company-profile.pdf")),
        "LOG_LEVEL": _text("LOG_LEVEL", "INFO").upper(),
        # Rate limits, under flask-limiter's own setting names: per client address and per route.
        "RATELIMIT_ENABLED": _bool("RATELIMIT_ENABLED", True),
        "RATELIMIT_STORAGE_URI": _text("RATELIMIT_STORAGE_URI", "memory://"),
        "RATELIMIT_DEFAULT": _text("RATELIMIT_DEFAULT", DEFAULT_RATE_LIMITS),
        "RATELIMIT_HEADERS_ENABLED": True,
        # A store that is down: each process counts in its own memory until it is back, so the
        # limits still hold (per process) instead of letting every request through.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        # How many proxies in front of the service set X-Forwarded-For (the reverse proxy, or the
        # site's /api forwarding): only that many entries, from the right, are believed. None by
        # default: a service that faces visitors itself must not take their word for an address.
        "TRUSTED_PROXY_HOPS": _int("TRUSTED_PROXY_HOPS", 0),
        # Keys the HMAC under which an Idempotency-Key's request is stored, so that a stored key
        # cannot confirm a guessed lead. Unset: a random key kept in the instance folder, made when
        # first needed (so the worker and the migrations never write one). The audit trail keeps an
        # erased address as its HMAC under it too (retention.address_hash): after a change, an
        # earlier erasure of the same address is no longer recognised.
        "SECRET_KEY": _text("SECRET_KEY"),
        # Days a lead or cookie choice is kept: the outbox worker purges older ones once a day, as
        # `lead-service leads purge` does when asked. 0: kept until erased or purged by hand.
        "LEAD_RETENTION_DAYS": _int("LEAD_RETENTION_DAYS", 0),
        # Cloudflare Turnstile: off unless the secret is set (then the site needs its site key).
        "TURNSTILE_SECRET_KEY": _text("TURNSTILE_SECRET_KEY"),
        "TURNSTILE_VERIFY_URL": _text("TURNSTILE_VERIFY_URL", SITEVERIFY_URL),
        # The hostnames a Turnstile answer may name: a token solved on another site is refused.
        "TURNSTILE_HOSTNAMES": [name.lower() for name in _list("TURNSTILE_HOSTNAMES")]
        or [urlsplit(site_url).hostname or ""],
        # Where a lead's notification links the page it was sent from.
        "SITE_URL": site_url,
        # Which part of the API this process serves: `public` (lead intake, consent, the profile),
        # `inbox` (the staff inbox's API), or `all`; each answers the health probes. Deployed, the
        # two parts run as processes of their own, so that no sign-in ever queues before a lead.
        "SERVE": _choice("SERVE", ("all", "public", "inbox")),
        # host:port of the Prometheus metrics (gunicorn's, or the outbox worker's own), apart from
        # the port visitors reach; unset: none. See docs/operations.md "Metrics".
        "METRICS_BIND": _text("METRICS_BIND"),
        **_notification_settings(),
        **_mailbox_settings(),
        **_inbox_settings(site_url),
        **_backup_settings(instance_path),
    }


def _backup_settings(instance_path: Path) -> dict[str, Any]:
    """The database's backups and the erasure ledger. See docs/operations.md "Backups and restore"."""
    backup_dir = _text("BACKUP_DIR", str(instance_path / "backups"))
    keep, hours = _int("BACKUP_KEEP", 14), _int("BACKUP_INTERVAL_HOURS", 24)
    if keep < 1:
        raise RuntimeError(f"BACKUP_KEEP must be 1 or more, got {keep}")
    if hours < 1:
        raise RuntimeError(f"BACKUP_INTERVAL_HOURS must be 1 or more, got {hours}")
    return {
        # Where `lead-service backup create` writes, and how many of its backups it keeps.
        "BACKUP_DIR": backup_dir,
        "BACKUP_KEEP": keep,
        # `lead-service backup run` takes one this often; `backup check` fails past twice it.
        "BACKUP_INTERVAL_HOURS": hours,
        # Every erasure's keyed address hash, appended before its commit and kept apart from the
        # database, so that a restored backup loses again whoever was erased since it was taken.
        # Every process that erases (the inbox's API, `leads erase`) and restores must share it.
        "ERASURE_LEDGER_PATH": _text("ERASURE_LEDGER_PATH", str(Path(backup_dir) / "erasures.jsonl")),
    }


def _choice(name: str, choices: tuple[str, ...]) -> str:
    """One of `choices` (the first by default)."""
    value = _text(name, choices[0]).lower()
    if value not in choices:
        raise RuntimeError(f"{name} must be one of {', '.join(choices)}, got {value!r}")
    return value


def _inbox_settings(site_url: str) -> dict[str, Any]:
    """The sales team's inbox. See docs/lead-inbox.md."""
    return {
        # The inbox's own origin, apart from the public site's, so that nothing a public page runs
        # shares its origin: the one origin it takes a change from, and where notifications link
        # its leads. Unset: the site's origin (one origin for both, see docs/lead-inbox.md "Its own origin").
        "INBOX_URL": _text("INBOX_URL", site_url).rstrip("/"),
        # The Fernet key the staff's TOTP secrets are encrypted under. Unset: a key kept in the
        # instance folder, made when first needed, as SECRET_KEY's is.
        "INBOX_TOTP_KEY": _text("INBOX_TOTP_KEY"),
        # A session ends after this long without a request, and this long after its sign-in.
        "INBOX_IDLE_MINUTES": _int("INBOX_IDLE_MINUTES", 30),
        "INBOX_SESSION_HOURS": _int("INBOX_SESSION_HOURS", 12),
        # Sign-in tries (the password step) a client may make, however they fare: a flood is
        # answered 429 before it costs a password check.
        "INBOX_SIGN_IN_RATE_LIMIT": _text("INBOX_SIGN_IN_RATE_LIMIT", "10 per minute; 100 per hour"),
        # Each user's reads (every GET behind the sign-in), all pages together. A page reads at most
        # four times (the session, the leads or a lead, the owners, the saved replies): a person
        # going through leads as fast as they can read them makes some 120 a minute, and, working
        # them in between, far fewer than 6000 in an hour. A script with a stolen session is held
        # to 100 a minute over the hour, each read on the audit trail.
        "INBOX_READ_RATE_LIMIT": _text("INBOX_READ_RATE_LIMIT", "600 per minute; 6000 per hour"),
        # Each API token's calls to /api/v1/, together: a sync pages 500 leads a call, so a minute
        # of it reads 300,000; a token that leaked is held to that pace, every call on the trail.
        "API_TOKEN_RATE_LIMIT": _text("API_TOKEN_RATE_LIMIT", "600 per minute"),
        # Password checks (Argon2id, 64 MiB each) one process runs at once; a try past them is
        # answered 503 with Retry-After, so that sign-ins never take every worker thread.
        "INBOX_HASH_SLOTS": _int("INBOX_HASH_SLOTS", 2),
        **_oidc_settings(),
    }


def _oidc_settings() -> dict[str, Any]:
    """Sign-in with the company's OpenID provider, off until INBOX_OIDC_ISSUER is set; passwords
    may then be switched off. See docs/integrations.md "Sign-in with your identity provider"."""
    issuer = _text("INBOX_OIDC_ISSUER").rstrip("/")
    client_id, client_secret = _text("INBOX_OIDC_CLIENT_ID"), _text("INBOX_OIDC_CLIENT_SECRET")
    if issuer and not (client_id and client_secret):
        raise RuntimeError(
            "INBOX_OIDC_ISSUER is set: INBOX_OIDC_CLIENT_ID and INBOX_OIDC_CLIENT_SECRET must be too"
        )
    if issuer and urlsplit(issuer).scheme not in {"https", "http"}:
        raise RuntimeError(f"INBOX_OIDC_ISSUER must be the provider's https:// URL, got {issuer!r}")
    passwords = _bool("INBOX_PASSWORD_SIGN_IN", True)
    if not passwords and not issuer:
        # Nobody could sign in at all.
        raise RuntimeError("INBOX_PASSWORD_SIGN_IN=false needs INBOX_OIDC_ISSUER: staff would have no way in")
    return {
        "INBOX_OIDC_ISSUER": issuer,
        "INBOX_OIDC_CLIENT_ID": client_id,
        "INBOX_OIDC_CLIENT_SECRET": client_secret,
        # The button says "Sign in with <this>".
        "INBOX_OIDC_NAME": _text("INBOX_OIDC_NAME", "your company's account"),
        # Whether the inbox's own authenticator-app code is still asked after the provider's sign-in.
        "INBOX_OIDC_SECOND_FACTOR": _bool("INBOX_OIDC_SECOND_FACTOR", True),
        "INBOX_PASSWORD_SIGN_IN": passwords,
    }


def _mailbox_settings() -> dict[str, Any]:
    """The sales mailbox the mailbox reader reads leads' answers from, off until IMAP_HOST is set.
    See docs/sales-team.md "Answers"."""
    security = _text("IMAP_SECURITY", "ssl").lower()
    if security not in {"ssl", "starttls", "none"}:
        raise RuntimeError(f"IMAP_SECURITY must be ssl, starttls or none, got {security!r}")
    host = _text("IMAP_HOST")
    if host and not (_text("IMAP_USERNAME") and _text("SALES_EMAIL")):
        raise RuntimeError("IMAP_HOST is set: IMAP_USERNAME and SALES_EMAIL must be set too")
    return {
        "IMAP_HOST": host,
        "IMAP_PORT": _int("IMAP_PORT", 143 if security != "ssl" else 993),
        "IMAP_SECURITY": security,
        "IMAP_USERNAME": _text("IMAP_USERNAME"),
        "IMAP_PASSWORD": _text("IMAP_PASSWORD"),
        # The folder the answers arrive in: read, never changed (no flag set, nothing moved).
        "IMAP_FOLDER": _text("IMAP_FOLDER", "INBOX"),
        "IMAP_POLL_SECONDS": _seconds("IMAP_POLL_SECONDS", 60),
    }


def _networks(name: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    try:
        return tuple(ipaddress.ip_network(item, strict=False) for item in _list(name))
    except ValueError as exc:
        raise RuntimeError(f"{name} must list networks such as 127.0.0.1/32: {exc}") from exc


def _scale(name: str) -> float:
    raw = _text(name, "1")
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise RuntimeError(f"{name} must be a number from 0, got {raw!r}")
    return value


def _notification_settings() -> dict[str, Any]:
    """The outbox worker's channels, each off until configured. See docs/sales-team.md "Notifications"."""
    security = _text("SMTP_SECURITY", "starttls").lower()
    if security not in {"starttls", "ssl", "none"}:
        raise RuntimeError(f"SMTP_SECURITY must be starttls, ssl or none, got {security!r}")
    smtp_host, email_from, email_to = _text("SMTP_HOST"), _text("NOTIFY_EMAIL_FROM"), _list("NOTIFY_EMAIL_TO")
    if smtp_host and not (email_from and email_to):
        raise RuntimeError("SMTP_HOST is set: NOTIFY_EMAIL_FROM and NOTIFY_EMAIL_TO must be set too")
    webhook_url, webhook_secret = _text("WEBHOOK_URL"), _text("WEBHOOK_SECRET")
    if webhook_url and not webhook_secret:
        raise RuntimeError("WEBHOOK_URL is set without WEBHOOK_SECRET: the receiver could not trust it")
    # The sales mailbox replies go from: a plain address, which the outbox puts the sender's name
    # before.
    sales_email = _text("SALES_EMAIL")
    if sales_email and not re.fullmatch(r"[^@\s<>\"(),;:]+@[^@\s<>\"(),;:]+\.[^@\s<>\"(),;:.]+", sales_email):
        raise RuntimeError(
            f"SALES_EMAIL must be a plain address such as sales@example.com, got {sales_email!r}"
        )
    return {
        "SALES_EMAIL": sales_email,
        "SMTP_HOST": smtp_host,
        "SMTP_PORT": _int("SMTP_PORT", 465 if security == "ssl" else 587),
        "SMTP_SECURITY": security,
        "SMTP_USERNAME": _text("SMTP_USERNAME"),
        "SMTP_PASSWORD": _text("SMTP_PASSWORD"),
        "NOTIFY_EMAIL_FROM": email_from,
        "NOTIFY_EMAIL_TO": email_to,
        # Migrated once into a webhook endpoint (migration 0034, or the worker's start when it has
        # none): see docs/integrations.md "Webhooks".
        "WEBHOOK_URL": webhook_url,
        "WEBHOOK_SECRET": webhook_secret,
        # The networks a webhook may reach although private, loopback or link-local (none by default).
        "WEBHOOK_ALLOWED_NETWORKS": _networks("WEBHOOK_ALLOWED_NETWORKS"),
        # The webhooks' retry schedule (about a day) multiplied by this: 0 retries at once (tests).
        "WEBHOOK_RETRY_SCALE": _scale("WEBHOOK_RETRY_SCALE"),
        # Each channel's network wait, per try.
        "NOTIFY_TIMEOUT_SECONDS": _seconds("NOTIFY_TIMEOUT_SECONDS", 10),
        "OUTBOX_POLL_SECONDS": _seconds("OUTBOX_POLL_SECONDS", 1),
        # The worker beats every poll and between notifications: a beat older than this is a worker
        # stuck (well past one try's NOTIFY_TIMEOUT_SECONDS) or gone. See docs/operations.md.
        "OUTBOX_STALE_SECONDS": _seconds("OUTBOX_STALE_SECONDS", 30),
        # Tries 1..N wait 30 s, 1 min, 2 min, ... (capped at an hour) before the next; after the
        # last, the notification is dead until `lead-service outbox retry`.
        "OUTBOX_MAX_ATTEMPTS": _int("OUTBOX_MAX_ATTEMPTS", 10),
        "OUTBOX_RETRY_BASE_SECONDS": _seconds("OUTBOX_RETRY_BASE_SECONDS", 30),
        # Each lead owner's e-mail of the next steps due: from this hour (UTC) of these days
        # (ISO weekdays, 1 Monday to 7 Sunday).
        "DUE_DIGEST_HOUR": _int("DUE_DIGEST_HOUR", 7),
        "DUE_DIGEST_DAYS": _weekdays("DUE_DIGEST_DAYS", (1, 2, 3, 4, 5)),
    }
