import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The layout opens /api/events; component tests drive the cache directly, so the stream stays silent.
class SilentEventSource {
  readonly readyState = 0;
  onopen = null;
  onmessage = null;
  onerror = null;
  close(): void {}
}
vi.stubGlobal('EventSource', SilentEventSource);

// happy-dom does no layout; the virtualised grid needs a viewport to render rows into.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('vgrid-scroll') ? 800 : 0;
  },
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('vgrid-scroll') ? 1400 : 0;
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.stubGlobal('EventSource', SilentEventSource);
});
