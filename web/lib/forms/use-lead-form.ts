"use client";

import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";

import { track } from "@/lib/analytics/events";
import { storedFirstTouch } from "@/lib/analytics/first-touch";
import { FORM_EVENTS } from "@/lib/analytics/form-events";
import { randomUuid } from "@/lib/random-uuid";

import type { FormConfig } from "./config";
import { readDraft, withDraft, writeDraft } from "./drafts";
import { fixableFields, leadOf, leadRequest, type Attempt } from "./lead-request";
import { attributionOf, validate, type FieldErrors, type FormValues } from "./rules";
import { sendLead, type SendResult } from "./send-lead";

/** `offline`: the browser was offline when it sent the form, which goes again once it is back. */
export type FormStatus = "idle" | "submitting" | "sent" | "failed" | "offline";

/** The id of a field's control, so labels, error texts and focus all find it. */
export const controlId = (formId: string, field: string) => `${formId}-${field}`;
export const errorId = (formId: string, field: string) => `${formId}-${field}-error`;

function emptyValues(config: FormConfig): FormValues {
  return Object.fromEntries(config.fields.map(([name]) => [name, ""]));
}

const isEmpty = (values: FormValues) => !Object.values(values).some(Boolean);

/**
 * The one engine behind every lead form: values, the rules of forms.json,
 * the submitting state, the answer, the draft kept in this tab, and the Idempotency-Key that a
 * retry of the same submission reuses. `phoneCountry`: the country the phone field's list shows,
 * for a form that has one.
 */
export function useLeadForm(config: FormConfig, formId: string, phoneCountry?: string) {
  const [values, setValues] = useState(() => emptyValues(config));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>("idle");
  const [announcement, setAnnouncement] = useState("");
  // The draft is read once the page has hydrated (the server's HTML has none), then kept.
  const draftRead = useRef<boolean>(undefined);
  const lastAttempt = useRef<Attempt>(undefined);
  const formElement = useRef<HTMLFormElement | null>(null);
  // Cloudflare Turnstile (when configured): the current token, and how to get a fresh one after
  // a try has spent it.
  const turnstileToken = useRef("");
  const resetTurnstile = useRef<() => void>(() => {});
  const events = FORM_EVENTS[config.name];

  function clearError(name: string) {
    setErrors((current) => {
      if (!(name in current)) {
        return current;
      }
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }

  // The draft: read once, a task after the form first shows (a dialog's opening paints without
  // waiting on storage), then written at each change of the values, and of the status, as a
  // submission starts (its attempt) and ends (sent, nothing is left).
  useEffect(() => {
    if (draftRead.current) {
      writeDraft(config.name, isEmpty(values) && !lastAttempt.current ? null : { values, attempt: lastAttempt.current });
    } else if (draftRead.current === undefined) {
      // Asked for: nothing is written before the draft is read, which it would overwrite.
      draftRead.current = false;
      setTimeout(() => {
        const kept = readDraft(config.name);
        draftRead.current = true;
        if (kept) {
          setValues((current) => withDraft(current, kept.values));
          lastAttempt.current ??= kept.attempt;
        }
      });
    }
  }, [config, values, status]);

  // Offline, the form goes again, with the same key, as soon as the browser is back online.
  useEffect(() => {
    if (status !== "offline") {
      return;
    }
    // Without a submitter: not the visitor's press.
    const resend = () => formElement.current?.requestSubmit();
    window.addEventListener("online", resend);
    return () => window.removeEventListener("online", resend);
  }, [status]);

  /** A change of the field's value. Only the visitor's own changes clear its error, so a message
   * stays on screen until they act on it, and make the next send a new submission (`byVisitor`
   * false: the page reformatting what it holds). */
  function setValue(name: string, value: string, byVisitor = true) {
    setValues((current) => ({ ...current, [name]: value }));
    if (byVisitor) {
      clearError(name);
      // A changed form is a new submission.
      lastAttempt.current = undefined;
    }
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    setAnnouncement(config.messages.checkFields);
    const first = config.fields.find(([name]) => name in found);
    if (first) {
      document.getElementById(controlId(formId, first[0]))?.focus();
    }
  }

  /** The form's own rules (and Turnstile's answer): true when it may be sent, else the errors show. */
  function passesChecks(): boolean {
    const found = validate(config, values);
    if (config.turnstile && !turnstileToken.current) {
      found[config.turnstile.field] = [config.turnstile.message];
    }
    if (Object.keys(found).length === 0) {
      return true;
    }
    showErrors(found);
    return false;
  }

  /** The answer: sent clears the form and its draft, errors the visitor can fix go under their
   * fields, a lost connection waits to go again, and any other refusal is a failure. */
  function settle(result: SendResult) {
    if (result.kind === "sent") {
      lastAttempt.current = undefined;
      setValues(emptyValues(config));
      setErrors({});
      setStatus("sent");
      if (events) {
        track(...events.sent);
      }
    } else if (result.kind === "invalid" && fixableFields(config).some((name) => name in result.errors)) {
      setStatus("idle");
      showErrors(result.errors);
    } else if (result.kind === "unsent" && !navigator.onLine) {
      setStatus("offline");
    } else {
      setStatus("failed");
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    formElement.current = event.currentTarget;
    if (status === "submitting") {
      return;
    }
    // A press of the button or of Enter in a field names the button; the form's own send does not.
    if (events && (event.nativeEvent as SubmitEvent).submitter) {
      track(...events.submitPress);
    }
    if (!passesChecks()) {
      return;
    }
    const trap = new FormData(event.currentTarget).get(config.honeypotField);
    const lead = () =>
      leadOf(config, values, phoneCountry, window.location.pathname, trap, attributionOf(config, storedFirstTouch()));
    const turnstile = config.turnstile && { field: config.turnstile.field, token: turnstileToken.current };
    const { body, attempt } = leadRequest(lead, lastAttempt.current, randomUuid, turnstile);
    // Kept with the draft (as the status changes): the same values sent after a reload are the
    // same submission.
    lastAttempt.current = attempt;
    setStatus("submitting");
    setAnnouncement("");
    const result = await sendLead(config.url, body, attempt.key);
    if (config.turnstile) {
      turnstileToken.current = "";
      resetTurnstile.current();
    }
    settle(result);
  }

  const turnstileField = config.turnstile?.field;
  const turnstile = useMemo(
    () => ({
      setToken(token: string) {
        turnstileToken.current = token;
        if (token && turnstileField) {
          setErrors(({ [turnstileField]: _cleared, ...rest }) => rest);
        }
      },
      setReset(reset: () => void) {
        resetTurnstile.current = reset;
      },
    }),
    [turnstileField],
  );

  return { values, errors, status, announcement, setValue, submit, turnstile, dismiss: () => setStatus("idle") };
}

export type LeadFormState = ReturnType<typeof useLeadForm>;
