import { useState } from 'react';
import { Avatar } from '@/components/Avatar';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { EmailVerificationNotice } from '@/components/EmailVerificationNotice';
import { useAuth } from '@/lib/auth';
import { useProfile } from '@/lib/api/users';
import { formatBirth, formatGender, orNA } from './format';
import { profileMessages as m } from './messages';
import { roleLabel } from './role';
import { UpdateProfileDialog } from './UpdateProfileDialog';

const roleTone = {
  Admin: 'bg-accent-soft text-ink',
  'Premium User': 'badge-premium',
  'Normal User': 'bg-surface-2 text-ink',
} as const;

/** docs/product.md §2 "Profile": banner, photo, name, role label, the six fields and Edit Profile. */
export function ProfileView() {
  const { user } = useAuth();
  const profile = useProfile(user?.email);
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <FullScreenLoader label="Loading profile" />;
  if (profile.isError) {
    return (
      <LoadError
        title="Your profile could not be loaded."
        error={profile.error}
        onRetry={() => profile.refetch()}
      />
    );
  }

  const p = profile.data;
  const name = p.name || p.displayName || user?.displayName || '';
  const label = roleLabel(p);
  const fields: [string, string][] = [
    ['Full name', orNA(name)],
    ['Email', orNA(p.email)],
    ['Phone', orNA(p.phone)],
    ['Address', orNA(p.address)],
    ['Date of birth', formatBirth(p.birth)],
    ['Gender', formatGender(p.gender)],
  ];

  return (
    <article className="card overflow-hidden">
      <div
        role="img"
        aria-label="Profile banner"
        className="h-32 bg-[linear-gradient(120deg,#0e7490_0%,#164e63_45%,#1b1a17_100%)] sm:h-44"
      >
        <svg
          aria-hidden="true"
          className="h-full w-full opacity-20"
          preserveAspectRatio="none"
          viewBox="0 0 100 20"
        >
          {Array.from({ length: 10 }, (_, i) => (
            <line key={i} x1="0" x2="100" y1={2 + i * 2} y2={2 + i * 2} stroke="white" strokeWidth="0.15" />
          ))}
        </svg>
      </div>
      <div className="px-5 pb-6 sm:px-8">
        <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
          <Avatar
            src={p.photoURL}
            name={name || p.email}
            sizes="96px"
            className="-mt-12 size-24 shrink-0 border-4 border-surface bg-surface"
          />
          <div className="min-w-[10rem] flex-1 pt-3">
            <h2 className="text-2xl font-bold break-words">{orNA(name)}</h2>
            <span className={`badge mt-1 ${roleTone[label]}`} data-testid="role-label">
              {label}
            </span>
          </div>
          <button
            type="button"
            className="btn btn-primary w-full sm:mt-3 sm:w-auto"
            onClick={() => setEditing(true)}
          >
            {m.editProfile}
          </button>
        </div>
        <EmailVerificationNotice className="mt-6" />
        <dl className="mt-8 grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {fields.map(([term, value]) => (
            <div key={term} className="border-b border-rule pb-3">
              <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
              <dd className="mt-1 break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <UpdateProfileDialog open={editing} profile={p} onClose={() => setEditing(false)} />
    </article>
  );
}
