import type { ReactNode } from "react";

import { trackOnClick, type TrackedEvent } from "@/lib/analytics/events";

import { PageLink } from "./page-link";

const variants = {
  primary: "bg-amber text-navy hover:bg-amber-600 shadow-sm",
  dark: "bg-navy text-white hover:bg-navy-700",
  outline: "border border-navy/20 text-navy hover:border-navy hover:bg-surface",
  light: "border border-white/30 text-white hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof variants;

export const buttonClass = (variant: ButtonVariant = "primary") =>
  `inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-sm font-semibold transition ${variants[variant]}`;

/** A link styled as a button; external links open in a new tab. `track` names its analytics event. */
export function ButtonLink({
  href,
  children,
  variant = "primary",
  external = false,
  track,
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  external?: boolean;
  track?: TrackedEvent;
}) {
  const tracking = track ? trackOnClick(...track) : {};
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass(variant)} {...tracking}>
        {children}
      </a>
    );
  }
  return (
    <PageLink href={href} className={buttonClass(variant)} {...tracking}>
      {children}
    </PageLink>
  );
}
