import type { Notice } from "@/lib/inbox/use-change";

/** The inbox's one way of saying how a change went: an alert when it failed, else a status. */
export function FormNotice({ notice }: { notice?: Notice }) {
  if (!notice) return null;
  return (
    <p role={notice.error ? "alert" : "status"} className={notice.error ? "inbox-error basis-full" : "basis-full"}>
      {notice.text}
    </p>
  );
}
