// Where the phone library draws a country's flag from: public/flags, copied from its own package by
// scripts/copy-flags.mjs.
export const flagUrl = (iso2: string) => `/flags/${iso2}.svg`;
