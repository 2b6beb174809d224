"use client";

import { useMemo, useRef, useState, type FormEvent } from "react";

import { track } from "@/lib/analytics/events";
import { storedFirstTouch } from "@/lib/analytics/first-touch";
import { FORM_EVENTS } from "@/lib/analytics/form-events";
import { randomUuid } from "@/lib/random-uuid";

import type { FormConfig } from "./config";
import { fixableFields, leadOf, leadRequest, type Attempt } from "./lead-request";
import { attributionOf, validate, type FieldErrors, type FormValues } from "./rules";
import { sendLead, type SendResult } from "./send-lead";

export type FormStatus = "idle" | "submitting" | "sent" | "failed";

/** The id of a field's control, so labels, error texts and focus all find it. */
export const controlId = (formId: string, field: string) => `${formId}-${field}`;
export const errorId = (formId: string, field: string) => `${formId}-${field}-error`;

function emptyValues(config: FormConfig): FormValues {
  return Object.fromEntries(config.fields.map(([name]) => [name, ""]));
}

/**
 * The one engine behind every lead form: values, the rules of forms.json,
 * the submitting state, the answer, and the Idempotency-Key that a retry of the same submission
 * reuses. `extra` adds what the form derives itself (the quote's country).
 */
export function useLeadForm(config: FormConfig, formId: string, extra: () => FormValues = () => ({})) {
  const [values, setValues] = useState(() => emptyValues(config));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>("idle");
  const [announcement, setAnnouncement] = useState("");
  const lastAttempt = useRef<Attempt | null>(null);
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

  function setValue(name: string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
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

  /** The answer: sent clears the form, errors the visitor can fix go under their fields, and any
   * other refusal is a failure. */
  function settle(result: SendResult) {
    if (result.kind === "sent") {
      lastAttempt.current = null;
      setValues(emptyValues(config));
      setErrors({});
      setStatus("sent");
      if (events) {
        track(...events.sent);
      }
    } else if (result.kind === "invalid" && fixableFields(config).some((name) => name in result.errors)) {
      setStatus("idle");
      showErrors(result.errors);
    } else {
      setStatus("failed");
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") {
      return;
    }
    if (events) {
      track(...events.submitPress);
    }
    if (!passesChecks()) {
      return;
    }
    const trap = new FormData(event.currentTarget).get(config.honeypotField);
    const attribution = attributionOf(config, storedFirstTouch());
    const lead = leadOf(config, values, extra(), window.location.pathname, trap, attribution);
    const turnstile = config.turnstile && { field: config.turnstile.field, token: turnstileToken.current };
    const { body, attempt } = leadRequest(lead, lastAttempt.current, randomUuid, turnstile);
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
