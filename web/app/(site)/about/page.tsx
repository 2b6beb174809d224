import type { Metadata } from "next";

import { PlaceholderPage } from "@/components/placeholder/placeholder-page";
import { getSite } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";

export const metadata: Metadata = pageMetadata({ title: "About Us", description: getSite().description, path: paths.about });

export default function AboutPage() {
  return <PlaceholderPage title="About Us" />;
}
