"use client";

import type { FormConfig } from "@/lib/forms/config";

import { ModalDialog } from "../ui/modal-dialog";
import { ContactForm } from "./contact-form";
import { DialogCloseButton } from "./dialog-close-button";

/** The header's Contact Us modal (spec 2.5, 4.1), loaded on first use. */
export function ContactModal({ config, open, onClose }: { config: FormConfig; open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy="contact-modal-title" className="max-w-2xl">
      <div data-contact-modal className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <h2 id="contact-modal-title" className="text-2xl font-bold text-navy">
            {config.title}
          </h2>
          <DialogCloseButton />
        </div>
        <ContactForm config={config} autoFocus onDone={onClose} />
      </div>
    </ModalDialog>
  );
}
