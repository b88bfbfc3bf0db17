import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link, NavLink } from '../../components/link.tsx';
import { paths } from '../../config/paths.ts';
import type { Me } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useMyCommitteeElections } from '../../features/committee/api/my-elections.ts';

/*
 * The top bar's parts for someone signed in. They load with the page only when someone is signed
 * in (top-bar.tsx), so a visitor's first view carries none of this code.
 */

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
  // Everyone's passkeys (and a committee member's or admin's authenticator app).
  items.push({ to: paths.keamananAkun, label: 'Keamanan Akun' });
  return items;
}

/** Signs out, then goes to the home page. */
function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut.mutateAsync();
    } catch (err) {
      console.error('Logout gagal', err);
    }
    await navigate('/', { replace: true });
  };
}

/** The account links and Logout at the end of the phone's menu (hidden on wider screens). */
export function MobileAccountItems({ me }: { me: Me }) {
  return (
    <li className="mobile-only mobile-account">
      <AccountList me={me} mobile />
    </li>
  );
}

/**
 * The elections this person serves (committee member or witness, each also a key holder): the
 * way back to their area from anywhere on the site.
 */
function useServedElections(me: Me) {
  const serves = me.abilities.committeeOf.length + me.abilities.witnessOf.length > 0;
  const served = useMyCommitteeElections(serves);
  return (served.data?.items ?? []).map((e) => ({
    to: paths.panitia(e.id),
    label: `${e.title} (${e.role === 'panitia' ? 'Panitia' : 'Saksi'})`,
  }));
}

/** The person's links and Logout; in the phone's menu they show which page is open. */
function AccountList({ me, mobile }: { me: Me; mobile: boolean }) {
  const logout = useLogout();
  const served = useServedElections(me);
  const ItemLink = mobile ? NavLink : Link;
  return (
    <ul>
      {[...served, ...accountItems(me, mobile)].map((i) => (
        <li key={i.to}>
          <ItemLink to={i.to}>{i.label}</ItemLink>
        </li>
      ))}
      <li>
        <button type="button" className="link-button" onClick={logout}>
          Logout
        </button>
      </li>
    </ul>
  );
}

/** The avatar button and its dropdown: name, email, the person's links and Logout. */
export function AccountMenu({ me }: { me: Me }) {
  const location = useLocation();
  // The menu remembers the path it was opened on, so it is closed by any navigation.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const accountRef = useRef<HTMLDivElement>(null);
  const avatarRef = useRef<HTMLButtonElement>(null);

  // An opened account menu takes the focus to its first item, as menus do for keyboard users.
  useEffect(() => {
    if (open)
      accountRef.current
        ?.querySelector<HTMLElement>('#account-menu a, #account-menu button')
        ?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (accountRef.current && !accountRef.current.contains(e.target as Node)) setOpenOn(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Escape closes the menu and gives the focus back to the button that opened it.
      avatarRef.current?.focus();
      setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className="account"
      ref={accountRef}
      onBlur={(e) => {
        // Tabbing out of the account menu closes it.
        // A null relatedTarget is a click Safari does not focus; outside clicks close the menu elsewhere.
        if (open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node))
          setOpenOn(null);
      }}
    >
      <button
        ref={avatarRef}
        type="button"
        className="avatar-button"
        aria-label="Menu akun"
        aria-expanded={open}
        aria-controls={open ? 'account-menu' : undefined}
        onClick={() => setOpenOn(open ? null : location.pathname)}
      >
        <Avatar me={me} />
      </button>
      {open ? (
        <div className="account-menu" id="account-menu">
          <div className="account-head">
            <strong>{displayName(me)}</strong>
            <span>{me.user?.email}</span>
          </div>
          <AccountList me={me} mobile={false} />
        </div>
      ) : null}
    </div>
  );
}
