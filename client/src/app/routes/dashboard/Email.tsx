import { usePageTitle } from '@/components/usePageTitle';
import { MailHistoryTable } from '@/features/profile/MailHistoryTable';
import { MailPreferencesForm } from '@/features/profile/MailPreferencesForm';
import { mailMessages } from '@/features/profile/mail-messages';

/** /user-dashboard/email: mail preferences and the mails sent (docs/decisions/email.md). */
export default function Email() {
  usePageTitle(mailMessages.tabTitle);
  return (
    <section className="grid gap-8">
      <div>
        <h1 className="section-title mb-2">{mailMessages.tabTitle}</h1>
        <p className="mb-6 text-muted">{mailMessages.intro}</p>
        <MailPreferencesForm />
      </div>
      <div>
        <h2 className="mb-4 text-xl font-semibold">{mailMessages.historyTitle}</h2>
        <MailHistoryTable />
      </div>
    </section>
  );
}
