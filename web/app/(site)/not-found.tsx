import type { Metadata } from "next";

import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { siteNotFound } from "@/lib/not-found/screens";

export const metadata: Metadata = { title: "Page Not Found" };

export default function NotFound() {
  return <NotFoundMessage {...siteNotFound} />;
}
