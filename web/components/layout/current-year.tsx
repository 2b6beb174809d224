"use client";

import { useEffect, useState } from "react";

/** The year at build time in the HTML, then the visitor's current year: a page built in
 * December still reads right in January. */
export function CurrentYear({ builtIn }: { builtIn: number }) {
  const [year, setYear] = useState(builtIn);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <>{year}</>;
}
