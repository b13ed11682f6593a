/*
 * Daybase service worker (spec 000 §7: registered after page load).
 *
 * It only makes repeat visits faster and lets the app shell open offline:
 * - /assets/* are content-hashed and immutable, so they are served from the
 *   cache first and cached on first use;
 * - page navigations go to the network, falling back to the last page the
 *   server sent when offline (it carries the runtime config);
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

self.addEventListener('install', () => self.skipWaiting())

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
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

  if (request.mode === 'navigate') {
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
