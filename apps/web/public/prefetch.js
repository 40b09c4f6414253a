// Asks for the answer a budget's page needs while the app's script loads, so a first open waits
// for the slower of the two instead of one after the other. The app takes it once
// (src/api/prefetch.ts); any other page asks nothing here.
(function prefetchBudgetDetail() {
  const path = window.location.pathname;
  if (!/^\/budgets\/[^/]+\/[^/]+\/[^/]+$/.test(path)) return;
  const api = `/api${path}`;
  const response = fetch(api, { headers: { accept: 'application/json' } });
  // Unhandled if the app never takes it (e.g. it fails before the app loads): the app asks again.
  response.catch(() => undefined);
  window.__pdbscopePrefetch = { path: api, response };
})();
