// The bridge between Flutter's page and Python's worker: flet-web 1.0.5's python.js (Apache
// License 2.0), with the worker started as soon as the page holds the games.
//
// Flet's starts the worker when Flutter's start calls jsConnect, some 2 s into a visit, and
// Pyodide's load, the app's unpacking and its first imports all wait for that. Here the page
// (page.js) calls jsStartPython once this tab holds the games, and all of it goes on while
// Flutter starts; jsConnect then takes that worker over, with what it said meanwhile.
// tools/build_web_app.py ships this file in place of Flet's, and stops when Flet's changes.
// The app's word that its first screen is sent is told to the page (page.js), not Flutter.
//
// What the player chose on this device (the theme, the language: Flet keeps them in the
// page's storage, `localStorage`) is read here, as the page loads: the logo is shown in the
// theme chosen (index.html's `html[data-theme]` rules), and the worker's Python is told both
// (canasta_score/in_browser.py: DEVICE_CHOSEN_ARG), so the first screen is drawn in them, not
// in the browser's until the device says them. A theme chosen later is told back by the
// worker (THEME_CHOSEN), and marked on the page at once.
let _apps = {};
let _documentUrl = document.URL;
let _early = null;  // the worker jsStartPython started, until jsConnect takes it

// The device's own settings the first screen is drawn with, as Flet's SharedPreferences
// keeps them: Flutter's `flutter.` before the app's `canasta_score.` (canasta_score/ui/
// device.py: PREFIX, DEVICE_SETTINGS), each value in JSON. Read again as the worker starts:
// a tab that waited for another to close takes what was chosen there.
function chosenOnThisDevice() {
    const chosen = {};
    for (const name of ["theme", "language"]) {
        try {
            const value = JSON.parse(localStorage.getItem("flutter.canasta_score." + name));
            if (typeof value === "string" && value) {
                chosen[name] = value;
            }
        } catch (error) {
            // none kept, or the page's storage refused: the device says them later
        }
    }
    return chosen;
}
// The page in `theme` (its background and the logo's: index.html), else in the system's.
function markTheme(theme) {
    if (theme === "light" || theme === "dark") {
        document.documentElement.dataset.theme = theme;
    } else {
        delete document.documentElement.dataset.theme;
    }
}
markTheme(chosenOnThisDevice().theme);

// A Python worker told to start the app, and what it says until someone listens.
function startPython(args) {
    const base = flet.entrypointBaseUrl.endsWith("/") ?
        flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
    // A module worker: Pyodide 314 refuses to load in a classic one.
    const worker = new Worker(base + "/python-worker.js", { type: "module" });
    const said = [];
    worker.onmessage = (event) => said.push(event);
    // The page in the theme the worker is told, which its Python takes as the page's.
    const chosen = chosenOnThisDevice();
    markTheme(chosen.theme);
    worker.postMessage({
        pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
        args: { ...args, canasta_score_device: chosen },
        documentUrl: _documentUrl,
        appPackageUrl: flet.appPackageUrl,
        micropipIncludePre: flet.micropipIncludePre,
        pythonModuleName: flet.pythonModuleName
    });
    return { worker: worker, said: said, args: JSON.stringify(args) };
}

// Called by the page (page.js) once this tab holds the games; Flutter's client asks with no
// arguments (`{}`), and jsConnect starts a worker of its own if it asks otherwise.
globalThis.jsStartPython = function () {
    if (_early === null && Object.keys(_apps).length === 0) {
        _early = startPython({});
    }
}

// This method is called from Dart on backend.connect()
// dartOnMessage is called on backend.onMessage
// it accepts "data" of type JSUint8Array
globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    let app = {
        "dartOnMessage": dartOnMessage
    };
    console.log(`Starting up Python worker: ${appId}, args: ${args}`);
    _apps[appId] = app;

    let started = _early;
    _early = null;
    if (started !== null && started.args !== JSON.stringify(args)) {
        started.worker.terminate();
        started = null;
    }
    started = started || startPython(args);
    app.worker = started.worker;

    var error;
    app.worker.onmessage = (event) => {
        if (event.data && event.data.canastaScore === "first-screen") {
            // The app's own word (canasta_score/in_browser.py), never the client's.
            dispatchEvent(new Event("canasta-score-first-screen"));
        } else if (event.data && event.data.canastaScore === "theme") {
            markTheme(event.data.theme);
        } else if (typeof event.data === "string") {
            if (event.data != "initialized") {
                error = event.data;
                dispatchEvent(new Event("canasta-score-first-screen"));  // Flet's error shown
            }
            app.onPythonInitialized();
        } else {
            app.dartOnMessage(event.data);
        }
    };

    let pythonInitialized = new Promise((resolveCallback) => app.onPythonInitialized = resolveCallback);
    started.said.forEach((event) => app.worker.onmessage(event));

    await pythonInitialized;

    if (error) {
        console.error("Python worker init error:", error);
        await jsDisconnect(appId);
        throw error;
    } else {
        console.log(`Python worker initialized: ${appId}`);
    }
}

// Called from Dart on backend.send
// data is a message serialized to JSUint8Array
globalThis.jsSend = async function (appId, data) {
    if (appId in _apps) {
        const app = _apps[appId];
        // Transfer the converted array's actual buffer. On Wasm, converting
        // the Dart packet's buffer separately would produce a different copy.
        // The sender must not access data after this call.
        app.worker.postMessage(data, [data.buffer]);
    }
}

// Called from Dart on channel.disconnect
globalThis.jsDisconnect = async function (appId) {
    if (appId in _apps) {
        console.log(`Terminating Python worker: ${appId}`);
        const app = _apps[appId];
        delete _apps[appId];
        app.worker.terminate();
        app.worker.onmessage = null;
        app.worker.onerror = null;
    }
}
