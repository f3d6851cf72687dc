// The web app's own service worker (tools/build_web_app.py fills in the files, their SHA-256
// digests and the version): every file is kept on the first visit, and later visits, with or
// without a network or a server, are served from that copy.
//
// A new build is a new version. Its files come from the network, never from an older copy:
// each is asked of the server again (the browser's HTTP cache may answer only what the server
// confirms is current), checked against its digest, and asked once more past every cache when
// a host or a CDN still hands out the old one. The CanvasKit build this browser draws with (a
// page names it) comes along. Only a whole copy is installed; it then waits, and takes over
// when the page says so (the player's tap, or no round being typed), never under an open tab.
const VERSION = '@VERSION@';
const FILES = @FILES@;
const DIGESTS = @DIGESTS@;
const PREFIX = 'canasta-score-';
const CACHE = PREFIX + VERSION;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function relative(url) {
  const path = new URL(url, self.registration.scope).href.slice(self.registration.scope.length);
  return path === '' ? './' : path.split(/[?#]/)[0];
}

// One file of this version, fetched and checked, put in `cache`.
async function fetchWhole(cache, name) {
  const digest = DIGESTS[name];
  const address = new URL(name, self.registration.scope).href;
  for (const [url, mode] of [[address, 'no-cache'], [address + '?v=' + digest, 'reload']]) {
    const response = await fetch(new Request(url, { cache: mode }));
    if (!response.ok) {
      throw new Error(name + ': ' + response.status);
    }
    const body = await response.clone().arrayBuffer();
    if (!digest || hex(await crypto.subtle.digest('SHA-256', body)) === digest) {
      await cache.put(address, response);
      return;
    }
  }
  throw new Error(name + ': the server answers another version of it');
}

// The CanvasKit files an older copy holds: the build this browser draws with.
async function canvasKitUsed() {
  const used = new Set();
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      for (const request of await (await caches.open(name)).keys()) {
        const path = relative(request.url);
        if (path.startsWith('canvaskit/') && path in DIGESTS) {
          used.add(path);
        }
      }
    }
  }
  return [...used];
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const names = [...FILES, ...(await canvasKitUsed())];
    try {
      await Promise.all(names.map((name) => fetchWhole(cache, name)));
    } catch (error) {
      await caches.delete(CACHE);  // never a part copy: the install is tried again later
      throw error;
    }
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.takeOver) {  // the page's word: this version may take over now
    self.skipWaiting();
    return;
  }
  // The page names the build of CanvasKit this browser loaded (only one of the two is used).
  const here = (data.keep || [])
    .filter((url) => new URL(url, self.location).origin === self.location.origin)
    .map(relative)
    .filter((name) => name in DIGESTS);
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(here.map(async (name) => {
    if (!(await cache.match(name, { ignoreSearch: true }))) {
      await fetchWhole(cache, name);
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
