    // Canasta Score's own (tools/web_app/page.js): the service worker that opens the app
    // offline, and the browser asked to keep the games' storage (not to clear it when short
    // of space). Python runs in a worker, which can ask neither.
    if ('serviceWorker' in navigator) {
      navigator.serviceWorker.register('service-worker.js').catch((error) => {
        console.warn('Canasta Score: no service worker, no offline use:', error);
      });
      window.addEventListener('flutter-first-frame', () => {
        const used = performance.getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.includes('/canvaskit/'));
        navigator.serviceWorker.ready.then((registration) => {
          registration.active.postMessage({ keep: used });
        });
      }, { once: true });
    }
    flet.storagePersisted = (navigator.storage && navigator.storage.persist)
      ? navigator.storage.persist().catch(() => false)
      : Promise.resolve(false);
