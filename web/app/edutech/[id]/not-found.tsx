import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { paths } from "@/lib/routes";

export default function EdutechServiceNotFound() {
  return <NotFoundMessage message="Service Not Found" backHref={paths.edutech} backLabel="Back to EduTech" />;
}
