/**
 * A few demo conversations (docs/decisions/comments.md): under the first article, comments with a
 * reply from its writer (the article's), a premium reader's, and one a moderator hid.
 * Made through the comment service, so they obey its rules and counts.
 */
import { Conflict } from '../errors.js';
import type { Store } from '../store/port.js';
import type { Services } from '../services.js';
import type { User } from '../users/types.js';
import { DEMO_ACCOUNTS, type DemoAccount } from './content.js';

/** Who says what, in order; `reply`: answers the conversation's first comment; `hidden`: a moderator hid it. */
const CONVERSATIONS: {
  article: number;
  who: DemoAccount['key'];
  body: string;
  reply?: true;
  hidden?: true;
}[] = [
  {
    article: 0,
    who: 'reader',
    body: 'Finally. The old piers have been fenced off since I was a kid.\nWill the ferry terminal stay where it is?',
  },
  {
    article: 0,
    who: 'admin',
    reply: true,
    body: 'It stays: the plan moves the bus stops closer to it instead. Page 40 of the council report has the map.',
  },
  {
    article: 0,
    who: 'premium',
    body: 'Ten years is a long time. I hope the first phase really starts next spring.',
  },
  { article: 0, who: 'reader', hidden: true, body: 'Cheap flats here!!! Call now, best prices in town.' },
];

export async function seedComments(deps: { store: Store; services: Services }): Promise<void> {
  const users = deps.store.collection<User>('users');
  const account = (key: DemoAccount['key']) => DEMO_ACCOUNTS.find((a) => a.key === key)!;
  const seededId = (i: number) => `5eed00000000000000b0${(i + 1).toString(16).padStart(4, '0')}`;
  const { comments } = deps.services;
  const firstOf = new Map<number, string>();
  for (const line of CONVERSATIONS) {
    const author = await users.findOne({ email: account(line.who).email });
    if (!author) continue;
    try {
      const replyTo = line.reply ? firstOf.get(line.article) : undefined;
      const posted = await comments.post(seededId(line.article), { body: line.body, replyTo }, author);
      if (!firstOf.has(line.article)) firstOf.set(line.article, posted._id);
      if (line.hidden) await comments.moderate(posted._id, true);
    } catch (err) {
      // Seeded before (a run that stopped ahead of its marker): said once is enough.
      if (!(err instanceof Conflict)) throw err;
    }
  }
}
