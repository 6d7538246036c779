import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import { FacebookIcon, XLogoIcon, YouTubeIcon } from '@/components/screen-icons';

const socials = [
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'X (Twitter)', Icon: XLogoIcon },
  { label: 'YouTube', Icon: YouTubeIcon },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t-4 border-double border-rule bg-surface">
      <div className="container-page flex flex-col items-center gap-4 py-10 text-center">
        <Logo />
        <p className="font-display text-lg text-muted italic">Providing reliable news since 1992</p>
        {/* Social icons are shown without links (docs/product.md §2). */}
        <ul className="flex gap-3" aria-label="Social media">
          {socials.map(({ label, Icon }) => (
            <li key={label}>
              <span
                role="img"
                aria-label={label}
                className="grid size-10 place-items-center rounded-full border border-rule text-ink"
              >
                <Icon aria-hidden="true" />
              </span>
            </li>
          ))}
        </ul>
        <p className="text-sm">
          <Link to="/accessibility" className="link">
            Accessibility statement
          </Link>
        </p>
        <p className="text-sm text-muted">
          Copyright © {new Date().getFullYear()} Newsroom. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
