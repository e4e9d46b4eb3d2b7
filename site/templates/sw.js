// The service worker of build {{ version }}: it keeps on the device what a visitor uses of this build, so
// that the checker works offline after the first visit, and checks each file against the build's hash
// before keeping it. What it keeps is the runtime (the page's scripts, Pyodide, the prepared Python), and of
// the procedures only those this visitor opened: each one's pages, in every language, and its rules, not the
// whole library. Its bytes do not grow with the number of procedures a site publishes. Content-hashed names
// mean a page and its files always belong to one build; a new build is a new version, and replaces this one's
// files when it takes over (keeping the same procedures the visitor had kept).
const VERSION = "{{ version }}";
const CACHE = `complaint-checker-${VERSION}`;
const FILES = {{ files | tojson }};
const PAGES = {{ pages | tojson }};
const PROCEDURES = {{ procedures | tojson }};

// Everything this worker keeps is named relative to the folder it is served from (the site's root).
const ROOT = new URL("./", self.location.href).href;
const here = (path) => new URL(path, ROOT).href;
const relative = (url) => (url.startsWith(ROOT) ? url.slice(ROOT.length).split(/[?#]/)[0] : null);
// Each page names the build it belongs to; only this build's pages replace the kept copies.
const BUILD_MARK = `<meta name="complaint-checker-build" content="${VERSION}">`;
const ANY_BUILD_MARK = '<meta name="complaint-checker-build" content="';

// The procedure a path of the site belongs to (ID/…, or LANG/ID/… for a page in another language), or null.
function procedureOf(path) {
  const parts = (path || "").split("/");
  const id = parts.length >= 2 ? parts[parts.length - 2] : null;
  return PROCEDURES.includes(id) ? id : null;
}
// The runtime: every file of this build that belongs to no procedure. The same for a site of any size.
const RUNTIME = Object.keys(FILES).filter((path) => !procedureOf(path));
// What one procedure needs offline: its pages, in every language, and its files (its rules, its worked cases).
const NEEDS = (id) => ({
  pages: PAGES.filter((path) => procedureOf(path) === id),
  files: Object.keys(FILES).filter((path) => procedureOf(path) === id),
});

// One of this build's files, fetched and checked against its hash by the browser (a response whose bytes differ is
// refused), then kept, if this build's cache is there (it is not after an install failed, or a newer build's worker
// deleted it: it is never made again here).
async function keepFile(path, cache = null) {
  const response = await fetch(here(path), { integrity: FILES[path] });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  if (cache || (await caches.has(CACHE))) await (cache || (await caches.open(CACHE))).put(here(path), response.clone());
  return response;
}

// One of this build's pages, as the server has it now, kept only if it is this build's page (a portal's page, or
// a newer build's, is not).
async function keepPage(path, cache) {
  const response = await fetch(here(path), { cache: "no-cache" });
  if (response.ok && (await response.clone().text()).includes(BUILD_MARK)) await cache.put(here(path), response);
}

// Keep what one procedure needs, whatever of it is not kept yet. Once per procedure and worker; a part that fails
// (no network) is tried again the next time one of its pages is opened.
const keeping = new Map();
function keepProcedure(id, cache = null) {
  if (!id) return Promise.resolve();
  if (!keeping.has(id)) {
    const work = (async () => {
      if (!cache && !(await caches.has(CACHE))) return;
      const open = cache || (await caches.open(CACHE));
      const { pages, files } = NEEDS(id);
      const missing = async (path) => !(await open.match(here(path)));
      await Promise.all([
        ...files.map(async (path) => (await missing(path)) && keepFile(path, open)),
        ...pages.map(async (path) => (await missing(path)) && keepPage(path, open)),
      ]);
    })();
    keeping.set(id, work);
    work.catch(() => keeping.delete(id));
  }
  return keeping.get(id);
}

// The procedures this visitor uses: those of the pages open now (the page that registered this worker among them),
// and those an earlier build's worker kept for them, which this build keeps in its turn.
async function proceduresInUse() {
  const ids = new Set();
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    ids.add(procedureOf(relative(client.url)));
  }
  for (const name of await caches.keys()) {
    if (!name.startsWith("complaint-checker-") || name === CACHE) continue;
    for (const request of await (await caches.open(name)).keys()) ids.add(procedureOf(relative(request.url)));
  }
  ids.delete(null);
  return [...ids];
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // An install that fails (a file missing, or not this build's) leaves nothing behind: the next visit tries again.
    const failed = async (error) => {
      await caches.delete(CACHE);
      throw error;
    };
    const used = await proceduresInUse();
    await Promise.all([
      ...RUNTIME.map((path) => keepFile(path, cache)),
      ...used.map((id) => keepProcedure(id, cache)),
    ]).catch(failed);
    await self.skipWaiting();
  })());
});

// A waiting worker of this build activates when the page that registered it asks (app.js, takesOver): skipWaiting,
// called once more. Chromium activates a waiting worker that called skipWaiting at its install only when asked at the
// right moment; one that finished installing while an earlier worker of the same build was being activated (the
// browser's own update of an earlier build's address, now answered with this sw.js) stayed waiting for ever.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") event.waitUntil(self.skipWaiting());
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
// A page of a procedure this visitor had not opened yet: what that procedure needs is kept now.
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
// A file of this build not kept yet (a procedure's rules, the worked cases the verify page runs) is kept as it
// is fetched, checked: what a visitor used is there the next time, offline.
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
  const path = relative(request.url);
  if (kept || !Object.hasOwn(FILES, path)) return kept || fetch(request);
  return keepFile(path).catch(() => fetch(request)); // not kept: the page's own check says what is wrong with it
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !event.request.url.startsWith(ROOT)) return;
  if (event.request.mode !== "navigate") {
    event.respondWith(file(event.request));
    return;
  }
  const answer = page(event.request);
  event.respondWith(answer);
  // the page itself first (kept by page() if it is this build's), then whatever else its procedure needs
  event.waitUntil(answer.catch(() => null).then(() => keepProcedure(procedureOf(relative(event.request.url)))).catch(() => {}));
});
