/** The ten recovery codes, shown this once, then the way into the inbox. */
export function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  return (
    <section aria-labelledby="recovery-heading" className="space-y-4">
      <h1 id="recovery-heading" className="inbox-title">
        Your recovery codes
      </h1>
      <p>
        Keep these somewhere safe, apart from your phone. Each one signs you in once in place of the app&apos;s code.
        They are shown only now.
      </p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-lg" data-recovery-codes>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <a href={next} className="inbox-button inline-block">
        I have kept them: open the inbox
      </a>
    </section>
  );
}
