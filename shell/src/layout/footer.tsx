import { Link, useLocation } from '@cadence/shared-router';
import { useAuthStore } from '@cadence/shared-auth';
import { ownsItsChrome } from '../route-table.ts';
import { footerInfoLinks, signedInFooterLinks, signedOutLinks } from './nav-links.ts';

export function Footer() {
  const signedIn = useAuthStore((state) => state.status === 'signedIn');
  const { pathname } = useLocation();
  const links = [...(signedIn ? signedInFooterLinks : signedOutLinks), ...footerInfoLinks];
  // Issue 31: the client portal has its own footer.
  if (ownsItsChrome(pathname)) return null;
  return (
    <footer className="footer">
      <div className="footer-inner">
        <nav aria-label="Footer">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="footer-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-note">© {new Date().getFullYear()} Cadence</p>
      </div>
    </footer>
  );
}
