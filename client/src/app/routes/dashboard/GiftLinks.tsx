import { usePageTitle } from '@/components/usePageTitle';
import { GiftLinksTable } from '@/features/articles/components/GiftLinksTable';
import { giftMessages } from '@/features/articles/messages';

/** /user-dashboard/gift-links: the caller's gift links, with Revoke (docs/decisions/gift-links-and-meter.md). */
export default function GiftLinks() {
  usePageTitle(giftMessages.tabTitle);
  return (
    <section>
      <h1 className="section-title mb-2">{giftMessages.tabTitle}</h1>
      <p className="mb-6 text-muted">{giftMessages.tabIntro}</p>
      <GiftLinksTable />
    </section>
  );
}
