// Asks for the answer the first page needs while the app's script loads, so a first open waits
// for the slower of the two instead of one after the other: a budget's detail, or the budget
// list of the overview (its search, `q`, is the BFF's `text`), or the node list of the Nodes
// page (its filters are the page's own, never the BFF's). The app takes it once
// (src/api/prefetch.ts); any other page asks nothing here.
(function prefetchFirstAnswer() {
  const path = window.location.pathname;
  let api;
  if (/^\/budgets\/[^/]+\/[^/]+\/[^/]+$/.test(path)) {
    api = `/api${path}`;
  } else if (path === '/') {
    const text = new URLSearchParams(window.location.search).get('q');
    // Written as the app writes it (URLSearchParams), so the two paths are equal.
    api = text ? `/api/budgets?${new URLSearchParams({ text })}` : '/api/budgets';
  } else if (path === '/nodes') {
    api = '/api/nodes';
  } else {
    return;
  }
  const response = fetch(api, { headers: { accept: 'application/json' } });
  // Unhandled if the app never takes it (e.g. it fails before the app loads): the app asks again.
  response.catch(() => undefined);
  window.__pdbscopePrefetch = { path: api, response };
})();
