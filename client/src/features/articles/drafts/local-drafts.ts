import type { DraftFields } from '@/lib/api/drafts';

/**
 * The browser's copy of each draft (docs/roles.md, "Drafts"): written as the writer types, before
 * the server has it, so a closed tab or a dropped network loses nothing. Per account, per draft key.
 */
export interface LocalDraft {
  key: string;
  fields: DraftFields;
  /** When the writer last changed it (this browser's clock). */
  changedAt: number;
  /** The server has exactly these fields (its last save answered after the last change). */
  synced: boolean;
}

const PREFIX = 'newsroom.draft.';
const prefixOf = (email: string) => `${PREFIX}${email.toLowerCase()}.`;

/** localStorage may be full or refused (private windows): the server copy still stands. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): LocalDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as LocalDraft;
    return value && typeof value.key === 'string' && value.fields ? value : null;
  } catch {
    return null;
  }
}

export function readLocalDraft(email: string, key: string): LocalDraft | null {
  return parse(storage()?.getItem(prefixOf(email) + key) ?? null);
}

export function writeLocalDraft(email: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(prefixOf(email) + draft.key, JSON.stringify(draft));
  } catch {
    // Full: the server's copy is the one kept.
  }
}

export function removeLocalDraft(email: string, key: string): void {
  storage()?.removeItem(prefixOf(email) + key);
}

/** This account's drafts kept in this browser, the last changed first. */
export function localDrafts(email: string): LocalDraft[] {
  const store = storage();
  if (!store) return [];
  const prefix = prefixOf(email);
  const found: LocalDraft[] = [];
  for (let i = 0; i < store.length; i++) {
    const name = store.key(i);
    if (!name?.startsWith(prefix)) continue;
    const draft = parse(store.getItem(name));
    if (draft) found.push(draft);
  }
  return found.sort((a, b) => b.changedAt - a.changedAt);
}

/** A new draft's key: URL-safe, unguessable enough to never meet another of the writer's. */
export function newDraftKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `d-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether a form holds anything worth keeping. */
export function hasContent(fields: DraftFields): boolean {
  return !!(
    fields.title.trim() ||
    fields.description.trim() ||
    fields.publisher ||
    fields.formatedTags.length
  );
}

/** A draft key as the server accepts it (the address's ?draft= may hold anything). */
export function isDraftKey(value: string | null | undefined): value is string {
  return !!value && /^[A-Za-z0-9_-]{8,64}$/.test(value);
}
