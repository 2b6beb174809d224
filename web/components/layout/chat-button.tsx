import { getSite } from "@/lib/content";

export function ChatButton() {
  const { chat } = getSite();
  return (
    <a
      href={chat.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${chat.label} (opens in a new tab)`}
      className="pointer-events-auto m-5 grid size-14 place-items-center rounded-full bg-teal text-white shadow-lg shadow-navy/20 transition hover:scale-105 hover:bg-navy"
      data-chat-button
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="currentColor">
        <path d="M12 3C6.5 3 2 6.9 2 11.7c0 2.5 1.2 4.7 3.2 6.3L4.5 21l3.6-1.9c1.2.4 2.5.6 3.9.6 5.5 0 10-3.9 10-8.7S17.5 3 12 3zm-4 10a1.3 1.3 0 1 1 0-2.6A1.3 1.3 0 0 1 8 13zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6z" />
      </svg>
    </a>
  );
}
