import { notFound } from "next/navigation";

import { getBlogPost } from "@/lib/content";
import { CARD_SIZE, CARD_TYPE, shareCard } from "@/lib/share-card";

export const alt = "The post's title on the blog's card";
export const size = CARD_SIZE;
export const contentType = CARD_TYPE;

export { generateStaticParams } from "./page";

// Drawn at build time for each page the section prerenders: a shared link shows its own card.
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const item = getBlogPost((await params).id);
  if (!item) notFound();
  return shareCard("Blog post", item.title);
}
