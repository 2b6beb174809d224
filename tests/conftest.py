"""Fixtures for tests that cross parts: the real servers, started once per session."""

from pathlib import Path

import pytest
from sqlalchemy import create_engine

from lead_service.tests.receivers import SmtpSink, WebhookReceiver

from .support.browser import chromium, close
from .support.inbox import inbox_site
from .support.servers import free_port, lead_service, postgres_schema, postgres_url, web


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
def web_without_service(tmp_path_factory):
    """The site with its lead service down: nothing listens where /api/* is forwarded."""
    with web(tmp_path_factory.mktemp("web-no-service"), f"http://127.0.0.1:{free_port()}") as url:
        yield url


@pytest.fixture(scope="session")
def postgres_site(tmp_path_factory):
    """The site on a lead service that stores in PostgreSQL (TEST_DATABASE_URL), in a schema of its
    own that is dropped afterwards: (site URL, an engine on that schema)."""
    with (
        postgres_schema(postgres_url(), "e2e") as (service_db, engine),
        lead_service(tmp_path_factory.mktemp("lead-service-pg"), service_db) as service_url,
        web(tmp_path_factory.mktemp("web-pg"), service_url) as site_url,
    ):
        yield site_url, engine


@pytest.fixture(params=["sqlite", "postgresql"])
def each_database(request, tmp_path):
    """A fresh database for one test, a SQLite file and then PostgreSQL (a schema of its own,
    dropped afterwards): (DATABASE_URL, an engine on it)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'leads.db'}"
        engine = create_engine(url)
        yield url, engine
        engine.dispose()
        return
    with postgres_schema(postgres_url(), request.node.originalname[:20]) as schema:
        yield schema


@pytest.fixture
def receivers():
    """A real SMTP server and a real webhook receiver for the outbox worker: (smtp, hook)."""
    smtp, hook = SmtpSink().start(), WebhookReceiver("worker-test-secret").start()
    yield smtp, hook
    smtp.stop()
    hook.stop()


@pytest.fixture(scope="session")
def lead_engine(lead_db):
    engine = create_engine(lead_db)
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture
def page(browser, web_url):
    """A fresh desktop-sized page whose relative URLs resolve against the site."""
    context = browser.new_context(base_url=web_url, viewport={"width": 1440, "height": 900})
    page = context.new_page()
    yield page
    close(page)


@pytest.fixture
def phone(browser, web_url):
    context = browser.new_context(
        base_url=web_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    yield page
    close(page)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def inbox(request, tmp_path_factory):
    """The staff inbox (tests/support/inbox.py) over each database, once per test module."""
    tmp = tmp_path_factory.mktemp(f"inbox-{request.param}")
    if request.param == "sqlite":
        url = f"sqlite:///{tmp / 'leads.db'}"
        engine = create_engine(url)
        with inbox_site(tmp, url, engine) as found:
            yield found
        engine.dispose()
        return
    with postgres_schema(postgres_url(), "inbox") as (url, engine), inbox_site(tmp, url, engine) as found:
        yield found


@pytest.fixture
def browse(browser, inbox):
    """Opens fresh browser contexts on the inbox, or on the public site at `origin` (a person each),
    recording what the page asked for and any Content-Security-Policy report; closes them after the
    test."""
    pages = []

    def open_page(origin: str | None = None):
        page = browser.new_context(
            base_url=origin or inbox.url, viewport={"width": 1280, "height": 900}
        ).new_page()
        page.requests, page.csp_errors = [], []
        page.on("request", lambda r: page.requests.append(r.url))
        page.on("console", lambda m: "Content Security Policy" in m.text and page.csp_errors.append(m.text))
        pages.append(page)
        return page

    yield open_page
    for page in pages:
        assert page.csp_errors == []
        close(page)


@pytest.fixture(scope="session")
def screenshots():
    """Screenshots for people to look at: test-results/screenshots (not committed)."""
    folder = Path(__file__).resolve().parent.parent / "test-results" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
