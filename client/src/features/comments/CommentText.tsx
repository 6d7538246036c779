import type { ReactNode } from 'react';

/** An address in a comment: http(s) up to the next space, without the sentence's closing punctuation. */
const LINK = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)'\]]/gi;

/** `text` with its web addresses as links; everything else stays text. */
export function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      // Readers' links: search engines are told not to follow them (nofollow ugc), and the page
      // opened gets neither our window nor where the reader came from.
      <a key={start} href={match[0]} rel="nofollow ugc noopener noreferrer" className="link break-all">
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A comment's text: plain text with its line breaks, never injected as HTML; addresses as links. */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="mt-2 text-base leading-relaxed break-words whitespace-pre-line" data-testid="comment-body">
      {withLinks(text)}
    </p>
  );
}
