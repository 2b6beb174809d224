import { ImageResponse } from "next/og";

import { getSite } from "@/lib/content";

/** A shared link's card, as social networks show it: 1200 x 630 PNG. */
export const CARD_SIZE = { width: 1200, height: 630 };
export const CARD_TYPE = "image/png";

/**
 * The card of one shared page, drawn at build time from its content: what kind of page it is, its
 * title, and the company's mark (the accent bar and its name), on the site card's colours.
 */
export function shareCard(kind: string, title: string): ImageResponse {
  const site = getSite();
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: "72px 80px",
          background: "#14213d",
          color: "white",
        }}
      >
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ fontSize: 32, color: "#f2a541", textTransform: "uppercase", letterSpacing: 4 }}>{kind}</div>
          <div style={{ marginTop: 28, fontSize: title.length > 60 ? 60 : 72, fontWeight: 700, lineHeight: 1.15 }}>
            {title}
          </div>
        </div>
        <div style={{ display: "flex", alignItems: "center" }}>
          <div style={{ width: 96, height: 12, background: "#f2a541", borderRadius: 6 }} />
          <div style={{ marginLeft: 24, fontSize: 36, fontWeight: 700 }}>{site.name}</div>
        </div>
      </div>
    ),
    CARD_SIZE,
  );
}
