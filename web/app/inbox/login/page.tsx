import type { Metadata } from "next";

import { SignInFlow } from "@/components/inbox/sign-in-flow";
import { afterSignIn } from "@/lib/inbox/paths";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <SignInFlow next={afterSignIn(Array.isArray(next) ? next[0] : next)} />
    </main>
  );
}
