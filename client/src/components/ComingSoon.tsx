import { usePageTitle } from './usePageTitle';

/** Temporary screen body for routes still being built. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="container-page py-16">
      <h1 className="section-title">{title}</h1>
      <p className="mt-2 text-muted">This page is being prepared.</p>
    </section>
  );
}
