import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';

/**
 * The accessibility statement (issue 23): what Newsroom promises, how it is checked, what is not met
 * yet and whom to tell. The criteria one by one are in docs/accessibility.md of the source.
 */
export default function Accessibility() {
  usePageTitle('Accessibility');
  return (
    <article className="container-page max-w-3xl py-10">
      <p className="section-kicker">Our promise</p>
      <h1 className="font-display text-4xl font-bold">Accessibility statement</h1>
      <p className="mt-4 text-lg leading-relaxed">
        Newsroom aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA on every screen,
        on a phone and on a desktop, in the light and the dark theme, with a mouse, a touch screen, a keyboard
        alone or a screen reader.
      </p>

      <h2 className="mt-10 font-display text-2xl font-bold">What you can expect</h2>
      <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed">
        <li>
          A “Skip to content” link first on every page; a visible focus outline on everything you can use.
        </li>
        <li>
          Every action reachable from the keyboard, in reading order; dialogs keep the focus inside while open
          and give it back when they close.
        </li>
        <li>
          On a phone, dashboard tables become cards: every row&apos;s buttons are in view and at least 44
          pixels tall, and nothing scrolls sideways.
        </li>
        <li>
          The trending carousel has a pause button, and stands still if your system asks for less motion.
        </li>
        <li>Form errors are tied to their fields and read out; text meets AA contrast in both themes.</li>
        <li>
          The first screen of public pages works before the app&apos;s code arrives, and keeps what you type.
        </li>
      </ul>

      <h2 className="mt-10 font-display text-2xl font-bold">How we check it</h2>
      <p className="mt-4 leading-relaxed">
        Every change runs automated browser tests: the axe rules on the screens of readers, writers and admins
        in both themes and at phone and desktop sizes, keyboard-only checks of signing in, the carousel and
        dialogs, and a 390-pixel phone check of every dashboard table. Automated tests find part of the
        problems only; people using assistive technology find the rest.
      </p>

      <h2 className="mt-10 font-display text-2xl font-bold">Known limitations</h2>
      <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed">
        <li>
          The statistics charts are pictures of numbers: the totals beside them are text, the points of each
          line are not yet.
        </li>
        <li>Not every journey has a keyboard-only test yet (posting, moderating and buying are next).</li>
        <li>
          Toasts are announced politely by the notification library; we have not yet tested them with every
          screen reader.
        </li>
      </ul>

      <h2 className="mt-10 font-display text-2xl font-bold">Tell us</h2>
      <p className="mt-4 leading-relaxed">
        If something on Newsroom is hard or impossible for you to use, write to{' '}
        <a className="link" href="mailto:accessibility@newsroom.test">
          accessibility@newsroom.test
        </a>
        . We answer within five working days and treat a barrier as a bug of the first priority. You can also
        read{' '}
        <Link className="link" to="/about-us">
          about us
        </Link>
        .
      </p>
      <p className="mt-8 text-sm text-muted">Statement reviewed on 26 November 2026.</p>
    </article>
  );
}
