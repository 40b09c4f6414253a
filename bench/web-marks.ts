// bench:web, what a page records about itself while it loads (installed before its scripts).

/** When the content first showed (performance.now(), from navigation start) and the longest task. */
export interface ViewMarks {
  content?: number;
  longest: number;
}

/**
 * Runs in the page before its scripts: when the element `selector` (else the one
 * sessionStorage's `bench-content` names) is first in the document, and the longest task.
 * Recorded by the page itself, so the bench's own polling neither delays nor shifts it.
 */
export function markView(selector?: string): void {
  const marks: ViewMarks = { longest: 0 };
  const record = window as unknown as { viewMarks: ViewMarks };
  record.viewMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longest = Math.max(marks.longest, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    const wanted = selector ?? sessionStorage.getItem('bench-content');
    if (marks.content === undefined && wanted !== null && document.querySelector(wanted)) {
      marks.content = performance.now();
      observer.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  );
}
