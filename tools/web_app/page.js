    // Canasta Score's own (tools/web_app/page.js): the service worker that opens the app
    // offline, and the browser asked to keep the games' storage (not to clear it when short
    // of space). Python runs in a worker, which can ask neither.
    //
    // The service worker is registered once Python has started: by then the page has fetched
    // every file, so the worker's copy of them comes from the browser's cache (the first
    // visit downloads each file once), and it is told which CanvasKit build this browser used.
    (function () {
      let registered = false;
      function keepForOffline() {
        if (registered || !('serviceWorker' in navigator)) {
          return;
        }
        registered = true;
        const used = performance.getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.includes('/canvaskit/'));
        navigator.serviceWorker.register('service-worker.js')
          .then(() => navigator.serviceWorker.ready)
          .then((registration) => registration.active.postMessage({ keep: used }))
          .catch((error) => console.warn('Canasta Score: not kept for offline use:', error));
      }
      const connect = globalThis.jsConnect;  // python.js: resolves once Python has started
      globalThis.jsConnect = async function (...args) {
        const started = await connect(...args);
        keepForOffline();
        return started;
      };
      flet.storagePersisted = (navigator.storage && navigator.storage.persist)
        ? navigator.storage.persist().catch(() => false)
        : Promise.resolve(false);
    })();
