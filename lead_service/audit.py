"""The audit trail: each act is added to the transaction of what it records, so that the two are
committed together or not at all. Only facts about an act are kept (a count, a length, a reason),
never what a lead or a search said."""

import json
from typing import Any

from flask import g, has_request_context

from .extensions import db
from .models.staff import AuditEvent

# Every action the trail records, as the audit page filters them.
ACTIONS = (
    # the first factor and the second right; detail: method (password, oidc), second_factor (totp,
    # recovery_code, or none after the OpenID provider's sign-in when the inbox asks no second factor)
    "sign_in",
    # detail: reason (password, disabled, locked, code, second_factor_locked, recovery_code;
    # with method oidc: oidc_failed, oidc_cancelled, oidc_unavailable, oidc_no_email,
    # oidc_unverified, oidc_not_staff, oidc_disabled); no actor for an address that is nobody's
    "sign_in_failed",
    # the OpenID provider's sign-in right, the inbox's second factor to follow
    "oidc_verified",
    "second_factor_locked",  # the tenth wrong code in a row: no code is checked until a recovery code
    # the account's fifth failure in 15 minutes from strangers' browsers: theirs wait from now on
    # (once a window; its user is e-mailed)
    "account_locked",
    "sign_out",
    "signed_out_everywhere",  # detail: sessions_ended (this one among them)
    "signature_changed",  # detail: length (0: removed)
    "enrolled",  # second factor set up
    "recovery_code_used",  # detail: codes_left
    "password_changed",  # by its owner; detail: sessions_ended (the others; this one goes on)
    # detail: reason (password; too_many: tries at the same moment, past the count, none checked),
    # session_ended (the last try a session may make)
    "password_change_failed",
    "lead_viewed",
    "leads_listed",  # a page of the list; detail: rows, the view's filters
    "search",  # a page of a search; detail: rows, query_length, the view's filters
    "due_listed",  # the Due view; detail: rows, who (mine, everyone)
    "board_read",  # the board or a column of it; detail: rows (cards)
    "notification_retried",
    "status_changed",  # detail: before, after
    # detail: owner_id (null: nobody), rule_id (no actor: given by that assignment rule)
    "owner_changed",
    "duplicates_listed",  # the people who may be a lead's person; detail: rows
    # another lead's person merged into the lead's; detail: merge_id, other_lead, addresses (moved)
    "person_merged",
    "person_merge_undone",  # detail: merge_id, addresses (moved back)
    "deal_made",  # detail: stage_id
    "deal_changed",  # its values or its stage; detail: stage_before, stage_after
    "next_step_set",  # detail: on (the day), length (of its text)
    "next_step_cleared",
    "response_target_set",  # detail: hours (null: lifted)
    "stage_changed",  # a stage renamed or weighed again; detail: stage_id, probability
    "stages_ordered",  # detail: stage_ids (comma-separated, in their new order)
    "lost_reason_added",  # detail: lost_reason_id
    "lost_reason_removed",  # detail: lost_reason_id
    "assignment_rule_added",  # detail: rule_id
    "assignment_rule_changed",  # detail: rule_id
    "assignment_rule_removed",  # detail: rule_id
    "assignment_rules_ordered",  # detail: rule_ids (comma-separated, in their new order)
    "staff_group_added",  # detail: group_id, members (how many)
    "staff_group_changed",  # detail: group_id, members (how many)
    "staff_group_removed",  # detail: group_id
    "availability_changed",  # detail: user_id, away, open_leads_cap
    "webhook_added",  # a webhook endpoint, its secret shown once; detail: endpoint_id, events (how many)
    "webhook_changed",  # its URL, description, events or switch; detail: endpoint_id, enabled
    "webhook_removed",  # with its delivery log; detail: endpoint_id
    "webhook_secret_rotated",  # a new secret shown once, the old one void; detail: endpoint_id
    "webhook_tested",  # a webhook.test event queued; detail: endpoint_id, delivery_id
    "webhook_redelivered",  # a delivery sent again, same webhook-id; detail: endpoint_id, delivery_id
    "unowned_alert_set",  # detail: minutes (null: lifted)
    "note_added",  # detail: note_id
    "note_edited",  # detail: note_id
    "reply_sent",  # written and queued, not yet sent; detail: message_id, length
    # the lead's answer read from the sales mailbox (no actor); detail: message_id, other_address
    # (sent from an address not the lead's: nobody told until it is confirmed)
    "reply_received",
    "answer_confirmed",  # an answer from another address confirmed as the lead's; detail: message_id
    # a message of the sales mailbox that answers a lead but could not be filed (no actor); detail:
    # set_aside_id
    "message_set_aside",
    "unfiled_listed",  # the Not filed list read; detail: rows
    "unfiled_viewed",  # one message set aside read whole; detail: set_aside_id
    "set_aside_filed",  # filed by hand into a lead; detail: set_aside_id, message_id
    "set_aside_dismissed",  # detail: set_aside_id
    "view_saved",  # a view of the list saved by name; detail: view_id, shared
    "view_removed",  # detail: view_id
    "saved_reply_added",  # detail: saved_reply_id
    "saved_reply_changed",  # detail: saved_reply_id
    "saved_reply_removed",  # detail: saved_reply_id
    "marked_spam",
    "marked_not_spam",  # its notification queued, unless it had one
    "export",  # a download begun, before its first byte; detail: the view's filters, query_length
    "export_finished",  # detail: rows, complete (the download was not cut short)
    # a person's leads erased (no actor: from the command line); detail: the counts removed (contact,
    # quote, notes, notifications, keys, messages) and address_hash, the address's HMAC (retention.py);
    # restored: true when a restored backup's copy of them was erased again (the erasure ledger)
    "erase",
    "erasure_previewed",  # the addresses an erasure would take, read; detail: addresses (how many)
    "user_added",  # detail: user_id, role (an invitation made for them)
    # a new invitation for an existing user, their password void; detail: user_id, sessions_ended
    "user_invited",
    "invitation_accepted",  # the user chose their password at their invitation's link
    "user_disabled",
    "password_reset",
    "two_factor_reset",
    "token_created",  # detail: token_id, scopes (space-separated), days
    "token_revoked",  # detail: token_id
    # a page of /api/v1/changes, with a token; detail: rows (changes), erased (tombstones among them)
    "changes_listed",
    "audit_read",  # a page of the audit trail, with a token; detail: rows
)


def record(action: str, actor_id: int | None = None, lead: int | None = None, **detail: Any) -> None:
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action!r}")
    # An act made with an API token names it, whichever code records the act.
    token = g.get("api_token") if has_request_context() else None
    db.session.add(
        AuditEvent(
            actor_id=actor_id,
            token_id=token.id if token is not None else None,
            action=action,
            lead_id=lead,
            detail=json.dumps(detail, sort_keys=True) if detail else None,
        )
    )
