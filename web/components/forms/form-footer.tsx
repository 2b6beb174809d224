import type { FormConfig } from "@/lib/forms/config";
import type { FormStatus } from "@/lib/forms/use-lead-form";

/** The failure notice (with the mailto way round it) or the offline one, the live region, and the
 * submit button. */
export function FormFooter({
  config,
  status,
  announcement,
  buttonClassName,
}: {
  config: FormConfig;
  status: FormStatus;
  announcement: string;
  buttonClassName: string;
}) {
  const [before, after] = config.messages.failure.split("{email}");
  const submitting = status === "submitting";
  return (
    <div className="space-y-4 sm:col-span-2">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {(status === "failed" || status === "offline") && (
        <p role="alert" data-form-failure={status} className="rounded-xl bg-[#fef3f2] px-4 py-3 text-sm text-[#b42318]">
          {status === "offline" ? (
            config.messages.offline
          ) : (
            <>
              {before}
              <a href={`mailto:${config.fallbackEmail}`} className="font-semibold underline">
                {config.fallbackEmail}
              </a>
              {after}
            </>
          )}
        </p>
      )}
      <button type="submit" disabled={submitting} className={`${buttonClassName} disabled:cursor-wait disabled:opacity-70`}>
        {submitting ? config.submit.busyLabel : config.submit.label}
      </button>
    </div>
  );
}
