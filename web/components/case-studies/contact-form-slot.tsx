import { getSite } from "@/lib/content";

// Placeholder: the case-studies contact form (spec 2.12, 4.3) replaces this card in a later issue.
export function ContactFormSlot() {
  const { contact } = getSite();
  return (
    <div data-slot="contact-form" className="rounded-3xl bg-white p-8 shadow-xl shadow-navy/10 ring-1 ring-navy/5 sm:p-10">
      <h3 className="text-2xl font-bold text-navy">Tell us about your project</h3>
      <p className="mt-4 leading-relaxed text-muted">
        Share what you are building, where you are today and when you need it live, and we will reply by email.
      </p>
      <a
        href={`mailto:${contact.generalEmail}`}
        className="mt-8 inline-flex items-center gap-3 rounded-full bg-amber px-6 py-3 text-sm font-semibold text-navy shadow-sm transition hover:bg-amber-600"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
        Email {contact.generalEmail}
      </a>
    </div>
  );
}
