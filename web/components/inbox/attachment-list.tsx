import { formatSize } from "@/lib/inbox/format";

type Attachment = { name: string; size: number };

/** A message's files by name and size: listed, never kept or served (they stay in the sales mailbox). */
export function AttachmentList({ files, className = "" }: { files: Attachment[]; className?: string }) {
  if (files.length === 0) return null;
  return (
    <div className={`text-sm ${className}`.trim()}>
      <p className="text-muted">Attachments, in the sales mailbox:</p>
      <ul className="list-disc pl-5">
        {files.map((file, index) => (
          <li key={index} className="break-words">
            {file.name} ({formatSize(file.size)})
          </li>
        ))}
      </ul>
    </div>
  );
}
