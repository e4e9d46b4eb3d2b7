// The service worker of build {{ version }}: it keeps this build's files on the device so that
// the checker works offline after the first visit, and checks each one against the build's
// hash before keeping it. Content-hashed names mean a page and its files always belong to one
// build; a new build is a new version, and replaces this one's files when it takes over.
const VERSION = "{{ version }}";
const CACHE = `complaint-checker-${VERSION}`;
const FILES = {{ files | tojson }};
const PAGES = {{ pages | tojson }};

const here = (path) => new URL(path, self.location.href).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([
      ...Object.entries(FILES).map(async ([path, integrity]) => {
        const response = await fetch(here(path), { integrity });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        await cache.put(here(path), response);
      }),
      ...PAGES.map(async (path) => {
        const response = await fetch(here(path), { cache: "no-cache" });
        if (response.ok) await cache.put(here(path), response);
      }),
    ]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("complaint-checker-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// A page: from the network when there is one (and keep the copy), else this device's copy.
async function page(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  try {
    const response = await fetch(request);
    if (response.ok && PAGES.includes(url.href.slice(here("").length))) await cache.put(url.href, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(url.href);
    if (kept) return kept;
    throw error;
  }
}

// Anything else: this build's files never change, so the kept copy is the file.
async function file(request) {
  const kept = await caches.match(request.url, { cacheName: CACHE });
  return kept || fetch(request);
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !event.request.url.startsWith(here(""))) return;
  event.respondWith(event.request.mode === "navigate" ? page(event.request) : file(event.request));
});
