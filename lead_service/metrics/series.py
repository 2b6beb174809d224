"""Every series the service's processes count. Each label takes a few known values only (a route's
rule, never its path; a method of HTTP's, never a visitor's word), so that no visitor can make a
new series."""

from prometheus_client import Counter, Histogram

REQUESTS = Counter(
    "http_requests",
    "Requests answered, by route (the URL rule), method and status.",
    ["route", "method", "status"],
)
LATENCY = Histogram(
    "http_request_duration_seconds",
    "Time to answer a request, by route and method.",
    ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
LEADS_ACCEPTED = Counter("leads_accepted", "Leads stored and queued for the sales team, by form.", ["form"])
LEADS_REFUSED = Counter(
    "leads_refused",
    "Leads not taken, by form and reason: validation (the fields), spam (the honeypot, kept apart, or"
    " Turnstile) or limit (the client's rate limit).",
    ["form", "reason"],
)
DELIVERIES = Counter(
    "outbox_deliveries",
    "Tries to send an outbox message on a channel, by channel and result.",
    ["channel", "result"],
)
SIGN_IN_FAILURES = Counter("inbox_sign_in_failures", "Failed inbox sign-in steps, by reason.", ["reason"])
LOCKS = Counter("inbox_locks", "Inbox accounts locked by failed tries, by what was locked.", ["kind"])
MAILBOX_MESSAGES = Counter(
    "mailbox_messages",
    "Messages of the sales mailbox the reader went through, by outcome: read (looked at), filed (into a"
    " lead's conversation) or set_aside (answering a lead, but not filed: the inbox's Not filed).",
    ["outcome"],
)
