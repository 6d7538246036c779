import { usePageTitle } from '@/components/usePageTitle';
import { useActiveUsers } from '@/lib/api/users';
import {
  ActivityIcon,
  AwardIcon,
  EditIcon,
  EyeIcon,
  StarIcon,
  TrendingUpIcon,
} from '@/components/screen-icons';

const CLAIMS = [
  { value: '500+', label: 'Daily articles', Icon: EditIcon },
  { value: '1M+', label: 'Total views', Icon: EyeIcon },
  { value: '100+', label: 'Verified writers', Icon: AwardIcon },
];

const OFFERS = [
  {
    title: 'Trending articles',
    text: 'The stories readers open most rise to the front page, so you always see what matters today.',
    Icon: TrendingUpIcon,
  },
  {
    title: 'Exclusive premium content',
    text: 'Subscribers unlock in-depth investigations and analysis reserved for premium members.',
    Icon: StarIcon,
  },
  {
    title: 'An interactive publishing system',
    text: 'Writers submit stories, editors review them, and approved articles reach readers within hours.',
    Icon: EditIcon,
  },
];

export default function AboutUs() {
  usePageTitle('About Us');
  const active = useActiveUsers();
  return (
    <>
      <section className="border-b border-rule bg-surface">
        <div className="container-page py-14 text-center sm:py-20">
          <p className="section-kicker">About us</p>
          <h1 className="mx-auto mt-3 max-w-3xl font-display text-4xl leading-tight font-bold sm:text-6xl">
            Independent news, written by people who care.
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
            Newsroom brings readers trending articles, exclusive premium content and an interactive publishing
            system where anyone can pitch a story to our editors.
          </p>
        </div>
      </section>

      <section className="container-page py-14" aria-labelledby="numbers-title">
        <h2 id="numbers-title" className="sr-only">
          Newsroom in numbers
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CLAIMS.map(({ value, label, Icon }) => (
            <li key={label} className="card p-6 text-center">
              <Icon className="mx-auto size-7 text-accent" aria-hidden="true" />
              <p className="mt-3 font-display text-5xl font-bold">{value}</p>
              <p className="mt-1 text-sm font-semibold tracking-wide text-muted uppercase">{label}</p>
            </li>
          ))}
          <li className="card border-accent p-6 text-center">
            <ActivityIcon className="mx-auto size-7 text-success" aria-hidden="true" />
            <p className="mt-3 font-display text-5xl font-bold" data-testid="active-users">
              {active.data ?? '—'}
            </p>
            <p className="mt-1 inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-muted uppercase">
              <span className="relative flex size-2.5">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-75" />
                <span className="relative inline-flex size-2.5 rounded-full bg-success" />
              </span>
              Active users now
            </p>
          </li>
        </ul>
      </section>

      <section className="container-page pb-6" aria-labelledby="offer-title">
        <header className="mb-8 border-t-2 border-ink pt-3">
          <p className="section-kicker">What we offer</p>
          <h2 id="offer-title" className="section-title mt-1">
            Built for readers and writers
          </h2>
        </header>
        <div className="grid gap-6 md:grid-cols-3">
          {OFFERS.map(({ title, text, Icon }) => (
            <article key={title} className="card p-7">
              <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-ink">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-2xl font-bold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{text}</p>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
