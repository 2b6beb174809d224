"""The quote form's phone field is a plain field until react-phone-number-input arrives, which then
takes it over. Whatever the visitor does while the library is on its way (quick typing, a paste, a
deletion, a moved caret or a selection) is what the library shows and sends once it has taken
over: the library's script files are held back by the test and let through mid-typing, with the
network's latency and a slower CPU applied, on the home page's form and a service page's dialog.
The field asks for the library, and lets it take over, when the visitor pauses in their typing."""

import itertools
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Keyboard, Page, expect

from ...support.lead_forms import FORMS, QUOTE, HeldScripts, wait_hydrated
from ...support.site import visit

pytestmark = pytest.mark.e2e

DEFAULT_COUNTRY = FORMS["defaultPhoneCountry"]
LATENCIES_MS = (50, 100, 200)
CPU_SLOWDOWNS = (1, 4)
# How many of the visitor's steps are done before the library's held files are let through.
RELEASES_AFTER = (0, 4, 8)
KEY_GAP_MS = 20  # a quick typist
# After the first three keys the visitor pauses, longer than the field waits for (half a second):
# the library is asked for then, and arrives before, while or after the rest is entered.
PAUSE_BEFORE_STEP = 3
PAUSE_MS = 800
ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/156.0 Mobile Safari/537.36"
)

# A Bangladeshi mobile number as a quick visitor enters it: typed, part of it pasted, a slip
# deleted, the rest typed. Each step is one key or one paste.
STEPS: list[Callable[[Keyboard], None]] = [
    *(lambda keyboard, key=key: keyboard.press(key) for key in "171"),
    lambda keyboard: keyboard.insert_text("2349"),  # a paste
    lambda keyboard: keyboard.press("Backspace"),  # the slip: the 9
    *(lambda keyboard, key=key: keyboard.press(key) for key in "5678"),
]
TYPED = "1712345678"  # what the steps leave


def slow_down(page: Page, latency_ms: int, cpu: int) -> None:
    devtools = page.context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def home_form(page: Page):
    visit(page, "/")
    wait_hydrated(page, '[data-lead-form="quote"]')
    return page.locator('[data-lead-form="quote"]')


def service_dialog(page: Page):
    visit(page, "/services/8")
    page.get_by_role("button", name="Request a Quote").click()
    dialog = page.get_by_role("dialog", name=QUOTE["title"])
    expect(dialog.get_by_role("textbox", name="Name")).to_be_focused()
    wait_hydrated(page, 'dialog[open] [data-lead-form="quote"]')
    return dialog


FORMS_ON_PAGES = {"home": home_form, "service dialog": service_dialog}


def number_characters(text: str) -> str:
    """The number in a field's text as the library reads it: its digits, and a leading plus."""
    return re.sub(r"(?!^\+)\D", "", text.strip())


def selection(phone) -> list:
    return phone.evaluate("(input) => [input.selectionStart, input.selectionEnd, input.selectionDirection]")


def shown_by_the_library(browser, web_url: str) -> str:
    """What the library shows for the steps when it is there from the start."""
    context = browser.new_context(base_url=web_url)
    page = context.new_page()
    form = home_form(page)
    phone = form.get_by_role("textbox", name="Phone")
    phone.focus()
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    expect(phone).to_be_focused()
    for step in STEPS:
        step(page.keyboard)
    value = phone.input_value()
    context.close()
    return value


def quick_visitor(browser, web_url: str, where: str, latency: int, cpu: int, release_after: int):
    """One try: what the phone field shows once the library has taken over, and whether the caret
    is at its end with the focus still in it."""
    context = browser.new_context(base_url=web_url, viewport={"width": 1440, "height": 900})
    page = context.new_page()
    form = FORMS_ON_PAGES[where](page)
    form.get_by_role("textbox", name="Name").fill("Rahim Uddin")
    scripts = HeldScripts(page)
    slow_down(page, latency, cpu)
    phone = form.get_by_role("textbox", name="Phone")
    phone.click()  # the press that asks for the library
    for index, step in enumerate(STEPS):
        if index == PAUSE_BEFORE_STEP:
            page.wait_for_timeout(PAUSE_MS)
        if index == release_after:
            scripts.release()
        step(page.keyboard)
        page.wait_for_timeout(KEY_GAP_MS)
    scripts.release()
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached(timeout=10_000)
    page.wait_for_timeout(300)  # anything the take-over still had to do
    shown = phone.input_value()
    start, end, _ = selection(phone)
    at_the_end = start == end == len(shown) and phone.evaluate("(input) => input === document.activeElement")
    context.close()
    return shown, at_the_end


