import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStatus } from '../api/auth-status.js';
// The pages' lazy components, made when this module loads.
import '../app/pages.js';
import { preloadEveryLazyComponent } from '../app/lazy-component.js';

// The layout opens /api/events; component tests drive the cache directly, so the stream stays silent.
class SilentEventSource {
  readonly readyState = 0;
  onopen = null;
  onmessage = null;
  onerror = null;
  close(): void {}
}
// Component tests never reach a network; a test that needs answers stubs fetch with fakeFetch.
const noNetwork = () => Promise.reject(new TypeError('no network in component tests'));

function stubGlobals(): void {
  vi.stubGlobal('EventSource', SilentEventSource);
  vi.stubGlobal('fetch', noNetwork);
}
stubGlobals();

// happy-dom does no layout; the virtualised grid needs a viewport to render rows into, wide
// enough for every column (column-fit.test.ts tests the narrow ones).
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('vgrid-scroll') ? 800 : 0;
  },
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('vgrid-scroll') ? 1800 : 0;
  },
});

// The routes render each page (and parts of some) from its own chunk; loaded here, every one
// draws at once, as the app does once a chunk is in.
await preloadEveryLazyComponent();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stubGlobals();
  authStatus.reset();
});
