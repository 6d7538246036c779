import { AxiosError } from 'axios';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/Avatar';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { usePageTitle } from '@/components/usePageTitle';
import { useWriterPage } from '@/lib/api/follows';
import { useProfile } from '@/lib/api/users';
import { useAuth } from '@/lib/auth';
import { formatCount } from '@/lib/format-number';
import { articleMessages } from '../messages';
import { ArticleCardGrid } from './ArticleCardGrid';
import { FollowButton } from './FollowButton';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * A writer's public page (/writers/:id): name, photo, followers and approved articles, a page at a
 * time. The API never answers an e-mail address and nothing here would show one.
 */
export function WriterPageView({ id }: { id: string }) {
  const { user, subscribed, isAdmin } = useAuth();
  const pages = useWriterPage(id);
  // One cannot follow oneself (the server says 400): a writer's own page has no button.
  const me = useProfile(user?.email);
  const writer = pages.data?.pages[0]?.writer;
  usePageTitle(writer?.name ?? (pages.isError ? articleMessages.writerNotFound : 'Writer'));

  if (pages.isPending) return <FullScreenLoader label="Loading writer" />;
  if (pages.isError || !writer) {
    // No answer, a rate limit or a server failure says nothing about whether the writer exists.
    if (pages.isError && (pages.error as AxiosError).response?.status !== 404) {
      return (
        <section className="container-page max-w-3xl py-16">
          <LoadError
            title="The writer's page could not be loaded."
            error={pages.error}
            onRetry={() => pages.refetch()}
          />
        </section>
      );
    }
    return (
      <section className="container-page max-w-3xl py-16 text-center">
        <h1 className="section-title">{articleMessages.writerNotFound}</h1>
        <p className="mt-2 text-muted">This writer does not exist.</p>
        <Link to="/all-articles" className="btn btn-primary mt-6">
          Browse all articles
        </Link>
      </section>
    );
  }

  const articles = pages.data.pages.flatMap((p) => p.articles);
  return (
    <section className="container-page py-10" data-testid="writer-page">
      <header className="mb-8 flex flex-col gap-5 border-b-2 border-ink pb-6 sm:flex-row sm:items-center">
        <Avatar src={writer.photoURL} name={writer.name} className="size-20" sizes="80px" />
        <div className="min-w-0 flex-1">
          <p className="section-kicker">Writer</p>
          <h1 className="section-title mt-1">{writer.name}</h1>
          <p className="mt-2 text-muted">
            {plural(writer.followers, 'follower', 'followers')} ·{' '}
            {plural(writer.articleCount, 'article', 'articles')}
          </p>
        </div>
        {me.data?._id !== id && (
          <FollowButton
            kind="writer"
            target={{ id, name: writer.name, image: writer.photoURL }}
            signedOut="login"
            className="self-start px-6 sm:self-center"
          />
        )}
      </header>

      {articles.length === 0 ? (
        <p className="card p-8 text-center text-muted">No approved articles yet.</p>
      ) : (
        <ArticleCardGrid articles={articles} canReadPremium={subscribed || isAdmin} pages={pages} />
      )}
    </section>
  );
}
