export interface NavItem {
  to: string;
  label: string;
}

interface NavState {
  signedIn: boolean;
  isAdmin: boolean;
}

/** Navbar links by sign-in state and role (docs/product.md §2). */
export function navLinks({ signedIn, isAdmin }: NavState): NavItem[] {
  const links: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/all-articles', label: 'All Articles' },
  ];
  if (signedIn) {
    links.push(
      { to: '/add-articles', label: 'Add Articles' },
      { to: '/subscription', label: 'Subscription' },
      { to: '/my-articles', label: 'My Articles' },
      { to: '/premium-articles', label: 'Premium Articles' },
    );
    links.push(
      isAdmin ? { to: '/dashboard', label: 'Dashboard' } : { to: '/user-dashboard', label: 'Dashboard' },
    );
  }
  links.push({ to: '/about-us', label: 'About Us' });
  return links;
}
