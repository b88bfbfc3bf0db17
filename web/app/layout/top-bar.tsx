import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '../../components/logo.tsx';
import { paths } from '../../config/paths.ts';
import { useMe, type Me } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';

const links = [
  { to: paths.home, label: 'Beranda', end: true },
  { to: paths.struktur, label: 'Struktur' },
  { to: paths.layanan, label: 'Layanan' },
  { to: paths.berita, label: 'Berita' },
  { to: paths.dokumen, label: 'Dokumen' },
  { to: paths.tentang, label: 'Tentang' },
];

/** Display name for the avatar and dropdown: namaTampilan, else namaLengkap, else the account name. */
function displayName(me: Me): string {
  const rec = me.admin ?? me.voter;
  return rec?.namaTampilan || rec?.namaLengkap || me.user?.name || '';
}

function Avatar({ me }: { me: Me }) {
  const foto = me.admin?.foto || me.voter?.foto;
  if (foto) return <img className="avatar" src={foto} alt="" width={36} height={36} />;
  return (
    <span className="avatar avatar-letter" aria-hidden="true">
      {(displayName(me).trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

function accountItems(me: Me, mobile: boolean) {
  const items: { to: string; label: string }[] = [];
  if (me.abilities.isAdmin) {
    items.push(
      { to: paths.admin.dashboard, label: 'Dashboard BEM' },
      { to: paths.admin.profil, label: 'Edit Profil' },
    );
    if (!mobile) {
      items.push({ to: paths.admin.histori, label: 'Histori Aktivitas' });
      if (me.abilities.manageAdmins)
        items.push({ to: paths.admin.kelolaAdmin, label: 'Kelola Admin' });
    }
  }
  if (me.abilities.isVoter) {
    items.push(
      { to: paths.dashboardPemilih, label: 'Dashboard Saya' },
      { to: paths.profilPemilih, label: 'Edit Profil' },
    );
  }
  return items;
}

/** The fixed 70px top bar: site links, E-Voting, and Login or the account menu. */
export function TopBar() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  // Each menu remembers the path it was opened on, so it is closed by any navigation.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [accountOpenOn, setAccountOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const accountOpen = accountOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);
  const setAccountOpen = (open: boolean) => setAccountOpenOn(open ? location.pathname : null);
  const barRef = useRef<HTMLElement>(null);
  const accountRef = useRef<HTMLDivElement>(null);
  const avatarRef = useRef<HTMLButtonElement>(null);
  const hamburgerRef = useRef<HTMLButtonElement>(null);

  // An opened account menu takes the focus to its first item, as menus do for keyboard users.
  useEffect(() => {
    if (accountOpen)
      accountRef.current
        ?.querySelector<HTMLElement>('#account-menu a, #account-menu button')
        ?.focus();
  }, [accountOpen]);

  useEffect(() => {
    if (!menuOpen && !accountOpen) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (menuOpen && barRef.current && !barRef.current.contains(target)) setMenuOpenOn(null);
      if (accountOpen && accountRef.current && !accountRef.current.contains(target))
        setAccountOpenOn(null);
    };
    const onScroll = () => setMenuOpenOn(null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Escape closes the open menu and gives the focus back to the button that opened it.
      if (accountOpen) avatarRef.current?.focus();
      else if (menuOpen) hamburgerRef.current?.focus();
      setMenuOpenOn(null);
      setAccountOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen, accountOpen]);

  const logout = async () => {
    try {
      await signOut.mutateAsync();
    } catch (err) {
      console.error('Logout gagal', err);
    }
    await navigate('/', { replace: true });
  };

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
              <li className="mobile-only mobile-account">
                <ul>
                  {accountItems(signedIn, true).map((i) => (
                    <li key={i.to}>
                      <NavLink to={i.to}>{i.label}</NavLink>
                    </li>
                  ))}
                  <li>
                    <button type="button" className="link-button" onClick={logout}>
                      Logout
                    </button>
                  </li>
                </ul>
              </li>
            ) : null}
          </ul>
        </nav>
        {signedIn ? (
          <div
            className="account"
            ref={accountRef}
            onBlur={(e) => {
              // Tabbing out of the account menu closes it.
              // A null relatedTarget is a click Safari does not focus; outside clicks close the menu elsewhere.
              if (
                accountOpen &&
                e.relatedTarget &&
                !e.currentTarget.contains(e.relatedTarget as Node)
              )
                setAccountOpenOn(null);
            }}
          >
            <button
              ref={avatarRef}
              type="button"
              className="avatar-button"
              aria-label="Menu akun"
              aria-expanded={accountOpen}
              aria-controls={accountOpen ? 'account-menu' : undefined}
              onClick={() => setAccountOpen(!accountOpen)}
            >
              <Avatar me={signedIn} />
            </button>
            {accountOpen ? (
              <div className="account-menu" id="account-menu">
                <div className="account-head">
                  <strong>{displayName(signedIn)}</strong>
                  <span>{signedIn.user?.email}</span>
                </div>
                <ul>
                  {accountItems(signedIn, false).map((i) => (
                    <li key={i.to}>
                      <Link to={i.to}>{i.label}</Link>
                    </li>
                  ))}
                  <li>
                    <button type="button" className="link-button" onClick={logout}>
                      Logout
                    </button>
                  </li>
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </header>
  );
}
