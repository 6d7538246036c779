import type { CommentReportReason } from '@newsroom/common';

/** A report's reason in words: the reader picks one, the moderators read it (docs/decisions/comments.md). */
export const REPORT_REASON_LABELS: Record<CommentReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Abuse or harassment',
  'off-topic': 'Off topic',
  misinformation: 'False or misleading',
  other: 'Something else',
};
