"""Replies to a lead from its page, in a real Chromium over SQLite and PostgreSQL: a reply shows on
the conversation at once, goes through the running outbox worker to a real SMTP server from the
sales address under its writer's name, and the next one is threaded under it; the lead's answer,
read by the mailbox reader from a real IMAP server (Dovecot), shows on the conversation as text
with its attachments listed; a viewer reads the conversation and is offered no reply; a reply starts from an
admin's saved reply, filled in for its lead."""

from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import text

from lead_service.tests.mailbox_server import Dovecot
from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from lead_service.tests.samples import CONTACT

from ...support.inbox import SALES_EMAIL, next_code, open_signed_in, sign_in
from ...support.servers import start_mailbox_reader, start_outbox_worker, stop

pytestmark = pytest.mark.e2e


def _signed_in(inbox, browse, email: str, role: str = "sales"):
    secret = inbox.enrolled_staff(email, role)
    page = browse()
    sign_in(page, email, next_code(secret))
    return page


def _replies(sink: SmtpSink, to: str = "Nadia Rahman <answered@lead.io>") -> list:
    return [message for message in sink.messages if str(message["To"]) == to]


def _send(page, text: str) -> None:
    conversation = page.get_by_role("region", name="Conversation")
    conversation.get_by_label("Reply by e-mail").fill(text)
    conversation.get_by_role("button", name="Send reply").click()
    conversation.locator("li").filter(has_text=text).wait_for()


def test_a_reply_shows_at_once_and_reaches_the_lead_from_the_sales_address_threaded(inbox, browse, tmp_path):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Nadia Rahman", "email": "answered@lead.io"})
    path = inbox.lead_path("answered@lead.io")
    page = _signed_in(inbox, browse, "replier@work.example")
    open_signed_in(page, path)

    _send(page, "Thank you, Nadia.\nMay we call you tomorrow?")

    first = page.locator("[data-message]").first
    assert "Waiting to be sent" in first.inner_text()
    assert "A sales to answered@lead.io" in first.inner_text()
    # A new lead is contacted by its first reply.
    work = page.get_by_role("form", name="Status and owner")
    assert work.get_by_label("Status").input_value() == "contacted"
    sink = SmtpSink().start()
    settings = {**smtp_settings(sink.port), "SALES_EMAIL": SALES_EMAIL, "INBOX_URL": inbox.url}
    worker = start_outbox_worker(tmp_path, inbox.database, settings)
    try:
        wait_for(lambda: _replies(sink), 30, "the reply")
        page.reload()
        page.locator("[data-message][data-delivery=sent]").wait_for()
        _send(page, "One more thing.")
        wait_for(lambda: len(sink.messages) >= 3, 30, "the second reply")  # with the lead's notification
    finally:
        stop(worker)
        sink.stop()
    replies = _replies(sink)
    assert [str(m["From"]) for m in replies] == [f"A sales <{SALES_EMAIL}>"] * 2
    assert replies[0].get_content() == "Thank you, Nadia.\r\nMay we call you tomorrow?\r\n"
    assert replies[1]["In-Reply-To"] == replies[0]["Message-ID"]
    assert replies[1]["Subject"] == f"Re: {replies[0]['Subject']}"


def _answer_to(reply: EmailMessage) -> EmailMessage:
    """The lead's answer, from a mail program that sends HTML alone, with a file."""
    answer = EmailMessage()
    answer["From"] = str(reply["To"])
    answer["To"] = str(reply["From"])
    answer["Subject"] = f"Re: {reply['Subject']}"
    answer["Message-ID"] = make_msgid(domain="lead.io")
    answer["In-Reply-To"] = reply["Message-ID"]
    answer["References"] = reply["Message-ID"]
    answer.set_content(
        "<p>Tomorrow at <b>ten</b> is fine.</p><script>document.title = 'ran'</script>"
        '<img src="x" onerror="alert(1)">',
        subtype="html",
    )
    answer.add_attachment(b"x" * 2048, maintype="application", subtype="pdf", filename="brief.pdf")
    return answer


