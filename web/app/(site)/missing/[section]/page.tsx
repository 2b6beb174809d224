import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { detailNotFound, detailSections, isDetailSection } from "@/lib/not-found/screens";

type Props = { params: Promise<{ section: string }> };

// Each detail section's not-found screen, prerendered as a whole page: proxy.ts answers a
// full page load of an unknown id with this HTML and status 404. A notFound() at request
// time cannot: its HTML body stays empty until scripts run (vercel/next.js#62228).
export const dynamicParams = false;

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

export function generateStaticParams() {
  return detailSections.map((section) => ({ section }));
}

export default async function MissingDetailPage({ params }: Props) {
  const { section } = await params;
  if (!isDetailSection(section)) notFound();
  return <NotFoundMessage {...detailNotFound[section]} />;
}
