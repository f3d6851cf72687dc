// Runs a build step's Python in the page's own Pyodide (tools/build_web_app.py,
// `run_in_pyodide`): what it makes is then the tab's Python's own (its bytecode, its cache tag).
//
//     node tools/web_app/in_pyodide.mjs PYODIDE_FOLDER FOLDER SCRIPT CALL [CALL...]
//
// FOLDER is mounted at /app, SCRIPT (a module beside this file) imported from /, and each CALL
// (a Python expression on that module, giving what JSON holds) made in a Pyodide of its
// own, so a second call sees nothing the first imported. The Pyodide's Python gets this
// process's PYTHONNODEBUGRANGES. Prints one line per call: "=> " and its result as JSON;
// at the first that fails, its traceback on stderr, and exits 1.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideFolder, folder, script, ...calls] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideFolder, "pyodide.mjs")));
const source = readFileSync(new URL(`./${script}.py`, import.meta.url));
const env = { HOME: "/home/pyodide" };
if (process.env.PYTHONNODEBUGRANGES) env.PYTHONNODEBUGRANGES = process.env.PYTHONNODEBUGRANGES;

for (const call of calls) {
  const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideFolder) + "/", env: env });
  pyodide.FS.mkdir("/app");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/app");
  pyodide.FS.writeFile(`/${script}.py`, source);
  let result;
  try {
    result = pyodide.runPython(`
import sys
sys.path.insert(0, "/")
import ${script}
${script}.${call}
`);
  } catch (error) {
    console.error(error.message); // the Python traceback
    process.exit(1);
  }
  const value = result?.toJs ? result.toJs({ dict_converter: Object.fromEntries }) : result;
  result?.destroy?.();
  console.log("=> " + JSON.stringify(value ?? null));
}
