import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@cadence/shared-router';
import { useAuthStore } from '@cadence/shared-auth';
import { signedInNavLinks, signedOutLinks } from './nav-links.ts';

export function TopNav() {
  const signedIn = useAuthStore((state) => state.status === 'signedIn');
  const signOut = useAuthStore((state) => state.signOut);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = signedIn ? signedInNavLinks : signedOutLinks;

  useEffect(() => setMenuOpen(false), [pathname]);

  const handleSignOut = async () => {
    setMenuOpen(false);
    await signOut().catch((error: unknown) => console.error('Sign out failed', error));
    navigate('/');
  };

  return (
    <header className="top-nav">
      <Link to="/" className="brand">
        Cadence
      </Link>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="primary-nav"
        onClick={() => setMenuOpen((open) => !open)}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id="primary-nav" aria-label="Main" className={menuOpen ? 'nav-links open' : 'nav-links'}>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {signedIn && (
            <li className="mobile-only">
              <button type="button" className="nav-link sign-out" onClick={handleSignOut}>
                Sign Out
              </button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