def test_every_step_of_a_quick_visitor_is_kept_whenever_the_library_arrives(browser, web_url):
    expected = shown_by_the_library(browser, web_url)
    assert number_characters(expected) == TYPED
    tries = list(itertools.product(FORMS_ON_PAGES, LATENCIES_MS, CPU_SLOWDOWNS, RELEASES_AFTER))
    changed = []
    for where, latency, cpu, release_after in tries:
        shown, at_the_end = quick_visitor(browser, web_url, where, latency, cpu, release_after)
        if shown != expected or not at_the_end:
            kept = number_characters(shown) in (TYPED, f"+{DEFAULT_COUNTRY['dialCode']}{TYPED}")
            what = "the same number" if kept else "a key lost or misplaced"
            changed.append(
                f"{where}, {latency} ms, CPU {cpu}x slower, released after step {release_after}:"
                f" {shown!r}, {what}, caret at the end: {at_the_end}"
            )
    assert changed == [], f"{len(changed)} of {len(tries)} tries:\n" + "\n".join(changed)


def test_the_library_waits_for_a_pause_in_the_typing(page):
    """Its start on a slow phone is a long task, which would hold a key back: a visitor who keeps
    typing types into the plain field, and the library is asked for once they stop."""
    form = home_form(page)
    phone = form.get_by_role("textbox", name="Phone")
    phone.click()
    for key in "01712345678":
        page.keyboard.press(key)
        page.wait_for_timeout(150)  # a steady typist: never half a second between keys
    # Asked for at the press, the library would be here by now: drawn hidden beside the plain field,
    # or already in its place.
    expect(form.locator('[data-phone-field="pending"]')).to_be_attached()
    expect(form.locator("[data-phone-field] [hidden]")).to_have_count(0)

    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    expect(phone).to_have_value("01712-345678")


@pytest.mark.parametrize("user_agent", [None, ANDROID], ids=["desktop", "android"])
@pytest.mark.parametrize(
    ("selected", "number_selected", "after_typing_9"),
    [((5, 5), "", "017129345678"), ((1, 5), "1712", "09345678")],
    ids=["caret", "selection"],
)
def test_the_caret_or_a_selection_stays_on_the_same_digits(
    browser, web_url, user_agent, selected, number_selected, after_typing_9
):
    """The library formats what was typed ("01712345678" becomes "01712-345678"); the caret, or a
    selection and its direction, stay around the same digits, and typing goes on from there. On
    Android the library puts its caret down a task later: the selection must survive that too."""
    context = browser.new_context(base_url=web_url, user_agent=user_agent)
    page = context.new_page()
    form = home_form(page)
    scripts = HeldScripts(page)
    phone = form.get_by_role("textbox", name="Phone")
    phone.click()
    page.keyboard.type("01712345678")
    phone.evaluate("(input, [start, end]) => input.setSelectionRange(start, end, 'backward')", list(selected))
    scripts.wait_for_a_request(page)
    expect(form.locator('[data-phone-field="pending"]')).to_be_attached()

    scripts.release()
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    page.wait_for_timeout(100)  # past the library's own later caret on Android
    expect(phone).to_have_value("01712-345678")
    expect(phone).to_be_focused()
    expect(form.get_by_role("combobox", name="Phone number country")).to_have_value(DEFAULT_COUNTRY["iso2"])
    start, end, direction = selection(phone)
    shown = phone.input_value()
    assert number_characters(shown[:start]) == "01712345678"[: selected[0]]
    assert number_characters(shown[start:end]) == number_selected
    if number_selected:
        assert direction == "backward"

    page.keyboard.type("9")
    expect(phone).to_have_value(re.compile(r"[\d\s-]+"))
    assert number_characters(phone.input_value()) == after_typing_9
    context.close()


def test_the_library_waits_for_an_input_method_to_finish_its_composition(page):
    """An input method composing in the plain field (a phone keyboard's suggestion, say) would be cut
    short by the swap: the library takes over once the composition is committed, with its text."""
    form = home_form(page)
    scripts = HeldScripts(page)
    phone = form.get_by_role("textbox", name="Phone")
    phone.click()
    devtools = page.context.new_cdp_session(page)
    devtools.send("Input.imeSetComposition", {"text": "0171", "selectionStart": 4, "selectionEnd": 4})
    scripts.wait_for_a_request(page)
    scripts.release()
    page.wait_for_timeout(1000)  # the library has arrived, and waits
    expect(form.locator('[data-phone-field="pending"]')).to_be_attached()
    # Drawn already, hidden: the plain field alone has the field's id and name until the take-over.
    expect(form.locator('[data-phone-field] [hidden] input[type="tel"]')).to_have_count(1)
    expect(form.locator("[data-phone-field] input[id]")).to_have_count(1)
    expect(form.locator('input[name="phone"]')).to_have_count(1)

    devtools.send("Input.insertText", {"text": "01712"})  # the composition committed
    expect(form.locator('[data-phone-field="ready"]')).to_be_attached()
    expect(phone).to_be_focused()
    page.keyboard.type("345678")
    expect(phone).to_have_value("01712-345678")
