// Keeps the code of the dataclasses the web app's first screen makes, compiled by the page's
// own Pyodide (tools/build_web_app.py, `keep_dataclass_code`; canasta_score/dataclass_code.py
// says why), then opens a second Pyodide on it to count what a tab would still compile.
//
//     node tools/web_app/keep_dataclass_code.mjs PYODIDE_FOLDER APP_FOLDER
//
// Prints one line of JSON: {"kept": N, "taken": N, "compiled": N}.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideFolder, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideFolder, "pyodide.mjs")));
const script = readFileSync(new URL("./keep_dataclass_code.py", import.meta.url));

// The code kept without columns (as `python -X no_debug_ranges` compiles): a generated
// method's source is in no file a traceback could point into, and the file is half as large.
const env = { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" };

async function run(call) {
  const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideFolder) + "/", env: env });
  pyodide.FS.mkdir("/app");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/app");
  pyodide.FS.writeFile("/keep_dataclass_code.py", script);
  return pyodide.runPython(`
import sys
sys.path.insert(0, "/")
import keep_dataclass_code
keep_dataclass_code.${call}
`);
}

const kept = await run("record()");
const [taken, compiled] = JSON.parse(await run("check()"));
console.log(JSON.stringify({ kept: kept, taken: taken, compiled: compiled }));
