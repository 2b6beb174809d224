import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { paths } from "@/lib/routes";

export default function ServiceNotFound() {
  // Kept verbatim on purpose: the stray "WWW" is part of the message (spec 2.10, DECISIONS.md).
  return <NotFoundMessage message="Service WWWNot Found" backHref={paths.services} backLabel="Back to Our Services" />;
}
