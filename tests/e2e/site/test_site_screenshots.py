"""Full-page screenshots of the home page and a case study at desktop and phone widths, saved
under test-results/screenshots for a person to look at (they are not committed)."""

import pytest

pytestmark = pytest.mark.e2e

WIDTHS = {"desktop": 1440, "phone": 390}
PAGES = {"home": "/", "case-study": "/case-studies/1"}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", PAGES)
def test_screenshot(browser, web_url, screenshots, name, width):
    context = browser.new_context(
        base_url=web_url, viewport={"width": WIDTHS[width], "height": 900}, reduced_motion="reduce"
    )
    page = context.new_page()
    page.goto(PAGES[name], wait_until="networkidle")
    # Scroll through once so that lazy images load, as they would for a reader.
    page.evaluate("""async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
    }""")
    page.wait_for_function("() => Array.from(document.images).every((image) => image.complete)")
    broken = page.evaluate("Array.from(document.images).filter((i) => !i.naturalWidth).map((i) => i.src)")
    path = screenshots / f"{name}-{width}.png"

    page.screenshot(path=path, full_page=True)
    no_sideways_scroll = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()

    assert path.stat().st_size > 10_000
    assert broken == []
    assert no_sideways_scroll
