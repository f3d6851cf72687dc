// Compiles the Python of the web app's archive with the Pyodide the page runs it on
// (tools/build_web_app.py, `compile_python`): the page then imports bytecode instead of
// compiling every module's source at each start (about half of the app's start in Pyodide).
//
//     node tools/web_app/compile_python.mjs PYODIDE_FOLDER FOLDER
//
// Writes `__pycache__/NAME.cpython-314.pyc` beside each module of FOLDER, checked against
// nothing at import (the archive's files never change under them); a module that does not
// compile keeps its source alone. The packages under `__pypackages__/` are compiled as
// `python -OO` would (no docstrings, no asserts): their bytecode is a fifth smaller; the
// compiled module stands in place of its source, so Python imports it at any -O level.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideFolder, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideFolder, "pyodide.mjs")));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideFolder) + "/" });
pyodide.FS.mkdir("/app");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/app");
const failed = pyodide.runPython(`
import importlib.util, py_compile
from pathlib import Path

failed = 0
for source in sorted(Path("/app").rglob("*.py")):
    # The packages without their docstrings and asserts (as python -OO): a fifth less to
    # download; the app's own modules as they are.
    level = 2 if "__pypackages__" in source.parts else 0
    try:
        py_compile.compile(
            str(source),
            cfile=importlib.util.cache_from_source(str(source), optimization=""),
            optimize=level,
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
    except py_compile.PyCompileError:
        failed += 1
failed
`);
console.log(`compiled for ${pyodide.runPython("import sys; sys.implementation.cache_tag")}; ` +
  `${failed} module(s) left as source`);
