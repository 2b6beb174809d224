"use client";

import { useEffect, useState } from "react";

import type { ProviderArrival } from "@/lib/inbox/provider-sign-in";
import { providerSecondStep, type SecondStep } from "@/lib/inbox/sign-in";
import type { SignInMethods } from "@/lib/inbox/types";

import { CodeStep } from "./sign-in/code-step";
import { EnrolStep } from "./sign-in/enrol-step";
import { InvitationStep } from "./sign-in/invitation-step";
import { PasswordStep } from "./sign-in/password-step";
import { RecoveryCodes } from "./sign-in/recovery-codes";

type Step =
  | { name: "password" }
  | { name: "arriving" }
  | SecondStep
  | { name: "recovery"; codes: string[] };

/**
 * Signing in: e-mail and password (at an invitation's link, the password chosen) or the company's
 * OpenID provider, then the authenticator app's code (or a recovery code); at the first sign-in,
 * setting the app up, then the ten recovery codes, shown this once. Each step is a form with an
 * action: before the script runs, a submit sends nothing. Back from the provider (`arrival`), the
 * page asks the service which step its session is at, or, signed in already, goes on: its own
 * request carries the session cookie, which the provider's redirect could not.
 */
export function SignInFlow({
  next,
  invitation,
  methods,
  refusal,
  arrival,
}: {
  next: string;
  invitation?: string;
  methods?: SignInMethods;
  refusal?: string;
  arrival?: ProviderArrival;
}) {
  const [step, setStep] = useState<Step>(arrival === undefined ? { name: "password" } : { name: "arriving" });
  const [failed, setFailed] = useState(refusal);
  useEffect(() => {
    if (arrival === "signed_in") window.location.assign(next);
    else if (arrival === "second_factor") {
      void providerSecondStep().then((answer) => {
        if (answer.ok) setStep(answer.data);
        else {
          setFailed(answer.message);
          setStep({ name: "password" });
        }
      });
    }
  }, [arrival, next]);
  switch (step.name) {
    case "arriving":
      return <p role="status">Signing in…</p>;
    case "password":
      return invitation === undefined ? (
        <PasswordStep onPassed={setStep} methods={methods} refusal={failed} />
      ) : (
        <InvitationStep token={invitation} onPassed={setStep} />
      );
    case "code":
      return <CodeStep csrf={step.csrf} next={next} />;
    case "enrol":
      return (
        <EnrolStep
          csrf={step.csrf}
          enrolment={step.enrolment}
          onEnrolled={(codes) => setStep({ name: "recovery", codes })}
        />
      );
    case "recovery":
      return <RecoveryCodes codes={step.codes} next={next} />;
  }
}
