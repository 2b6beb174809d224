// Copies the phone input's flags (country-flag-icons, 3x2) into public/flags, so that the site
// serves them itself: no request leaves the origin, and the flags cost no JavaScript.
// Runs before every build; public/flags is generated and git-ignored.
import { cp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(web, "node_modules", "react-phone-number-input", "package.json"));
const source = path.join(path.dirname(require.resolve("country-flag-icons/package.json")), "3x2");
const target = path.join(web, "public", "flags");

await rm(target, { recursive: true, force: true });
await cp(source, target, { recursive: true, filter: (file) => !path.extname(file) || file.endsWith(".svg") });
