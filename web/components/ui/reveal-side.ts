// Plain module (not "use client"), so that server components can compute the side too.
export type RevealFrom = "left" | "right" | "bottom";

/** Alternating sides for list items, by index: left, right, left... */
export const revealSide = (index: number): RevealFrom => (index % 2 === 0 ? "left" : "right");
