/*
 * Daybase service worker (spec 000 §7: registered after page load).
 *
 * It only makes repeat visits faster and lets the app shell open offline:
 * - /assets/* are content-hashed and immutable, so they are served from the
 *   cache first and cached on first use;
 * - page navigations go to the network; offline, a navigation to the app's
 *   own routes (/app, /app/…, /auth) falls back to the last page the server
 *   sent (it carries the runtime config, and the app opens from the query
 *   cache kept in IndexedDB, issue 26); any other path (a feed, a file the
 *   server makes) gets the browser's own offline error;
 * - everything else (the API under /auth, /rest, /storage, /realtime,
 *   /functions) is never touched: data always comes from the server.
 * A new deployment changes the asset names; old entries are dropped when the
 * new worker activates.
 */
const VERSION = 'daybase-v1'
const SHELL = '/__shell'
// The API, including pages it serves itself (OAuth redirects, the local
// billing pages): never answered or cached by the worker.
const API = /^\/(?:(?:auth|rest|storage|realtime|functions)\/v1(?:\/|$)|health$)/
// The routes the app draws itself: the only navigations the shell stands in for.
const APP_ROUTE = /^\/(?:app(?:\/|$)|auth\/?$)/

self.addEventListener('install', () => self.skipWaiting())

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})

// Asked by the signed-in app once it is idle (issue 26): every script and
// style of this build (precache.json, written by the build), so that any
// screen opens offline. '/__precached' marks a finished run.
const PRECACHED = '/__precached'
let precaching = null
async function precache() {
  const cache = await caches.open(VERSION)
  if (await cache.match(PRECACHED)) return
  const list = await (await fetch('/precache.json', { cache: 'no-cache' })).json()
  const missing = []
  for (const path of list) if (!(await cache.match(path))) missing.push(path)
  // A few at a time: the app is in use meanwhile.
  for (let i = 0; i < missing.length; i += 6) {
    await Promise.all(
      missing.slice(i, i + 6).map(async (path) => {
        const response = await fetch(path)
        if (response.ok) await cache.put(path, response)
      }),
    )
  }
  await cache.put(PRECACHED, new Response(String(list.length)))
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'precache') {
    precaching ??= precache().catch(() => undefined).finally(() => (precaching = null))
    event.waitUntil(precaching)
  }
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || API.test(url.pathname)) return

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(VERSION).then(async (cache) => {
        const hit = await cache.match(request)
        if (hit) return hit
        const response = await fetch(request)
        if (response.ok) cache.put(request, response.clone())
        return response
      }),
    )
    return
  }

  if (request.mode === 'navigate' && APP_ROUTE.test(url.pathname)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
            const copy = response.clone()
            caches.open(VERSION).then((cache) => cache.put(SHELL, copy))
          }
          return response
        })
        .catch(async () => (await caches.match(SHELL)) || Response.error()),
    )
  }
})
