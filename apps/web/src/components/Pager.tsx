import { formatCount } from './numbers.js';

/** Which page of a server-paged list is shown, and buttons to the previous and next ones. */
export function Pager({
  page,
  limit,
  total,
  what,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  what: string;
  onPage: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="toolbar" aria-label={`Pages of ${what}`}>
      <span aria-live="polite">
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)} {what}
      </span>
      {pages > 1 ? (
        <>
          <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous page
          </button>
          <span>
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next page
          </button>
        </>
      ) : null}
    </nav>
  );
}
