import type { ComponentProps, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/**
 * A link within the app, built on React Router's own building blocks for custom links (`useHref`,
 * `useLinkClickHandler`): a plain click navigates in the app, a modified click (new tab, download)
 * or a `target` is left to the browser. React Router's `<Link>` also carries framework-mode
 * prefetching this app never uses, which costs every page about 2 KB of JavaScript; so the app
 * imports its links from here (an ESLint rule says so).
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

/**
 * A link that knows whether it leads to the current page, as React Router's `<NavLink>`: then it
 * gets the class `active` and `aria-current="page"`. It is active on its own path and, unless
 * `end`, on the paths below it (`/` only on itself).
 */
export function NavLink({
  end = false,
  className,
  'aria-current': ariaCurrent = 'page',
  ...props
}: LinkProps & { end?: boolean }) {
  const here = useLocation().pathname.toLowerCase();
  const to = useResolvedPath(props.to).pathname.toLowerCase();
  const endSlash = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  const active = here === to || (!end && here.startsWith(to) && here.charAt(endSlash) === '/');
  return (
    <Link
      {...props}
      aria-current={active ? ariaCurrent : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
    />
  );
}
