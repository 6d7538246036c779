import { DateTime } from '@/components/DateTime';
import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { TableShell } from '@/components/TableShell';
import { useMyMails } from '@/lib/api/mail';
import { mailKindLabels, mailMessages as m, mailStatusLabels } from './mail-messages';

/** The mails the app sent the caller, newest first (GET /me/mails). */
export function MailHistoryTable() {
  const mails = useMyMails();
  if (mails.isPending) return <Spinner label="Loading your mails" />;
  if (mails.isError)
    return (
      <LoadError
        title="Your mails could not be loaded."
        error={mails.error}
        onRetry={() => void mails.refetch()}
      />
    );
  if (mails.data.mails.length === 0) return <p className="text-muted">{m.historyEmpty}</p>;
  const [subject, kind, status, sent] = m.historyColumns;
  return (
    <TableShell caption={m.historyTitle} columns={[...m.historyColumns]} minWidthClass="sm:min-w-[640px]">
      {mails.data.mails.map((mail) => (
        <tr key={mail._id}>
          <td className="px-4 py-3" data-label={subject}>
            {mail.subject}
          </td>
          <td className="px-4 py-3" data-label={kind}>
            {mailKindLabels[mail.kind] ?? mail.kind}
          </td>
          <td className="px-4 py-3" data-label={status}>
            {mailStatusLabels[mail.status] ?? mail.status}
          </td>
          <td className="px-4 py-3" data-label={sent}>
            {mail.sentAt ? <DateTime value={mail.sentAt} /> : m.notSent}
          </td>
        </tr>
      ))}
    </TableShell>
  );
}