def test_the_leads_answer_shows_on_its_conversation_its_owner_is_told_and_other_mail_is_left(
    inbox, browse, tmp_path
):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Omar Haddad", "email": "wrote-back@lead.io"})
    owner = "reader-of-answers@work.example"
    page = _signed_in(inbox, browse, owner)
    page.on("dialog", lambda dialog: pytest.fail(f"the answer ran a script: {dialog.message}"))
    open_signed_in(page, inbox.lead_path("wrote-back@lead.io"))
    with inbox.engine.connect() as connection:
        owner_id = connection.execute(
            text("SELECT id FROM staff_users WHERE email = :e"), {"e": owner}
        ).scalar()
    work = page.get_by_role("form", name="Status and owner")
    work.get_by_label("Owner").select_option(str(owner_id))
    work.get_by_role("button", name="Save").click()
    page.get_by_role("status").filter(has_text="Saved.").wait_for()
    _send(page, "May we call you tomorrow?")
    sink, mailbox = SmtpSink().start(), Dovecot().start()
    settings = {
        **smtp_settings(sink.port),
        **{name: str(value) for name, value in mailbox.settings().items()},
        "IMAP_POLL_SECONDS": "0.2",
        "SALES_EMAIL": SALES_EMAIL,
        "INBOX_URL": inbox.url,
    }
    worker = start_outbox_worker(tmp_path, inbox.database, settings)
    reader = start_mailbox_reader(tmp_path, inbox.database, settings)
    try:
        [reply] = wait_for(lambda: _replies(sink, "Omar Haddad <wrote-back@lead.io>"), 30, "the reply")
        other = EmailMessage()
        other["From"], other["To"], other["Subject"] = "vendor@else.example", SALES_EMAIL, "Our offer"
        other["Message-ID"] = make_msgid(domain="else.example")
        other.set_content("Not an answer to any lead.")
        mailbox.deliver(other, _answer_to(reply))
        told = wait_for(
            lambda: [m for m in sink.messages if str(m["Subject"]) == "Omar Haddad answered"],
            30,
            "the owner told",
        )
        flags = mailbox.flags()
    finally:
        stop(reader)
        stop(worker)
        mailbox.stop()
        sink.stop()

    assert [str(m["To"]) for m in told] == [f"A sales <{owner}>"]
    page.reload()
    answers = page.locator("[data-message][data-direction=in]")
    assert answers.count() == 1
    text_shown = answers.inner_text()
    assert "wrote-back@lead.io to the team" in text_shown
    assert "Tomorrow at ten is fine." in text_shown
    assert "brief.pdf (2 KB)" in text_shown
    assert "Our offer" not in page.content()
    assert "document.title" not in text_shown and page.title() != "ran"
    # Read, and left as it was: neither message is marked as read.
    assert len(flags) == 2 and all(b"\\Seen" not in each for each in flags)


def test_a_viewer_reads_the_conversation_and_is_offered_no_reply(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "read-only@lead.io"})
    path = inbox.lead_path("read-only@lead.io")
    writer = _signed_in(inbox, browse, "writer@work.example")
    open_signed_in(writer, path)
    _send(writer, "Written by sales.")

    viewer = _signed_in(inbox, browse, "reader@work.example", "viewer")
    open_signed_in(viewer, path)

    conversation = viewer.get_by_role("region", name="Conversation")
    conversation.locator("li").filter(has_text="Written by sales.").wait_for()
    assert conversation.get_by_label("Reply by e-mail").count() == 0


def test_a_reply_starts_from_a_saved_reply_filled_in_for_its_lead(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Karim Uddin", "email": "templated@lead.io"})
    admin = _signed_in(inbox, browse, "keeper@work.example", "admin")
    open_signed_in(admin, "/inbox/saved-replies")
    new = admin.get_by_role("region", name="New saved reply")
    new.get_by_label("Title").fill("Thanks")
    new.get_by_label("Text").fill("Dear {first_name},\nthank you for your {form} from {company}.\n{sender}")
    new.get_by_role("button", name="Save reply").click()
    admin.locator("[data-saved-reply]").filter(has_text="Thanks").wait_for()

    page = _signed_in(inbox, browse, "templater@work.example")
    open_signed_in(page, inbox.lead_path("templated@lead.io"))
    conversation = page.get_by_role("region", name="Conversation")
    conversation.get_by_label("Start from a saved reply").select_option(label="Thanks")
    written = conversation.get_by_label("Reply by e-mail")
    assert written.input_value() == (
        f"Dear Karim,\nthank you for your Contact Us from {CONTACT['company']}.\nA sales"
    )
    written.press("End")
    written.type(" (sales)")
    conversation.get_by_role("button", name="Send reply").click()
    conversation.locator("li").filter(has_text="A sales (sales)").wait_for()
    # A viewer reads the saved replies and is offered no change.
    viewer = _signed_in(inbox, browse, "looker@work.example", "viewer")
    open_signed_in(viewer, "/inbox/saved-replies")
    viewer.locator("[data-saved-reply]").filter(has_text="Thanks").wait_for()
    assert viewer.get_by_role("region", name="New saved reply").count() == 0
    assert viewer.get_by_text("Change or remove").count() == 0


def _signature(inbox, email: str) -> str | None:
    with inbox.engine.connect() as connection:
        query = text("SELECT signature FROM staff_users WHERE email = :email")
        return connection.execute(query, {"email": email}).scalar()


def test_a_reply_ends_with_the_signature_kept_on_the_account_page(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Sami Signed", "email": "signed@lead.io"})
    page = _signed_in(inbox, browse, "signer@work.example")
    open_signed_in(page, "/inbox/account")
    form = page.get_by_role("form", name="Signature")
    form.get_by_label("Signature").fill("Ana Silva\nTidewell Digital")
    form.get_by_role("button", name="Save signature").click()
    wait_for(lambda: _signature(inbox, "signer@work.example"), 10, "the signature kept")
    page.reload()
    assert page.get_by_role("form", name="Signature").get_by_label("Signature").input_value() == (
        "Ana Silva\nTidewell Digital"
    )

    open_signed_in(page, inbox.lead_path("signed@lead.io"))
    _send(page, "Thank you, Sami.")

    reply = page.locator("[data-message]").first.inner_text()
    assert "Thank you, Sami.\n\n-- \nAna Silva\nTidewell Digital" in reply
