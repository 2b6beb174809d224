"""Settings, read once from the environment. See README.md "Configuration"."""

import os
from pathlib import Path
from typing import Any


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise RuntimeError(f"{name} must be an integer, got {raw!r}") from exc


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
    }
