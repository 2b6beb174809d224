import { ImageResponse } from "next/og";

import { getSite } from "@/lib/content";

/** A shared link's card, as social networks show it: 1200 x 630 PNG. */
export const CARD_SIZE = { width: 1200, height: 630 };
export const CARD_TYPE = "image/png";
// Every card's ground and the company's accent: the site's card (app/opengraph-image.tsx) and each page's.
export const CARD_FRAME = {
  width: "100%",
  height: "100%",
  display: "flex",
  flexDirection: "column",
  background: "#14213d",
  color: "white",
} as const;
export const ACCENT = "#f2a541";

/**
 * The card of one shared page, drawn at build time from its content: what kind of page it is, its
 * title, and the company's mark (the accent bar and its name), on the site card's colours.
 */
export function shareCard(kind: string, title: string): ImageResponse {
  const site = getSite();
  return new ImageResponse(
    (
      <div style={{ ...CARD_FRAME, justifyContent: "space-between", padding: "72px 80px" }}>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ fontSize: 32, color: ACCENT, textTransform: "uppercase", letterSpacing: 4 }}>{kind}</div>
          <div style={{ marginTop: 28, fontSize: title.length > 60 ? 60 : 72, fontWeight: 700, lineHeight: 1.15 }}>
            {title}
          </div>
        </div>
        <div style={{ display: "flex", alignItems: "center" }}>
          <div style={{ width: 96, height: 12, background: ACCENT, borderRadius: 6 }} />
          <div style={{ marginLeft: 24, fontSize: 36, fontWeight: 700 }}>{site.name}</div>
        </div>
      </div>
    ),
    CARD_SIZE,
  );
}
