import type { Metadata } from "next";

import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { paths } from "@/lib/routes";

export const metadata: Metadata = { title: "Page Not Found" };

export default function NotFound() {
  return <NotFoundMessage message="Page Not Found" backHref={paths.home} backLabel="Back to the home page" />;
}
