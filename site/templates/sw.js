// The service worker of build {{ version }}: it keeps this build's files on the device so that
// the checker works offline after the first visit, and checks each one against the build's
// hash before keeping it. Content-hashed names mean a page and its files always belong to one
// build; a new build is a new version, and replaces this one's files when it takes over.
const VERSION = "{{ version }}";
const CACHE = `complaint-checker-${VERSION}`;
const FILES = {{ files | tojson }};
const PAGES = {{ pages | tojson }};

// Everything this worker keeps is named relative to the folder it is served from (the site's root).
const ROOT = new URL("./", self.location.href).href;
const here = (path) => new URL(path, ROOT).href;
// Each page names the build it belongs to; only this build's pages replace the kept copies.
const BUILD_MARK = `<meta name="complaint-checker-build" content="${VERSION}">`;
const ANY_BUILD_MARK = '<meta name="complaint-checker-build" content="';

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // An install that fails (a file missing, or not this build's) leaves nothing behind: the next visit tries again.
    const failed = async (error) => {
      await caches.delete(CACHE);
      throw error;
    };
    await Promise.all([
      ...Object.entries(FILES).map(async ([path, integrity]) => {
        const response = await fetch(here(path), { integrity });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        await cache.put(here(path), response);
      }),
      ...PAGES.map(async (path) => {
        const response = await fetch(here(path), { cache: "no-cache" });
        if (response.ok && (await response.clone().text()).includes(BUILD_MARK)) await cache.put(here(path), response);
      }),
    ]).catch(failed);
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

// A page: from the network when there is one, else this device's copy. A response replaces the kept
// copy only if it is this build's page. One that is no build's page at all (a captive portal's sign-in
// page, a host's error page) is not the checker: the kept copy is served instead, if there is one.
async function page(request) {
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  // Read without opening: caches.open would create this build's cache again after a newer build's
  // worker deleted it, if this (older) worker still answers a request meanwhile.
  const kept = await caches.match(url.href, { cacheName: CACHE });
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
  if (!response.ok || !PAGES.includes(url.href.slice(ROOT.length))) return response.ok || !kept ? response : kept;
  const text = await response.clone().text();
  if (text.includes(BUILD_MARK)) {
    if (await caches.has(CACHE)) await (await caches.open(CACHE)).put(url.href, response.clone());
    return response;
  }
  return text.includes(ANY_BUILD_MARK) || !kept ? response : kept;  // another build's page: a new deploy
}

// Anything else: this build's files never change, so the kept copy is the file. The wasm alone comes
// from the network while there is one (in practice the browser's HTTP cache, for a file named by its
// hash): the browser keeps its compiled code beside that copy, and a visit that compiles the wasm again
// from this worker's copy takes longer than one that reuses it. Without a network, the kept copy.
async function file(request) {
  const kept = await caches.match(request.url, { cacheName: CACHE });
  if (kept && request.url.endsWith(".wasm")) {
    try {
      const response = await fetch(request);
      if (response.ok) return response;
    } catch (error) {
      // no network: the kept copy
    }
    return kept;
  }
  return kept || fetch(request);
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !event.request.url.startsWith(ROOT)) return;
  event.respondWith(event.request.mode === "navigate" ? page(event.request) : file(event.request));
});
