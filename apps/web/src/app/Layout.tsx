import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ConnectionBar } from '../features/connection/ConnectionBar.js';
import { ThemeToggle } from './ThemeToggle.js';
import { useEventStream } from '../api/use-event-stream.js';
import { useAuthStatus } from '../api/auth-status.js';
import { SignOutButton } from '../features/auth/SignOutButton.js';
import { PauseToggle } from '../features/live/PauseToggle.js';
import { TokenForm } from '../features/auth/TokenForm.js';
import { Loading } from '../components/StateView.js';
import { ListFocusProvider, useListFocus } from '../components/list-focus.js';
import { SearchPalette } from '../features/search/SearchPalette.js';
import { useFleetConfigured } from '../features/fleet/fleet-queries.js';
import { WhatIfBanner } from '../features/what-if/WhatIfBanner.js';

const links = [
  { to: '/', label: 'Budgets', end: true },
  { to: '/pods', label: 'Pods', end: false },
  { to: '/nodes', label: 'Nodes', end: false },
  { to: '/simulate', label: 'Simulate', end: false },
  { to: '/upgrade', label: 'Upgrade', end: false },
  { to: '/overlaps', label: 'Overlaps', end: false },
  { to: '/findings', label: 'Findings', end: false },
] as const;

/** Shown only when the BFF serves the fleet (--fleet-prometheus). */
const fleetLink = { to: '/fleet', label: 'Fleet', end: false } as const;

/** Shown while the page has a table: the first row in two Tab presses, past every filter. */
function SkipToList() {
  const { first } = useListFocus();
  if (first === undefined) return null;
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        first();
      }}
    >
      Skip to the list
    </a>
  );
}

export function Layout() {
  return (
    <ListFocusProvider>
      <Shell />
    </ListFocusProvider>
  );
}

function Shell() {
  const auth = useAuthStatus();
  useEventStream(auth.generation);
  const fleet = useFleetConfigured();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SkipToList />
      <header className="topbar">
        <NavLink to="/" className="brand">
          pdbscope
        </NavLink>
        <nav className="nav" aria-label="Main">
          {(fleet ? [...links, fleetLink] : links).map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <SearchPalette />
        <ThemeToggle />
      </header>
      <ConnectionBar>
        <PauseToggle />
        <SignOutButton />
      </ConnectionBar>
      <WhatIfBanner />
      <main id="main" tabIndex={-1}>
        {auth.needsToken ? (
          <TokenForm />
        ) : (
          // Navigations are transitions: the page stays until the next one's chunk is here.
          <Suspense fallback={<Loading what="the page" />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </div>
  );
}
