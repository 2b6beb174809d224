import { ImageResponse } from "next/og";

import { getSite } from "@/lib/content";
import { ACCENT, CARD_FRAME, CARD_SIZE, CARD_TYPE } from "@/lib/share-card";

export const alt = `${getSite().name}: ${getSite().tagline}`;
export const size = CARD_SIZE;
export const contentType = CARD_TYPE;

// Rendered once at build time: the card that links to the site show on social networks.
export default function OpengraphImage() {
  const site = getSite();
  return new ImageResponse(
    (
      <div style={{ ...CARD_FRAME, justifyContent: "center", padding: "80px" }}>
        <div style={{ width: 120, height: 12, background: ACCENT, borderRadius: 6 }} />
        <div style={{ marginTop: 40, fontSize: 84, fontWeight: 700 }}>{site.name}</div>
        <div style={{ marginTop: 24, fontSize: 40, color: "rgba(255,255,255,0.8)" }}>{site.tagline}</div>
      </div>
    ),
    size,
  );
}
