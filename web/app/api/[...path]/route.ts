import { forwardToLeadService } from "@/lib/lead-forwarding";

// The site's own origin serves the lead API (docs/lead-forwarding.md): every method is forwarded, per request.
export const dynamic = "force-dynamic";

export {
  forwardToLeadService as GET,
  forwardToLeadService as HEAD,
  forwardToLeadService as POST,
  forwardToLeadService as OPTIONS,
};
