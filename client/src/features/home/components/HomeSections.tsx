import type { ReactNode } from 'react';
import { ADMIN_STEPS, FAQ, HOW_TO_STEPS, WRITING_TIPS } from '../content';

export function HomeSection({
  id,
  kicker,
  title,
  intro,
  children,
  band = false,
}: {
  id: string;
  kicker: string;
  title: string;
  intro?: string;
  children: ReactNode;
  band?: boolean;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`offscreen-section py-14${band ? ' bg-surface-2/60' : ''}`}
    >
      <div className="container-page">
        <header className="mb-8 border-t-2 border-ink pt-3">
          <p className="section-kicker">{kicker}</p>
          <h2 id={`${id}-title`} className="section-title mt-1">
            {title}
          </h2>
          {intro && <p className="mt-2 max-w-2xl text-muted">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

export function Faq() {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-rule rounded-lg border border-rule bg-surface">
      {FAQ.map((item) => (
        <details key={item.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-display text-lg font-bold">
            {item.q}
            <span
              aria-hidden="true"
              className="text-2xl text-accent transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="mt-3 leading-relaxed text-muted">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

export function WritingTips() {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {WRITING_TIPS.map((tip, i) => (
        <li key={tip.title} className="card p-6">
          <span className="font-display text-4xl font-bold text-accent">
            {String(i + 1).padStart(2, '0')}
          </span>
          <h3 className="mt-3 text-xl font-bold">{tip.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted">{tip.text}</p>
        </li>
      ))}
    </ol>
  );
}

function Steps({ title, steps }: { title: string; steps: { title: string; text: string }[] }) {
  return (
    <div className="card p-6 sm:p-8">
      <h3 className="text-2xl font-bold">{title}</h3>
      <ol className="mt-6 space-y-5">
        {steps.map((s, i) => (
          <li key={s.title} className="flex gap-4">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-ink font-bold text-paper">
              {i + 1}
            </span>
            <div>
              <p className="font-semibold">{s.title}</p>
              <p className="text-sm text-muted">{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function HowToSteps() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Steps title="For writers" steps={HOW_TO_STEPS} />
      <Steps title="For admins" steps={ADMIN_STEPS} />
    </div>
  );
}
