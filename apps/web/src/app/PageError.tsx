import { useRouteError } from 'react-router';

/**
 * A page that failed to load or to draw, in words, inside the shell (the connection bar and the
 * menu stay). The usual cause is a page's script gone after the dashboard was upgraded: a reload
 * fetches the new one.
 */
export function PageError() {
  const error = useRouteError();
  return (
    <div role="alert" className="notice bad">
      This page could not be shown ({error instanceof Error ? error.message : String(error)}).{' '}
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
