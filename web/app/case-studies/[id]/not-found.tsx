import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { paths } from "@/lib/routes";

// Spec section 8: an unknown or non-numeric case-study id.
export default function CaseStudyNotFound() {
  return <NotFoundMessage message="Case Study Not Found" backHref={paths.caseStudies} backLabel="Back to Case Studies" />;
}
