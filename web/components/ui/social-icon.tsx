import type { SocialLink } from "@/lib/content";

// Simple, recognisable marks drawn here: several networks are no longer in simple-icons.
const shapes: Record<SocialLink["icon"], string> = {
  linkedin:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.05c.53-1 1.84-2.05 3.78-2.05 4.04 0 4.79 2.6 4.79 6V21h-4v-5.05c0-1.2-.02-2.75-1.7-2.75-1.7 0-1.95 1.3-1.95 2.66V21h-4z",
  facebook:
    "M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.85.25-1.45 1.5-1.45h1.55V4.5A20 20 0 0 0 14.3 4.4c-2.2 0-3.7 1.35-3.7 3.8v2.3H8.1v3h2.5V21z",
  x: "M17.75 3h3.1l-6.78 7.74L22 21h-6.23l-4.88-6.38L5.3 21H2.2l7.25-8.28L1.8 3h6.38l4.41 5.83zm-1.09 16.17h1.72L7.4 4.73H5.56z",
  instagram:
    "M12 7.4a4.6 4.6 0 1 0 0 9.2 4.6 4.6 0 0 0 0-9.2zm0 7.6a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.8-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 3.6c2.7 0 3 0 4.1.06 2.75.13 4.03 1.43 4.16 4.16.05 1.07.06 1.4.06 4.1s0 3.05-.06 4.12c-.13 2.72-1.4 4.03-4.16 4.16-1.07.05-1.4.06-4.1.06s-3.05 0-4.12-.06c-2.76-.13-4.03-1.44-4.16-4.16C3.62 15.05 3.6 14.7 3.6 12s.02-3.03.06-4.1C3.8 5.16 5.08 3.86 7.82 3.73 8.9 3.68 9.3 3.6 12 3.6z",
  youtube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.76-1.77C18.25 5 12 5 12 5s-6.25 0-7.84.43A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.76 1.77C5.75 19 12 19 12 19s6.25 0 7.84-.43a2.5 2.5 0 0 0 1.76-1.77A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z",
};

export function SocialIcon({ icon, className = "size-5" }: { icon: SocialLink["icon"]; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d={shapes[icon]} />
    </svg>
  );
}
