import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { paths } from "@/lib/routes";

export default function AiSolutionNotFound() {
  return <NotFoundMessage message="Service Not Found" backHref={paths.aiSolutions} backLabel="Back to AI Solutions" />;
}
