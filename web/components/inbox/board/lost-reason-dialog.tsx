import { useEffect, useRef } from "react";

import type { LostReason } from "@/lib/inbox/types";

type Props = {
  name: string;
  reasons: readonly LostReason[];
  onChoose: (reasonId: number) => void;
  onCancel: () => void;
};

/** Asked before a card goes to a lost stage: a lost deal says why, from the admins' list. */
export function LostReasonDialog({ name, reasons, onChoose, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="lost-reason-title"
      onCancel={onCancel}
      className="m-auto max-w-sm rounded p-4 backdrop:bg-black/40"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(Number(new FormData(event.currentTarget).get("reason")));
        }}
        className="space-y-3"
      >
        <h2 id="lost-reason-title" className="font-semibold">
          Why was {name} lost?
        </h2>
        <label className="inbox-label">
          Reason
          <select name="reason" required defaultValue="" className="inbox-input">
            <option value="" disabled>
              Choose one
            </option>
            {reasons.map((reason) => (
              <option key={reason.id} value={reason.id}>
                {reason.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-3">
          <button type="submit" className="inbox-button">
            Mark lost
          </button>
          <button type="button" onClick={onCancel} className="underline">
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
