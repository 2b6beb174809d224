import type { Metadata } from "next";

import { PlaceholderPage } from "@/components/placeholder/placeholder-page";
import { getSite } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";

export const metadata: Metadata = pageMetadata({ title: "Pricing", description: getSite().description, path: paths.pricing });

export default function PricingPage() {
  return <PlaceholderPage title="Pricing" />;
}
