// Spec §2 "Top navigation and footer": which links each visitor state sees.
export interface NavLink {
  to: string;
  label: string;
}

export const signedOutLinks: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/signup', label: 'Sign Up' },
  { to: '/login', label: 'Login' },
];

export const signedInNavLinks: readonly NavLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/account', label: 'Account' },
];

export const signedInFooterLinks: readonly NavLink[] = [{ to: '/', label: 'Home' }, ...signedInNavLinks];

export const footerInfoLinks: readonly NavLink[] = [
  { to: '/faq', label: 'FAQ' },
  { to: '/changelog', label: 'Changelog' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
];
