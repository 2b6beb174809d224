"use client";

import { useState } from "react";

import type { SecondStep } from "@/lib/inbox/sign-in";

import { CodeStep } from "./sign-in/code-step";
import { EnrolStep } from "./sign-in/enrol-step";
import { InvitationStep } from "./sign-in/invitation-step";
import { PasswordStep } from "./sign-in/password-step";
import { RecoveryCodes } from "./sign-in/recovery-codes";

type Step = { name: "password" } | SecondStep | { name: "recovery"; codes: string[] };

/**
 * Signing in: e-mail and password (at an invitation's link, the password chosen), then the
 * authenticator app's code (or a recovery code); at the first sign-in, setting the app up, then the
 * ten recovery codes, shown this once. Each step is a form with an action: before the script runs,
 * a submit sends nothing.
 */
export function SignInFlow({ next, invitation }: { next: string; invitation?: string }) {
  const [step, setStep] = useState<Step>({ name: "password" });
  switch (step.name) {
    case "password":
      return invitation === undefined ? (
        <PasswordStep onPassed={setStep} />
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
