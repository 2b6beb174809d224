// A lead's e-mail address and phone number as links a phone or a desktop mail program opens, made
// only of what such a link can carry: a value that is not a plain address or number stays text.

const ADDRESS = /^[^\s@?&#%<>"'\\/:;,()[\]]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,63}$/u;
const PHONE = /^\+?[0-9 ()./-]{4,40}$/;

/** The `mailto:` or `tel:` link of a lead's field, or undefined for any other field or value. */
export function contactHref(field: string, value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (field === "email" && ADDRESS.test(value)) return `mailto:${value}`;
  if (field === "phone" && PHONE.test(value)) {
    const digits = value.replace(/[^0-9]/g, "");
    if (digits.length >= 4) return `tel:${value.trim().startsWith("+") ? "+" : ""}${digits}`;
  }
  return undefined;
}
