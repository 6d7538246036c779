import type { FollowKind } from '@newsroom/common';
import { Link, useLocation } from 'react-router-dom';
import { isFollowing, useFollow, useMyFollows, type FollowTarget } from '@/lib/api/follows';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/hydration';
import { followMessages } from '../messages';

interface FollowButtonProps {
  kind: FollowKind;
  target: FollowTarget;
  /** What a signed-out reader gets: nothing (default), or a link to sign in. */
  signedOut?: 'hide' | 'login';
  className?: string;
}

/**
 * Follow / Following a publisher or a writer: a toggle (`aria-pressed`) that changes at once and goes
 * back if the server refuses. Drawn only after hydration: the server renders every page signed out, so
 * hydration finds the markup it drew.
 */
export function FollowButton({ kind, target, signedOut = 'hide', className = '' }: FollowButtonProps) {
  const hydrated = useHydrated();
  const { user, loading } = useAuth();
  const location = useLocation();
  const email = hydrated ? user?.email : null;
  const follows = useMyFollows(email);
  const follow = useFollow(email ?? '');
  const classes = `btn min-h-11 min-w-11 shrink-0 ${className}`;

  if (!hydrated || loading) return null;
  if (!email) {
    if (signedOut === 'hide') return null;
    return (
      <Link
        to="/login"
        state={{ from: location.pathname }}
        className={`${classes} btn-primary`}
        aria-label={followMessages.name(false, target.name)}
      >
        {followMessages.follow}
      </Link>
    );
  }

  const following = isFollowing(follows.data, kind, target.id);
  return (
    <button
      type="button"
      className={`${classes} ${following ? 'btn-outline' : 'btn-primary'}`}
      aria-pressed={following}
      aria-label={followMessages.name(following, target.name)}
      // Until the reader's follows are known the state would be a guess.
      disabled={follows.isPending}
      aria-busy={follow.isPending || undefined}
      onClick={() => {
        // One change at a time: a second click waits for the first answer (or its rollback).
        if (!follow.isPending) follow.mutate({ kind, target, follow: !following });
      }}
    >
      {following ? followMessages.following : followMessages.follow}
    </button>
  );
}
