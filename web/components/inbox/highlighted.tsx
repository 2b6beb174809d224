import type { Segment } from "@/lib/inbox/types";

/** A field's text with the search's matches marked; the text as it is when nothing matched in it. */
export function Highlighted({ text, segments }: { text: string | null; segments?: Segment[] }) {
  if (!segments) return <>{text ?? ""}</>;
  return (
    <>
      {segments.map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : segment.text))}
    </>
  );
}
