import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/app.tsx';
import { preloadScreens } from './app/lazy.ts';
import { preloadAccountMenu } from './app/layout/top-bar.tsx';
import { preloadSessionEffects } from './app/layout/root-layout.tsx';
import { meQueryKey, type Me } from './features/auth/api/get-me.ts';
import { Providers } from './app/providers.tsx';
import { queryClient } from './lib/query-client.ts';
import { routes } from './app/router.tsx';
import './styles/global.css';
import './styles/layout.css';
import './styles/profile.css';
import './styles/elections.css';

// Declarative routing (no loaders are used): the router's data layer would double its code.
// Navigations are not transitions, so a page whose code is loading shows the loading overlay.
const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

/** How long what the visitor did before the app took over may wait for its part of the page. */
const TAKE_OVER_WAIT_MS = 5_000;

/** Whether React has taken this element of the server's HTML over (it keeps its props on it). */
const takenOverByApp = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

/**
 * Once the app has taken over a page the server rendered: the fields the visitor typed in or
 * changed meanwhile (public/early-input.js noted them) are given to the app as if typed now (its
 * state follows the fields), then a form sent or a button pressed meanwhile is done again.
 */
function afterTakeOver(deadline = Date.now() + TAKE_OVER_WAIT_MS) {
  const early = window as {
    bemTouchedFields?: () => EventTarget[];
    bemHeldTarget?: () => EventTarget | null;
  };
  const touched = early.bemTouchedFields?.() ?? [];
  // A part of the page may still be the server's HTML (the app takes it over a moment later):
  // its fields and buttons answer only then.
  const waiting = [...touched, early.bemHeldTarget?.()].some(
    (el) => el instanceof Element && el.isConnected && !takenOverByApp(el),
  );
  if (waiting && Date.now() < deadline) {
    setTimeout(() => afterTakeOver(deadline), 50);
    return;
  }
  for (const el of touched) {
    if (
      !(el instanceof HTMLInputElement) &&
      !(el instanceof HTMLTextAreaElement) &&
      !(el instanceof HTMLSelectElement)
    )
      continue;
    if (!el.isConnected || (el instanceof HTMLInputElement && el.type === 'file')) continue;
    const value: string | boolean =
      el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
        ? el.checked
        : el.value;
    // React took the field over with what it held, and will only hear of a change from what it
    // last saw: so it is shown the field's default first (an assignment it sees), then the
    // visitor's value arrives as typed (the prototype's setter, which it does not see).
    if (el instanceof HTMLInputElement && typeof value === 'boolean') {
      el.checked = !value;
      el.click();
      continue;
    }
    if (!(el instanceof HTMLSelectElement)) el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(
      el,
      value,
    );
    el.dispatchEvent(
      new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
  // In a task of its own: the app has rendered the fields' new state by then.
  setTimeout(() => (window as { bemTakenOver?: () => void }).bemTakenOver?.(), 0);
}

/** Runs `done` once, after the first commit of the tree it is in. */
function TakenOver({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

const container = document.getElementById('root')!;
const rendered = document.getElementById('ssr-state');
if (rendered) {
  // The server rendered this page with its data (web/entry-server.tsx): the same data makes the
  // same tree, which takes over the HTML already shown.
  // Its queries' data (dehydrated by the server: each query's data and when it was fetched) goes
  // into the cache. The page's screens are loaded first (the server named them in the HTML, so
  // they are on their way), so no part of the page waits for its code while it is taken over.
  const state = JSON.parse(rendered.textContent || '{}') as {
    queries?: { queryKey: unknown[]; state: { data: unknown; dataUpdatedAt: number } }[];
  };
  for (const q of state.queries ?? []) {
    queryClient.setQueryData(q.queryKey, q.state.data, { updatedAt: q.state.dataUpdatedAt });
  }
  const me = queryClient.getQueryData<Me>(meQueryKey);
  void Promise.all([
    preloadScreens(matchRoutes(routes, window.location)),
    me?.user ? preloadAccountMenu() : null,
    me?.user ? preloadSessionEffects() : null,
  ])
    .catch(() => {})
    .then(() => {
      let once = false;
      const done = () => {
        if (once) return;
        once = true;
        // After the effects of the takeover (the app hears of the fields only once it has settled).
        setTimeout(afterTakeOver, 0);
      };
      // As a transition, the takeover is done in slices with the browser free in between (a
      // phone's main thread is never held for long); a tap meanwhile is replayed by React once
      // its part is taken over, and early-input.js keeps what was typed.
      startTransition(() => {
        hydrateRoot(
          container,
          <>
            {app}
            <TakenOver done={done} />
          </>,
        );
      });
    });
} else {
  // A page the server could not render: the first render is a transition, so React renders it in
  // slices and the phone's main thread stays responsive.
  startTransition(() => createRoot(container).render(app));
  (window as { bemTakenOver?: () => void }).bemTakenOver?.();
}
