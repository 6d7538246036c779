/** User-visible strings of the dashboard's E-mail tab (docs/decisions/email.md). */
export const mailMessages = {
  tabTitle: 'E-mail',
  intro: 'Choose what Newsroom mails you. Every mail has a one-click unsubscribe link.',
  digest: 'Digest',
  digestOptions: { off: 'Off', daily: 'Daily', weekly: 'Weekly (Mondays)' },
  scope: 'What it lists',
  scopeOptions: { following: 'What I follow', everything: 'Everything new' },
  hour: 'Hour (UTC)',
  notices: 'Mails about my articles and my premium (approved, declined, premium ending...)',
  save: 'Save',
  saved: 'Saved',
  confirmSent: 'We mailed you a link: follow it to start the digest.',
  confirmed: 'Your address is confirmed.',
  historyTitle: 'Mails sent to you',
  historyEmpty: 'No mail yet.',
  historyColumns: ['Subject', 'Kind', 'Status', 'Sent'],
  notSent: '—',
} as const;

export const mailKindLabels: Record<string, string> = {
  'article.approved': 'Article approved',
  'article.declined': 'Article declined',
  'article.changesRequested': 'Changes requested',
  'article.madePremium': 'Article made premium',
  'premium.started': 'Premium started',
  'premium.ending': 'Premium ending',
  'premium.lapsed': 'Premium ended',
  'digest.confirm': 'Confirm digest',
  digest: 'Digest',
};

export const mailStatusLabels: Record<string, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  recorded: 'Recorded (mail is off here)',
  failed: 'Failed',
  interrupted: 'Interrupted',
};
