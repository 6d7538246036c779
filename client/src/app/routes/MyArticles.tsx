import { usePageTitle } from '@/components/usePageTitle';
import { MyDrafts } from '@/features/articles/drafts/MyDrafts';
import { MyArticlesTable } from '@/features/articles/writer/MyArticlesTable';

export default function MyArticles() {
  usePageTitle('My Articles');
  return (
    <section className="container-page py-10 sm:py-14">
      <header className="mb-6">
        <p className="section-kicker">Your desk</p>
        <h1 className="section-title">My Articles</h1>
      </header>
      <MyDrafts />
      <MyArticlesTable />
    </section>
  );
}
