import { paths } from "@/lib/routes";

import { ButtonLink } from "../ui/button-link";

// Placeholder: the service-detail quote dialog (spec 2.10, 4.6) replaces this link in a later issue.
export function ServiceQuoteSlot() {
  return <ButtonLink href={paths.requestDemo}>Request a Quote</ButtonLink>;
}
