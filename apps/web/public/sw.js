/*
 * Foyer's service worker: lets the door (the check-in screen) reload without a network (issue 14
 * part 4c; docs/decisions/019-offline-check-in.md) and shows Web Push notifications (issue 15;
 * docs/decisions/020-web-push.md). Registered from the check-in screen and when someone turns push
 * on, as /sw.js?build=<build time>: each build has its own worker and cache, and drops the older ones.
 *
 * - Navigations: network first; offline, the last app shell (index.html) it saw.
 * - /assets/* (hashed, immutable): cache first, kept as they are fetched, the ones the page
 *   loaded before the worker was there (the page posts them as a `keep` message) and, from a door,
 *   every file the check-in screen may load (the build's door-files.json), fetched at once so the
 *   door works offline whatever it had opened before the network went.
 * - Everything else, the API above all, goes to the network untouched: no API answer is cached
 *   (the door keeps its ticket snapshot in IndexedDB itself).
 */
const BUILD = new URL(self.location.href).searchParams.get('build') || 'dev';
const CACHE = `foyer-door-${BUILD}`;
const SHELL = '/';
/** Paths the server answers itself (not the web app): never the shell. */
const SERVER_PATHS = ['/api/', '/uploads/', '/page/', '/dev/', '/mailbox'];

const isAppPath = (path) =>
  !SERVER_PATHS.some((prefix) => path.startsWith(prefix)) && !/\.[a-z0-9]+$/i.test(path);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(SHELL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('foyer-door-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const DOOR_LIST = '/door-files.json';

/**
 * The files the build lists for the door (vite/door-files.ts): all the check-in screen may load.
 * The list is kept too, so a door opened again offline still checks every file on it; null when
 * it is neither reachable nor kept (then the door's files cannot be said to be all kept).
 */
function doorFiles(cache) {
  return fetch(DOOR_LIST, { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`door list: ${response.status}`);
      return cache.put(DOOR_LIST, response.clone()).then(() => response.json());
    })
    .catch(() => cache.match(DOOR_LIST).then((hit) => (hit ? hit.json() : null)))
    .then((list) => (Array.isArray(list) ? list : null))
    .catch(() => null);
}

/**
 * `keep`: the page names the files it loaded before this worker was there (and, from a door,
 * asks for the door's whole list too); each one not kept yet is fetched and kept. The answer, on
 * the message's port when it has one: how many files are kept and how many of the door's could not
 * be fetched (the door's list itself counts as one when it could not be read).
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const allowed = (url) => typeof url === 'string' && (url === SHELL || url.startsWith('/assets/'));
  const port = event.ports?.[0];
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all([cache, data.door ? doorFiles(cache) : []]))
      .then(([cache, door]) => {
        const urls = [...new Set([...data.urls, ...(door ?? [])])].filter(allowed);
        return Promise.all(
          urls.map((url) =>
            cache
              .match(url)
              .then((hit) => hit || cache.add(url))
              .then(
                () => true,
                () => false,
              ),
          ),
        ).then((results) => {
          // What the page had loaded is kept if it can be; only the door's own files (and the
          // list itself) decide whether the door is all kept. A page may name a file that failed.
          const needed = new Set(door ?? []);
          const missing = urls.filter((url, i) => !results[i] && needed.has(url)).length;
          return { kept: results.filter(Boolean).length, missing: missing + (door === null ? 1 : 0) };
        });
      })
      .then((answer) => {
        if (port) port.postMessage(answer);
      }),
  );
});

/** The network's answer, kept when it is a good one. */
function fetchAndKeep(request, key) {
  return fetch(request).then((response) => {
    const html = (response.headers.get('content-type') || '').includes('text/html');
    if (response.ok && response.type === 'basic' && (key !== SHELL || html)) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (!isAppPath(url.pathname)) return;
    event.respondWith(
      fetchAndKeep(request, SHELL).catch(() => caches.match(SHELL).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then((hit) => hit || fetchAndKeep(request, request)));
  }
});

/*
 * Web Push: the payload is JSON { title, body, url, tag } in the language the browser subscribed
 * with. A newer notification with the same tag (one chat room, one invitation) replaces the older.
 * A chat message while the chat is open, focused and visible is already on screen: no notification.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Foyer';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/notifications';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const reading = windows.some(
        (w) => w.focused && w.visibilityState === 'visible' && new URL(w.url).pathname === '/chat',
      );
      if (reading && typeof data.tag === 'string' && data.tag.startsWith('chat-')) return undefined;
      return self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        tag: typeof data.tag === 'string' ? data.tag : undefined,
        data: { url },
        icon: '/favicon.svg',
      });
    }),
  );
});

/** A click opens the place the notification is about: in a window of the app if one is open. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w || open).navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
