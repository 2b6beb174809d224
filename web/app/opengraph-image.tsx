import { ImageResponse } from "next/og";

import { getSite } from "@/lib/content";

export const alt = `${getSite().name}: ${getSite().tagline}`;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

// Rendered once at build time: the card that links to the site show on social networks.
export default function OpengraphImage() {
  const site = getSite();
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          padding: "80px",
          background: "#14213d",
          color: "white",
        }}
      >
        <div style={{ width: 120, height: 12, background: "#f2a541", borderRadius: 6 }} />
        <div style={{ marginTop: 40, fontSize: 84, fontWeight: 700 }}>{site.name}</div>
        <div style={{ marginTop: 24, fontSize: 40, color: "rgba(255,255,255,0.8)" }}>{site.tagline}</div>
      </div>
    ),
    size,
  );
}
