import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@cadence/shared-router';
import { useAuthStore } from '@cadence/shared-auth';
import { Button, IconButton } from '@cadence/shared-ui';
import { ownsItsChrome } from '../route-table.ts';
import { BrandMark } from './brand-mark.tsx';
import { signedInNavLinks, signedOutLinks } from './nav-links.ts';

export function TopNav() {
  const signedIn = useAuthStore((state) => state.status === 'signedIn');
  const signOut = useAuthStore((state) => state.signOut);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it, with no effect.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const links = signedIn ? signedInNavLinks : signedOutLinks;
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and gives focus back to the button that opened it.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpenOn(null);
    toggleRef.current?.focus();
  };

  const handleSignOut = async () => {
    setMenuOpenOn(null);
    await signOut().catch((error: unknown) => console.error('Sign out failed', error));
    navigate('/');
  };

  // Issue 31: the client portal has its own header.
  if (ownsItsChrome(pathname)) return null;
  return (
    <header className="top-nav" onKeyDown={closeOnEscape}>
      <div className="top-nav-inner">
        <Link to="/" className="brand">
          <BrandMark />
          Cadence
        </Link>
        <IconButton
          ref={toggleRef}
          icon={menuOpen ? 'close' : 'menu'}
          label="Menu"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-nav"
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        />
        <nav id="primary-nav" aria-label="Main" className={menuOpen ? 'nav-links open' : 'nav-links'}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                {/* Dashboard stays current on its sections (/dashboard/clients); only "/" needs an exact match. */}
                <NavLink to={link.to} end={link.to === '/'} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {signedIn && (
              <li className="mobile-only">
                <Button variant="secondary" icon="sign-out" fullWidth className="sign-out" onClick={() => void handleSignOut()}>
                  Sign Out
                </Button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
