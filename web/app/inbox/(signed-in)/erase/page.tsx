import type { Metadata } from "next";

import { EraseForm } from "@/components/inbox/erase-form";
import { getSession } from "@/lib/inbox/api";

export const metadata: Metadata = { title: "Erase a person" };

// The service refuses everyone else too; this spares them a form that could only fail.
const REFUSED = <p className="inbox-error">Only admins erase a person&apos;s leads.</p>;

export default async function ErasePage() {
  const session = await getSession();
  if (session.user.role !== "admin") return REFUSED;
  return (
    <>
      <h1 className="inbox-title">Erase a person</h1>
      <p className="max-w-prose">
        For a data-protection request: every lead sent with the address (any capitals), contact messages and quote
        requests, goes at once with the notes, notifications, request keys and conversations kept of them. A person
        merged across addresses goes whole: the page names each of their addresses before it erases them. It cannot
        be undone. The audit trail records what was removed and a keyed hash of the address, never the address
        itself.
      </p>
      <EraseForm csrf={session.csrf} />
    </>
  );
}
