/** An endpoint's secret, shown this once: the inbox keeps it only to sign with. */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <div
      role="status"
      className="space-y-1 rounded border border-navy/30 bg-white p-3"
    >
      <p className="font-medium">
        The endpoint&apos;s secret, shown this once: keep it at the receiver
        now.
      </p>
      <code data-secret className="block break-all">
        {secret}
      </code>
    </div>
  );
}
