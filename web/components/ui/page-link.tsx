import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * A link to one of the site's pages, navigated in the app but never prefetched: Next.js would
 * otherwise fetch every linked page in view (its payload, code and first-screen picture) as soon
 * as a page loads, which on a phone competes with that page for the network and the main thread.
 * A click costs one small request for the static payload instead.
 */
export function PageLink(props: Omit<ComponentProps<typeof NextLink>, "prefetch">) {
  return <NextLink prefetch={false} {...props} />;
}
