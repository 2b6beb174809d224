// The sign-in's first step as the browser sends it, from the sign-in page or an invitation's link.

import { type Answer, answerOf, inboxApi } from "./client";
import type { ApiError, Enrolment } from "./types";

/** A password to sign in with, or an invitation's token with the password chosen at its link. */
export type Password = { email: string; password: string } | { token: string; password: string; repeat_password: string };

/** What follows the password: the authenticator app's code, or at the first sign-in, setting the app
 * up; each sent with the session's CSRF token. */
export type SecondStep = { name: "code"; csrf: string } | { name: "enrol"; csrf: string; enrolment: Enrolment };

/** Sends the password with the sign-in page's CSRF token (the document names it a header of these
 * two calls), fetched first; then, when the app is to be set up, fetches its secret. */
export async function sendPassword(given: Password): Promise<Answer<SecondStep, ApiError>> {
  const start = await answerOf(inboxApi().GET("/api/inbox/sign-in"));
  if (!start.ok) return start;
  const api = inboxApi();
  const params = { header: { "X-CSRF-Token": start.data.csrf } };
  // At an invitation's link, the password chosen takes the place of the password step.
  const answer =
    "token" in given
      ? await answerOf(api.POST("/api/inbox/invitation", { params, body: given }))
      : await answerOf(api.POST("/api/inbox/sign-in", { params, body: given }));
  return answer.ok ? toSecondStep(answer.data) : answer;
}

/** After the OpenID provider's sign-in, when the inbox's own second factor follows: the step the
 * session its callback started is at. */
export async function providerSecondStep(): Promise<Answer<SecondStep, ApiError>> {
  const answer = await answerOf(inboxApi().GET("/api/inbox/sign-in/step"));
  return answer.ok ? toSecondStep(answer.data) : answer;
}

/** The code next, or, when the app is to be set up, its secret fetched. */
async function toSecondStep({ csrf, next }: { csrf: string; next: "code" | "enrol" }): Promise<Answer<SecondStep, ApiError>> {
  if (next === "code") return { ok: true, data: { name: "code", csrf } };
  const enrolment = await answerOf(inboxApi().GET("/api/inbox/enrolment"));
  return enrolment.ok ? { ok: true, data: { name: "enrol", csrf, enrolment: enrolment.data } } : enrolment;
}
