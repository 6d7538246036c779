import { usePageTitle } from '@/components/usePageTitle';
import { AddArticleForm } from '@/features/articles/writer/AddArticleForm';
import { writerMessages } from '@/features/articles/writer/messages';

export default function AddArticle() {
  usePageTitle('Add Article');
  return (
    <section className="container-page py-10 sm:py-14">
      <header className="mb-8 text-center">
        <h1 className="section-title capitalize">{writerMessages.addHeading}</h1>
        <p className="mt-2 text-muted">{writerMessages.addSubtitle}</p>
      </header>
      <AddArticleForm />
    </section>
  );
}
