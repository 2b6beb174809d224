"""Lead intake while the inbox's sign-in is flooded, as `make run` serves the site (the lead service's
public part and its inbox's, the site's server for the public and for the inbox on an origin of its
own, the inbox's two at a lower CPU priority), on each database: contact leads sent through the site
one after another, first with nothing else going on, then during 20 s of 48 parallel sign-in
attempts for random addresses through the inbox's origin (each its page's token, then the password
step), from a process of their own. The flood comes from everywhere: each attempt from an address of
its own (the site believes one proxy's X-Forwarded-For here), and the rate limits are off, so that
neither the limits nor the per-address holds stop it before its password is checked; only the hash
slots do. Every lead answered 201 must be stored."""

import multiprocessing
import os
import secrets
import statistics
import threading
import time
from collections import Counter
from pathlib import Path

import requests
from sqlalchemy import text

from lead_service.inbox.auth.auth_api import CSRF_COOKIE
from lead_service.inbox.auth.guard import CSRF_HEADER
from tests.support.inbox import inbox_site

from .services import on_each_database

FLOOD_SECONDS = 20
FLOOD_CLIENTS = 48
IDLE_LEADS = 200
BAR_RATIO = 2.0


def _lead(n: int) -> dict[str, str]:
    return {
        "name": f"Bench Lead {n}",
        "email": f"lead{n}@benchmark-leads.io",
        "company": "Benchmark Ltd",
        "phone": "+8801712345678",
        "message": "Please call us about a project.",
        "page": "/",
    }


def _sign_ins(inbox: str, until: float, statuses: list[int]) -> None:
    """One client's sign-in attempts, back to back, until `until`."""
    session = requests.Session()
    while time.monotonic() < until:
        # A documentation address of its own (2001:db8::/32), a /64 apart from any other's.
        headers = {
            "Origin": inbox,
            "Sec-Fetch-Site": "same-origin",
            "X-Forwarded-For": f"2001:db8:{secrets.randbelow(65536):x}:{secrets.randbelow(65536):x}::1",
        }
        try:
            page = session.get(f"{inbox}/api/inbox/sign-in", headers=headers, timeout=30)
            token = page.json()["csrf"]
            # Sent by hand: Python's cookie jar keeps a Secure cookie from plain HTTP, which a
            # browser sends to localhost.
            cookie = f"{CSRF_COOKIE}={page.cookies[CSRF_COOKIE]}"
            answer = session.post(
                f"{inbox}/api/inbox/sign-in",
                json={"email": f"{secrets.token_hex(6)}@guess.example", "password": secrets.token_hex(8)},
                headers={**headers, CSRF_HEADER: token, "Cookie": cookie},
                timeout=30,
            )
            statuses.append(answer.status_code)
        except (requests.RequestException, KeyError, ValueError):
            statuses.append(0)


def _flood(inbox: str, seconds: float, clients: int, answers) -> None:
    """`clients` threads of sign-in attempts for `seconds`; their answers' statuses, counted, into the
    queue `answers`."""
    # The flood's own client at the lowest CPU priority: an attacker's machines are not the site's,
    # and on two cores its threads would otherwise take the CPU the site's servers need.
    os.nice(19)
    until = time.monotonic() + seconds
    statuses: list[int] = []
    threads = [threading.Thread(target=_sign_ins, args=(inbox, until, statuses)) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    answers.put(dict(Counter(statuses)))


def _send(site: str, numbers: range | list[int], stop: float | None = None) -> tuple[list[float], list[int]]:
    """Sends a lead for each number in turn (until `stop`): the times taken, in ms, and the numbers
    answered 201."""
    times, accepted = [], []
    with requests.Session() as client:
        for n in numbers:
            if stop is not None and time.monotonic() >= stop:
                break
            began = time.perf_counter()
            answer = client.post(f"{site}/api/contact", json=_lead(n), timeout=60)
            times.append((time.perf_counter() - began) * 1000)
            if answer.status_code == 201:
                accepted.append(n)
    return times, accepted


def _quantiles(times: list[float]) -> dict[str, float]:
    return {
        "p50_ms": statistics.median(times),
        "p95_ms": statistics.quantiles(times, n=20)[18],
        "leads": len(times),
    }


def sign_in_flood(tmp: Path) -> list[dict]:
    return on_each_database(tmp, _measured)


def _measured(tmp: Path, url: str, engine) -> dict:
    with inbox_site(tmp, url, engine, settings={"TRUSTED_PROXY_HOPS": "1"}) as site:
        _send(site.site, range(-20, 0))  # warm-up
        idle, idle_accepted = _send(site.site, range(IDLE_LEADS))
        answers = multiprocessing.get_context("spawn").Queue()
        flood = multiprocessing.get_context("spawn").Process(
            target=_flood, args=(site.url, FLOOD_SECONDS, FLOOD_CLIENTS, answers)
        )
        flood.start()
        time.sleep(1)  # the flood under way
        flooded, flood_accepted = _send(
            site.site, range(IDLE_LEADS, IDLE_LEADS + 100_000), stop=time.monotonic() + FLOOD_SECONDS - 2
        )
        sign_ins = answers.get(timeout=FLOOD_SECONDS + 120)
        flood.join()
        accepted = idle_accepted + flood_accepted
        with engine.connect() as connection:
            stored = set(connection.execute(text("SELECT email FROM leads WHERE form = 'contact'")).scalars())
    idle_q, flood_q = _quantiles(idle), _quantiles(flooded)
    return {
        "idle": idle_q,
        "flood": flood_q,
        "ratio_p95": flood_q["p95_ms"] / idle_q["p95_ms"],
        "sent": len(idle) + len(flooded),
        "accepted": len(accepted),
        # Leads answered 201 that are not in the database.
        "lost": sum(_lead(n)["email"] not in stored for n in accepted),
        "sign_ins": {str(status): count for status, count in sorted(sign_ins.items())},
    }
