import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../../components/link.tsx';
import { LogoMark } from '../../components/logo.tsx';
import { paths } from '../../config/paths.ts';
import { useMe, type Me } from '../../features/auth/api/get-me.ts';
import { loadable } from '../lazy.ts';

const links = [
  { to: paths.home, label: 'Beranda', end: true },
  { to: paths.struktur, label: 'Struktur' },
  { to: paths.layanan, label: 'Layanan' },
  { to: paths.berita, label: 'Berita' },
  { to: paths.dokumen, label: 'Dokumen' },
  { to: paths.tentang, label: 'Tentang' },
];

// The account menu's code loads only once someone is signed in. Should it fail to load, the bar
// shows no account menu (the page itself works; a reload tries again).
const accountMenu = () => import('./account-menu.tsx');
const NoAccountMenu: ComponentType<{ me: Me }> = () => null;
const AccountMenu = loadable(() =>
  accountMenu().then(
    (m) => m.AccountMenu,
    () => NoAccountMenu,
  ),
);
const MobileAccountItems = loadable(() =>
  accountMenu().then(
    (m) => m.MobileAccountItems,
    () => NoAccountMenu,
  ),
);

/** Loads the account menu ahead (a signed-in page the server rendered is then taken over at once). */
export const preloadAccountMenu = () =>
  Promise.all([AccountMenu.preload(), MobileAccountItems.preload()]);

/** The fixed 70px top bar: site links, E-Voting, and Login or the account menu. */
export function TopBar() {
  const me = useMe();
  const location = useLocation();
  // The menu remembers the path it was opened on, so it is closed by any navigation.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);
  const barRef = useRef<HTMLElement>(null);
  const hamburgerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (e: PointerEvent) => {
      if (barRef.current && !barRef.current.contains(e.target as Node)) setMenuOpenOn(null);
    };
    const onScroll = () => setMenuOpenOn(null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Escape closes the menu and gives the focus back to the hamburger, unless it is in the
      // account menu (which Escape closes too, giving the focus back to the avatar).
      if (!document.activeElement?.closest('.account')) hamburgerRef.current?.focus();
      setMenuOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const signedIn = me.data?.user ? me.data : null;

  return (
    <header className="topbar" ref={barRef}>
      <div className="topbar-inner">
        <Link to="/" className="brand" aria-label="BEM Poltek Nuklir — Beranda">
          <LogoMark size={40} />
          <span className="brand-text">
            <strong>BEM</strong> Poltek Nuklir
          </span>
        </Link>
        <button
          ref={hamburgerRef}
          type="button"
          className="hamburger"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span />
          <span />
          <span />
        </button>
        <nav
          id="site-nav"
          className={`site-nav${menuOpen ? ' open' : ''}`}
          aria-label="Navigasi utama"
        >
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={paths.pemilihan} className="btn btn-accent nav-evoting">
                E-Voting
              </NavLink>
            </li>
            {!signedIn && !me.isPending ? (
              <li>
                <NavLink to={paths.login}>Login</NavLink>
              </li>
            ) : null}
            {signedIn ? (
              <Suspense fallback={null}>
                <MobileAccountItems me={signedIn} />
              </Suspense>
            ) : null}
          </ul>
        </nav>
        {signedIn ? (
          <Suspense fallback={null}>
            <AccountMenu me={signedIn} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
