"""Debian's Chromium as the browser tests and the bench drive it (Playwright), and closing a test's
page."""

import os
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# Headless, and quiet: this machine's network is closed, so no background calls home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def chromium() -> Iterator[Browser]:
    """Chromium, launched with CHROMIUM_ARGS, closed afterwards."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def close(page: Page) -> None:
    """Closes a test's page. A route handler of the test may still be busy with a request the
    closing cuts short; its error would otherwise surface in the next test."""
    page.unroute_all(behavior="ignoreErrors")
    page.context.close()
