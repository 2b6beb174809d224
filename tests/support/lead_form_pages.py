"""Each lead form where a visitor meets it: the header's Contact Us modal (on a page of its own and on
/request-demo, whose booking widget is the scheduling service's, so the modal is its form), the home
hero's quote form, a service page's quote dialog and the case-studies form; reached, filled in as
at once as a browser's autofill does it, and sent."""

from dataclasses import dataclass

from playwright.sync_api import Locator, Page, expect

from .lead_forms import FORMS, QUOTE, open_modal, wait_hydrated
from .site import visit


@dataclass(frozen=True)
class LeadFormPage:
    id: str
    path: str
    form: str  # a key of forms.json's forms
    dialog: bool

    @property
    def spec(self) -> dict:
        return FORMS["forms"][self.form]

    def open(self, page: Page) -> Locator:
        """The page visited and the form reached, hydrated."""
        visit(page, self.path)
        return self.reach(page)

    def reach(self, page: Page) -> Locator:
        """On its page: the form, its dialog opened first (unless the page came back from the
        browser's back-forward cache with it open)."""
        scope = page.get_by_role("dialog", name=self.spec["title"])
        if not self.dialog:
            scope = page.locator(f'[data-lead-form="{self.form}"]')
        elif scope.is_visible():
            pass
        elif self.form == "contact":
            scope = open_modal(page)
        else:
            page.get_by_role("button", name="Request a Quote").click()
            expect(scope).to_be_visible()
        wait_hydrated(page, f'[data-lead-form="{self.form}"]')
        return scope

    def values(self, email: str, phone: str) -> dict[str, str]:
        """What a visitor enters, by field name: the phone last, as it is the field under test."""
        if self.form == "quote":
            return {
                "name": "Mei Tan",
                "email": email,
                "budget": QUOTE["fields"]["budget"]["options"][1],
                "project": "A web portal",
                "phone": phone,
            }
        return {"name": "Mei Tan", "company": "Tan & Co", "email": email, "message": "Hello", "phone": phone}

    def fill(self, scope: Locator, values: dict[str, str]) -> None:
        for name, value in values.items():
            label = self.spec["fields"][name]["label"]
            if name == "budget":
                scope.get_by_role("combobox", name=label).click()
                scope.page.get_by_role("option", name=value, exact=True).click()
            else:
                scope.get_by_role("textbox", name=label, exact=True).fill(value)

    def send(self, scope: Locator) -> None:
        scope.get_by_role("button", name=self.spec["submit"]["label"]).click()

    def success(self, page: Page) -> Locator:
        return page.get_by_role("dialog", name=self.spec["success"]["title"])

    def text_fields(self) -> list[str]:
        return [name for name in self.values("", "") if name != "budget"]


FORM_PAGES = [
    LeadFormPage("contact modal", "/about", "contact", dialog=True),
    LeadFormPage("request-demo page", "/request-demo", "contact", dialog=True),
    LeadFormPage("quote form", "/", "quote", dialog=False),
    LeadFormPage("quote dialog", "/services/8", "quote", dialog=True),
    LeadFormPage("case-studies form", "/case-studies", "caseStudiesContact", dialog=False),
]
