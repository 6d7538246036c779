import { useState } from 'react';
import { Avatar } from '@/components/Avatar';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { Pagination, usePagination } from '@/components/Pagination';
import { TableShell } from '@/components/TableShell';
import { confirmAction, swal } from '@/lib/swal';
import { useAllUsers, useMakeAdmin, useSetEditor } from '@/lib/api/admin';
import { DateTime } from '@/components/DateTime';
import { isLiveSubscription, planLabel, subscriptionStatusLabel } from '@/lib/billing-labels';
import { adminMessages as m } from './messages';
import type { AdminUser } from './types';
import { UserPaymentsDialog } from './UserPaymentsDialog';

/**
 * /dashboard/all-users: paged users with Make Admin (irreversible, docs/product.md §4) and Make Editor /
 * Remove Editor (an editor moderates articles only: docs/roles.md).
 */
export function AllUsersTable() {
  const { page, limit, setPage, setLimit } = usePagination();
  const users = useAllUsers(page, limit);
  const roles = useUserRoles();
  const [paymentsOf, setPaymentsOf] = useState<{ email: string; name: string } | null>(null);

  if (users.isPending) return <FullScreenLoader label="Loading users" />;
  if (users.isError) {
    return (
      <LoadError title="Users could not be loaded." error={users.error} onRetry={() => users.refetch()} />
    );
  }

  // Numbering follows the rows shown (the previous page stays visible while the next one loads).
  const offset = (users.data.page - 1) * users.data.limit;
  return (
    <>
      <TableShell
        caption={`All users, page ${page}`}
        columns={['#', 'Photo', 'Name', 'Email', 'E-mail verified', 'Subscription', 'Role', 'Payments']}
        minWidthClass="sm:min-w-[960px]"
        stale={users.isPlaceholderData}
      >
        {users.data.users.map((user, index) => (
          <UserRow
            key={user._id}
            user={user}
            number={offset + index + 1}
            roles={roles}
            onPayments={setPaymentsOf}
          />
        ))}
      </TableShell>
      <UserPaymentsDialog user={paymentsOf} onClose={() => setPaymentsOf(null)} />
      <Pagination
        label="Users pages"
        page={page}
        totalPages={users.data.totalPages}
        limit={limit}
        onPageChange={setPage}
        onLimitChange={setLimit}
      />
    </>
  );
}

/** Making a user an admin (after a confirmation) or an editor, or no longer one; each says how it went. */
function useUserRoles() {
  const promote = useMakeAdmin();
  const editorRole = useSetEditor();

  const makeAdmin = async (user: AdminUser) => {
    if (!(await confirmAction('Yes, make admin!'))) return;
    try {
      await promote.mutateAsync(user._id);
      void swal.fire({
        icon: 'success',
        title: m.changedToAdmin,
        text: `${user.name || user.email} is now an admin.`,
      });
    } catch (error) {
      console.error(error);
      void swal.fire({ icon: 'error', title: m.makeAdminFailedTitle, text: m.makeAdminFailedText });
    }
  };

  const setEditor = async (user: AdminUser, editor: boolean) => {
    const who = user.name || user.email;
    try {
      await editorRole.mutateAsync({ id: user._id, editor });
      void swal.fire({
        icon: 'success',
        title: editor ? m.madeEditor : m.removedEditor,
        text: editor ? `${who} is now an editor.` : `${who} no longer moderates articles.`,
      });
    } catch (error) {
      console.error(error);
      void swal.fire({ icon: 'error', title: m.makeAdminFailedTitle, text: m.editorFailedText });
    }
  };

  return {
    makeAdmin,
    setEditor,
    /** Whether this user's change is under way (only that row's button waits). */
    promoting: (user: AdminUser) => promote.isPending && promote.variables === user._id,
    changingEditor: (user: AdminUser) => editorRole.isPending && editorRole.variables?.id === user._id,
  };
}

function UserRow({
  user,
  number,
  roles,
  onPayments,
}: {
  user: AdminUser;
  /** Its number in the whole list, from 1. */
  number: number;
  roles: ReturnType<typeof useUserRoles>;
  onPayments: (user: { email: string; name: string }) => void;
}) {
  const name = user.name || user.displayName || '';
  return (
    <tr className="hover:bg-surface-2/60">
      <td className="px-4 py-3 text-muted" data-cell="index">
        {number}
      </td>
      <td className="px-4 py-3" data-cell="photo">
        <Avatar src={user.photoURL} name={name || user.email} className="size-9" />
      </td>
      <th scope="row" className="px-4 py-3 font-semibold">
        {name || 'N/A'}
      </th>
      <td className="px-4 py-3 break-all" data-label="Email">
        {user.email}
      </td>
      <td className="px-4 py-3" data-testid="email-verified" data-label="E-mail verified">
        {/* Whether the account's owner proved the address (an account that took over a
            record gets no admin role with it; server/src/users/service.ts). */}
        {user.emailVerified ? 'Yes' : 'No'}
      </td>
      <td className="px-4 py-3" data-label="Subscription" data-testid="subscription">
        <SubscriptionCell subscription={user.subscription} />
      </td>
      <td className="px-4 py-3" data-actions>
        <RoleCell user={user} name={name || user.email} roles={roles} />
      </td>
      <td className="px-4 py-3" data-actions>
        <button
          type="button"
          className="btn btn-outline px-3 py-1.5"
          onClick={() => onPayments({ email: user.email, name: name || user.email })}
          aria-label={`Refund: ${name || user.email}`}
        >
          Refund
        </button>
      </td>
    </tr>
  );
}

/** An admin stays one; anyone else can be made admin, and made or no longer an editor. */
function RoleCell({
  user,
  name,
  roles,
}: {
  user: AdminUser;
  /** How the buttons name the user. */
  name: string;
  roles: ReturnType<typeof useUserRoles>;
}) {
  if (user.role === 'Admin') return <span className="badge bg-accent-soft text-ink">Admin</span>;
  const editorAction = user.editor ? 'Remove Editor' : 'Make Editor';
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <button
        type="button"
        className="btn btn-outline px-3 py-1.5"
        onClick={() => void roles.makeAdmin(user)}
        disabled={roles.promoting(user)}
        aria-label={`Make Admin: ${name}`}
      >
        Make Admin
      </button>
      {user.editor && <span className="badge bg-accent-soft text-ink">Editor</span>}
      <button
        type="button"
        className="btn btn-outline px-3 py-1.5"
        onClick={() => void roles.setEditor(user, !user.editor)}
        disabled={roles.changingEditor(user)}
        aria-label={`${editorAction}: ${name}`}
      >
        {editorAction}
      </button>
    </div>
  );
}

/** A user's renewing subscription in words: plan, state, and when it renews or ends. */
function SubscriptionCell({ subscription }: { subscription: AdminUser['subscription'] }) {
  if (!subscription) return <span className="text-muted">None</span>;
  const { plan, status, currentPeriodEnd, cancelAtPeriodEnd } = subscription;
  return (
    <span>
      {planLabel(plan)}, {subscriptionStatusLabel(status)}
      {currentPeriodEnd && isLiveSubscription(status) && (
        <span className="block text-xs text-muted">
          {cancelAtPeriodEnd ? 'ends' : 'renews'} <DateTime value={currentPeriodEnd} style="short" />
        </span>
      )}
    </span>
  );
}
