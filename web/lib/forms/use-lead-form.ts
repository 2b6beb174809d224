"use client";

import { useMemo, useRef, useState, type FormEvent } from "react";

import { track } from "@/lib/analytics/events";
import { FORM_EVENTS } from "@/lib/analytics/form-events";
import { randomUuid } from "@/lib/random-uuid";

import type { FormConfig } from "./config";
import { validate, type FieldErrors, type FormValues } from "./rules";
import { sendLead } from "./send-lead";

export type FormStatus = "idle" | "submitting" | "sent" | "failed";

/** The id of a field's control, so labels, error texts and focus all find it. */
export const controlId = (formId: string, field: string) => `${formId}-${field}`;
export const errorId = (formId: string, field: string) => `${formId}-${field}-error`;

function emptyValues(config: FormConfig): FormValues {
  return Object.fromEntries(config.fields.map(([name]) => [name, ""]));
}

/**
 * The one engine behind every lead form (spec 4.1 to 4.3): values, the rules of forms.json,
 * the submitting state, the answer, and the Idempotency-Key that a retry of the same submission
 * reuses. `extra` adds what the form derives itself (the quote's country).
 */
export function useLeadForm(config: FormConfig, formId: string, extra: () => FormValues = () => ({})) {
  const [values, setValues] = useState(() => emptyValues(config));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>("idle");
  const [announcement, setAnnouncement] = useState("");
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  // Cloudflare Turnstile (when configured): the current token, and how to get a fresh one after
  // a try has spent it.
  const turnstileToken = useRef("");
  const resetTurnstile = useRef<() => void>(() => {});

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") {
      return;
    }
    const events = FORM_EVENTS[config.name];
    if (events) {
      track(...events.submitPress);
    }
    const found = validate(config, values);
    if (config.turnstile && !turnstileToken.current) {
      found[config.turnstile.field] = [config.turnstile.message];
    }
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    const trap = new FormData(event.currentTarget).get(config.honeypotField);
    const lead = {
      ...Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])),
      ...extra(),
      page: window.location.pathname,
      // /api/contact serves two forms with different rules: it is told which one this is.
      ...(config.endpoint === "/api/contact" ? { form: config.name } : {}),
      [config.honeypotField]: typeof trap === "string" ? trap : "",
    };
    // The same lead again is a retry of the same submission, whatever its Turnstile token (each
    // try spends one); anything else is a new one.
    const leadJson = JSON.stringify(lead);
    const key = lastAttempt.current?.body === leadJson ? lastAttempt.current.key : randomUuid();
    lastAttempt.current = { body: leadJson, key };
    const body = config.turnstile ? JSON.stringify({ ...lead, [config.turnstile.field]: turnstileToken.current }) : leadJson;
    setStatus("submitting");
    setAnnouncement("");
    const result = await sendLead(config.url, body, key);
    if (config.turnstile) {
      turnstileToken.current = "";
      resetTurnstile.current();
    }
    if (result.kind === "sent") {
      lastAttempt.current = null;
      setValues(emptyValues(config));
      setErrors({});
      setStatus("sent");
      if (events) {
        track(...events.sent);
      }
      return;
    }
    // Errors on fields the visitor can fix go under those fields; any other refusal is a failure.
    const fixable = [...config.fields.map(([name]) => name), ...(config.turnstile ? [config.turnstile.field] : [])];
    if (result.kind === "invalid" && fixable.some((name) => name in result.errors)) {
      setStatus("idle");
      showErrors(result.errors);
      return;
    }
    setStatus("failed");
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
