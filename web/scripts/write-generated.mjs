// What both type generators do with their output: write it, or with `--check` only compare it with
// the committed file and fail when that has drifted.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export async function writeGenerated(web, target, generated) {
  if (!process.argv.includes("--check")) {
    await writeFile(target, generated);
    return;
  }
  const current = await readFile(target, "utf8").catch(() => "");
  if (current !== generated) {
    console.error(`${path.relative(web, target)} is out of date: run \`npm run generate:types\` in web/.`);
    process.exit(1);
  }
}
