import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DateTime } from '@/components/DateTime';
import { LoadError } from '@/components/LoadError';
import { TableShell } from '@/components/TableShell';
import { giftUrl, useMyGiftLinks, useRevokeGiftLink, type GiftLink } from '@/lib/api/gifts';
import { useAuth } from '@/lib/auth';
import { giftMessages } from '../messages';

const STATUS_LABELS: Record<GiftLink['status'], string> = {
  unopened: 'Not opened yet',
  active: 'Active',
  full: 'All readers in',
  expired: 'Expired',
  revoked: 'Revoked',
};

function Expiry({ link }: { link: GiftLink }) {
  if (link.revokedAt) return <>{giftMessages.revoked}</>;
  if (!link.expiresAt)
    return <>{link.status === 'expired' ? giftMessages.neverOpened : giftMessages.notOpened}</>;
  return <DateTime value={link.expiresAt} style="short" />;
}

/** The caller's gift links (article, created, readers of 10, expiry) with Revoke and the month's allowance. */
export function GiftLinksTable() {
  const { user } = useAuth();
  const links = useMyGiftLinks(user?.email);
  const revoke = useRevokeGiftLink();
  const [copiedId, setCopiedId] = useState<string | null>(null);

  if (links.isError) {
    return (
      <LoadError
        title="Your gift links could not be loaded."
        error={links.error}
        onRetry={() => links.refetch()}
      />
    );
  }
  if (!links.data) return <p className="text-muted">Loading gift links…</p>;
  const { allowance } = links.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted" data-testid="gift-allowance">
        {giftMessages.left(allowance.remainingThisMonth)} ({allowance.usedThisMonth} of {allowance.limit}{' '}
        used)
      </p>
      {links.data.links.length === 0 ? (
        <p className="card p-6 text-muted">{giftMessages.none}</p>
      ) : (
        <TableShell
          caption="Your gift links"
          columns={['Article', 'Created', 'Readers', 'Expires', 'Status', 'Link', 'Revoke']}
          minWidthClass="sm:min-w-[760px]"
        >
          {links.data.links.map((link) => (
            <tr key={link._id} className="border-b border-rule last:border-0" data-testid="gift-link-row">
              <td className="px-4 py-3 font-semibold">
                <Link className="link" to={`/article-details/${link.articleId}`}>
                  {link.articleTitle}
                </Link>
              </td>
              <td className="px-4 py-3" data-label="Created">
                <DateTime value={link.createdAt} style="short" />
              </td>
              <td className="px-4 py-3" data-label="Readers">
                {giftMessages.readers(link.readers, link.maxReaders)}
              </td>
              <td className="px-4 py-3" data-label="Expires">
                <Expiry link={link} />
              </td>
              <td className="px-4 py-3" data-label="Status">
                {STATUS_LABELS[link.status]}
              </td>
              <td className="px-4 py-3" data-actions>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={link.status === 'revoked' || link.status === 'expired'}
                  aria-label={`${giftMessages.copy}: ${link.articleTitle}`}
                  onClick={() => {
                    void navigator.clipboard
                      ?.writeText(giftUrl(link))
                      .then(() => setCopiedId(link._id))
                      .catch(() => undefined);
                  }}
                >
                  {copiedId === link._id ? giftMessages.copied : giftMessages.copy}
                </button>
              </td>
              <td className="px-4 py-3" data-actions>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={link.status === 'revoked' || (revoke.isPending && revoke.variables === link._id)}
                  aria-label={`${giftMessages.revoke}: ${link.articleTitle}`}
                  onClick={() => revoke.mutate(link._id)}
                >
                  {link.status === 'revoked' ? giftMessages.revoked : giftMessages.revoke}
                </button>
              </td>
            </tr>
          ))}
        </TableShell>
      )}
    </div>
  );
}
