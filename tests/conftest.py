"""Fixtures for tests that cross parts: the real servers, started once per session."""

import pytest
from sqlalchemy import create_engine

from .servers import lead_service, web


@pytest.fixture(scope="session")
def lead_db(tmp_path_factory):
    """The embedded default: a SQLite file, as `make run` uses."""
    return f"sqlite:///{tmp_path_factory.mktemp('e2e-db') / 'leads.db'}"


@pytest.fixture(scope="session")
def lead_service_home(tmp_path_factory):
    """The lead service's instance folder; its log is lead-service.log there."""
    return tmp_path_factory.mktemp("lead-service")


@pytest.fixture(scope="session")
def lead_service_url(lead_service_home, lead_db):
    with lead_service(lead_service_home, lead_db) as url:
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
