"""Settings, read once from the environment. See README.md "Configuration"."""

import os
from pathlib import Path
from typing import Any

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


def _bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise RuntimeError(f"{name} must be true or false, got {raw!r}")


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


def from_environment(instance_path: Path) -> dict[str, Any]:
    return {
        "SQLALCHEMY_DATABASE_URI": database_url(
            os.environ.get("DATABASE_URL", "").strip() or f"sqlite:///{instance_path / 'leads.db'}"
        ),
        "CORS_ORIGINS": [o.strip() for o in os.environ.get("CORS_ORIGINS", "").split(",") if o.strip()],
        "MAX_CONTENT_LENGTH": _int("MAX_BODY_BYTES", 64 * 1024),
        "PROFILE_PDF_PATH": os.environ.get("PROFILE_PDF_PATH", "").strip()
        or str(instance_path / "company-profile.pdf"),
        "LOG_LEVEL": os.environ.get("LOG_LEVEL", "INFO").strip().upper(),
        # Rate limits, under flask-limiter's own setting names: per client address and per route.
        "RATELIMIT_ENABLED": _bool("RATELIMIT_ENABLED", True),
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI", "").strip() or "memory://",
        "RATELIMIT_DEFAULT": os.environ.get("RATELIMIT_DEFAULT", "").strip() or DEFAULT_RATE_LIMITS,
        "RATELIMIT_HEADERS_ENABLED": True,
        # A store that is down lets requests through rather than turning leads away with a 500.
        "RATELIMIT_SWALLOW_ERRORS": True,
        # How many proxies in front of the service add to X-Forwarded-For (the site's /api
        # forwarding, or the reverse proxy): only that many entries, from the right, are believed.
        "TRUSTED_PROXY_HOPS": _int("TRUSTED_PROXY_HOPS", 1),
        # Days a lead is kept before `lead-service leads purge` removes it; 0: until asked.
        "LEAD_RETENTION_DAYS": _int("LEAD_RETENTION_DAYS", 0),
    }
