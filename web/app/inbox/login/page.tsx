import type { Metadata } from "next";

import { SignInFlow } from "@/components/inbox/sign-in-flow";
import { getSignInMethods } from "@/lib/inbox/api";
import { afterSignIn } from "@/lib/inbox/paths";
import { providerArrival, refusalMessage } from "@/lib/inbox/provider-sign-in";

export const metadata: Metadata = { title: "Sign in" };

type Query = {
  next?: string | string[];
  error?: string | string[];
  oidc?: string | string[];
};

const first = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Query>;
}) {
  const query = await searchParams;
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <SignInFlow
        next={afterSignIn(first(query.next))}
        methods={await getSignInMethods()}
        refusal={refusalMessage(first(query.error))}
        arrival={providerArrival(first(query.oidc))}
      />
    </main>
  );
}
