import { useNow } from './time.js';
import {
  staleFor,
  spansNamespaces,
  staleNamespaces,
  useSourceMarks,
  type NotVisible,
  type NumbersOf,
  type SourceMarks,
  type Staleness,
} from './staleness.js';

function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** `pods@shop degraded since 10:02; live updates lost since 10:05`. */
function causesText(stale: Staleness): string {
  return stale.causes.map((c) => `${c.what} since ${clockTime(c.since)}`).join('; ');
}

function staleWhy(stale: Staleness): string {
  return `last known good at ${clockTime(stale.since)} (${causesText(stale)})`;
}

function Stale({ stale, aboutEveryNamespace }: { stale: Staleness; aboutEveryNamespace: boolean }) {
  const now = useNow(15_000);
  const namespaces = staleNamespaces(stale);
  // Where only some namespaces' sources are degraded, a view of every namespace says which.
  const where =
    aboutEveryNamespace && namespaces !== undefined ? ` in ${namespaces.join(', ')}` : '';
  const why = staleWhy(stale);
  return (
    <span
      className="stale-mark"
      role="status"
      data-scope={namespaces === undefined ? 'all' : 'some'}
      title={`Stale numbers: ${why}`}
    >
      stale{where} · {staleFor(stale.since, now)}
      <span className="visually-hidden">: these numbers were {why}</span>
    </span>
  );
}

function Hidden({ notVisible }: { notVisible: NotVisible }) {
  const [first, ...more] = notVisible.texts;
  const all = notVisible.texts.join('; ');
  return (
    <span className="notvisible-mark" role="status" title={`Missing from these numbers: ${all}`}>
      {first}
      {more.length > 0 ? (
        <>
          {` and ${more.length} more`}
          <span className="visually-hidden">: {more.join('; ')}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * Beside a view's heading: "stale · 2 min" while its numbers may no longer be the cluster's (a
 * lost stream, a degraded source they read), "not visible: no permission to list pods in
 * payments" while a source they read is refused; why in words for screen readers and on hover.
 * Nothing while they are good.
 */
export function StaleMark({ numbers }: { numbers: NumbersOf }) {
  const marks = useSourceMarks(numbers);
  return (
    <>
      {marks.stale ? (
        <Stale stale={marks.stale} aboutEveryNamespace={spansNamespaces(numbers)} />
      ) : null}
      {marks.notVisible ? <Hidden notVisible={marks.notVisible} /> : null}
    </>
  );
}

/** A row's short marks (the overview): "stale data", "not visible", the why on hover. */
export function RowMarks({ marks }: { marks: SourceMarks }) {
  return (
    <>
      {marks.stale ? ' ' : null}
      {marks.stale ? (
        <span className="row-mark stale" title={`Stale data: ${staleWhy(marks.stale)}`}>
          stale data
          <span className="visually-hidden">: {causesText(marks.stale)}</span>
        </span>
      ) : null}
      {marks.notVisible ? ' ' : null}
      {marks.notVisible ? (
        <span className="row-mark notvisible" title={marks.notVisible.texts.join('; ')}>
          not visible
          <span className="visually-hidden">: {marks.notVisible.texts.join('; ')}</span>
        </span>
      ) : null}
    </>
  );
}
