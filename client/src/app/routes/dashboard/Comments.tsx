import { usePageTitle } from '@/components/usePageTitle';
import { CommentsTable } from '@/features/admin/CommentsTable';
import { commentsAdminMessages as m } from '@/features/admin/messages';

export default function Comments() {
  usePageTitle(m.title);
  return (
    <section>
      <h1 className="section-title mb-2">{m.title}</h1>
      <p className="mb-6 max-w-3xl text-muted">{m.intro}</p>
      <CommentsTable />
    </section>
  );
}
