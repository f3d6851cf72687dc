// The web app's own service worker (tools/build_web_app.py fills in the files and version):
// every file is kept on the first visit, and later visits, with or without a network or a
// server, are served from that copy. A new build is a new version: its files are fetched once,
// and the old copy is dropped when it takes over.
const VERSION = '@VERSION@';
const FILES = @FILES@;
const CACHE = 'canasta-score-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting())
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith('canasta-score-') && name !== CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

// The page names the build of CanvasKit this browser loaded (only one of the two is used).
self.addEventListener('message', (event) => {
  const keep = (event.data && event.data.keep) || [];
  const here = keep.filter((url) => new URL(url, self.location).origin === self.location.origin);
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(here.map(async (url) => {
    if (!(await cache.match(url, { ignoreSearch: true }))) {
      await cache.add(url);
    }
  }))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) {
      return kept;
    }
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
    }
    return response;
  }));
});
