// `npm run lint` (and `make check`): Next.js's rules with its Core Web Vitals set, React Hooks'
// recommended rules (the React Compiler's among them) and typescript-eslint's for the TypeScript.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    // Builds: `next build`'s own and those with NEXT_DIST_DIR=.next-<name> beside it.
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    // Written by `next dev`/`next build`.
    "next-env.d.ts",
    // Linted, though generated, as they pass: lib/content/types.generated.ts (from the content's
    // schemas). The flags and tech icons the build writes into public/ are SVG files, not linted.
  ]),
  // eslint-config-next carries the React, import, jsx-a11y and React Hooks plugins and
  // typescript-eslint's recommended set; the two below state what this repository relies on
  // rather than leaving it to that package's choice (the same plugin objects: npm dedupes them).
  ...nextVitals,
  ...nextTypeScript,
  reactHooks.configs.flat.recommended,
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    extends: [tseslint.configs.recommended],
    rules: {
      // `const { [name]: _dropped, ...rest } = object` is how a key is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
]);
