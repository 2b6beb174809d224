"""Fixtures for tests that cross parts: the real servers, started once per session."""

import pytest
from sqlalchemy import create_engine

from .servers import lead_service, web


@pytest.fixture(scope="session")
def lead_db(tmp_path_factory):
    """The embedded default: a SQLite file, as `make run` uses."""
    return f"sqlite:///{tmp_path_factory.mktemp('e2e-db') / 'leads.db'}"


@pytest.fixture(scope="session")
def lead_service_url(tmp_path_factory, lead_db):
    with lead_service(tmp_path_factory.mktemp("lead-service"), lead_db) as url:
        yield url


@pytest.fixture(scope="session")
def web_url(tmp_path_factory, lead_service_url):
    with web(tmp_path_factory.mktemp("web"), lead_service_url) as url:
        yield url


@pytest.fixture(scope="session")
def lead_engine(lead_db):
    engine = create_engine(lead_db)
    yield engine
    engine.dispose()
