import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * A link between the inbox's pages, never prefetched: each page is read for the person who opens
 * it, and a prefetch would read a lead (or run a search) nobody asked for, onto the audit trail.
 */
export function InboxLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
