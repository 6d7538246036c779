import { Link } from 'react-router-dom';

/**
 * "By" and the author's name, linked to their public page when the API names it (userInfo.writerId:
 * the writer's public id, never their e-mail; docs/decisions/writer-public-ids.md).
 */
export function Byline({ author }: { author: { name?: string; writerId?: string } | undefined }) {
  const name = author?.name || 'Newsroom staff';
  const writerId = author?.writerId;
  return (
    <span>
      By{' '}
      {writerId ? (
        <Link to={`/writers/${writerId}`} className="font-semibold text-ink underline underline-offset-4">
          {name}
        </Link>
      ) : (
        <span className="font-semibold text-ink">{name}</span>
      )}
    </span>
  );
}
