// Inlined into index.html's head (plugin.ts): asks for the answer the first page needs, and
// preloads that page's own script, while the app's script loads, so a first open waits for the
// slowest of the three instead of one after the other. The answer: a budget's detail, or the
// budget list of the overview (its search, `q`, is the BFF's `text`), or the node list of the
// Nodes page (its filters are the page's own, never the BFF's). The app takes it once
// (src/api/prefetch.ts); any other page asks nothing here. Inline, not a file of its own: a
// script the parser must fetch first (even from the cache) held the answer's request back.
(function prefetchFirstAnswer(pageChunks) {
  const path = window.location.pathname;
  let page;
  let api;
  if (/^\/budgets\/[^/]+\/[^/]+\/[^/]+$/.test(path)) {
    page = 'detail';
    api = `/api${path}`;
  } else if (path === '/') {
    page = 'overview';
    const text = new URLSearchParams(window.location.search).get('q');
    // Written as the app writes it (URLSearchParams), so the two paths are equal.
    api = text ? `/api/budgets?${new URLSearchParams({ text })}` : '/api/budgets';
  } else if (path === '/nodes') {
    page = 'nodes';
    api = '/api/nodes';
  } else {
    return;
  }
  const response = fetch(api, { headers: { accept: 'application/json' } });
  // Unhandled if the app never takes it (e.g. it fails before the app loads): the app asks again.
  response.catch(() => undefined);
  window.__pdbscopePrefetch = { path: api, response };
  // The page's chunk is otherwise asked for only once the app's script has run (the router's
  // lazy import).
  for (const file of pageChunks[page] ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
  // The plugin writes each page's chunks here.
  // eslint-disable-next-line no-undef
})(PAGE_CHUNKS);
