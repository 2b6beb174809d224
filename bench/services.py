"""The lead service under load: POST /api/quote on gunicorn with SQLite and with PostgreSQL,
beside GET /healthz/live on the same gunicorn as the ceiling; every 201 matched to a row."""

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import OperationalError

from tests.support.servers import lead_service, postgres_schema

from .load import wrk

POSTGRES = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


@contextmanager
def _sqlite(tmp: Path) -> Iterator[tuple[str, object]]:
    url = f"sqlite:///{tmp / 'leads.db'}"
    engine = create_engine(url)
    yield url, engine
    engine.dispose()


def databases(tmp: Path):
    """Each database the service runs on, by name: a context giving its URL and an engine."""
    yield "SQLite", _sqlite(tmp)
    yield "PostgreSQL", postgres_schema(POSTGRES, "bench")


def on_each_database(tmp: Path, measure: Callable[[Path, str, Engine], dict]) -> list[dict]:
    """`measure(home, url, engine)` on each database, its figures by the database's name; one that
    cannot be reached is said to be skipped."""
    results = []
    for name, database in databases(tmp):
        home = tmp / name.lower()
        home.mkdir()
        try:
            with database as (url, engine):
                results.append({"database": name, **measure(home, url, engine)})
        except OperationalError as exc:
            results.append({"database": name, "skipped": f"not reachable ({type(exc).__name__})"})
    return results


def service_throughput(tmp: Path) -> list[dict]:
    return on_each_database(tmp, _throughput)


def _throughput(home: Path, url: str, engine: Engine) -> dict:
    with lead_service(home, url) as service:
        ceiling = wrk(f"{service}/healthz/live")
        quote = wrk(f"{service}/api/quote", "quote")
        with engine.connect() as connection:
            stored = set(
                connection.execute(
                    text("SELECT id FROM leads WHERE form = 'quote' AND email LIKE 'bench-%'")
                ).scalars()
            )
    acknowledged = quote.pop("ids")
    return {
        "quote": quote,
        "ceiling": ceiling,
        "ratio": quote["rps"] / ceiling["rps"],
        # Every 201 names a row that is there; a request cut off at the end may add a row that no
        # 201 names (stored, never acknowledged).
        "matched": sum(id_ in stored for id_ in acknowledged),
        "rows": len(stored),
    }
