// Compiles the Python of the web app's archive with the Pyodide the page runs it on
// (tools/build_web_app.py, `compile_python`): the page then imports bytecode instead of
// compiling every module's source at each start (about half of the app's start in Pyodide).
//
//     node tools/web_app/compile_python.mjs PYODIDE_FOLDER FOLDER [SHOWN_AS]
//
// What it does: compile_python.py beside this file, run by that Pyodide on FOLDER (named
// SHOWN_AS in tracebacks, where given: the standard library's modules, by their zip's path).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideFolder, folder, shownAs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideFolder, "pyodide.mjs")));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideFolder) + "/" });
pyodide.FS.mkdir("/app");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/app");
pyodide.FS.writeFile("/compile_python.py", readFileSync(new URL("./compile_python.py", import.meta.url)));
const failed = pyodide.runPython(`
import sys
from pathlib import Path
sys.path.insert(0, "/")
from compile_python import compile_folder
compile_folder(Path("/app"), ${shownAs ? `Path(${JSON.stringify(shownAs)})` : "None"})
`);
console.log(`compiled for ${pyodide.runPython("import sys; sys.implementation.cache_tag")}; ` +
  `${failed} module(s) left as source`);
