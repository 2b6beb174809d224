"use client";

import type { FormConfig } from "@/lib/forms/config";

import { ContactForm } from "./contact-form";
import { FormDialog } from "./form-dialog";

/** The header's Contact Us modal, loaded on first use. */
export function ContactModal({ config, open, onClose }: { config: FormConfig; open: boolean; onClose: () => void }) {
  return (
    <FormDialog id="contact-modal" title={config.title} open={open} onClose={onClose}>
      <ContactForm config={config} autoFocus onDone={onClose} />
    </FormDialog>
  );
}
