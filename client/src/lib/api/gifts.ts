import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedGiftLink, GiftLink, GiftRead, MyGiftLinks } from '@newsroom/common';
import { call } from './call';
import { accountKeys } from './account-keys';

/**
 * Gift links (docs/decisions/gift-links-and-meter.md): creating one for a premium article, the
 * creator's list with Revoke, and reading an article through one.
 */

export type { CreatedGiftLink, GiftLink, GiftRead, MyGiftLinks } from '@newsroom/common';

const enc = encodeURIComponent;

/** POST /gift-links (premium readers, admins and the writer of the premium article). */
export async function createGiftLink(articleId: string): Promise<CreatedGiftLink> {
  return call('createGiftLink', { body: { articleId } });
}

/** GET /me/gift-links */
export async function fetchMyGiftLinks(): Promise<MyGiftLinks> {
  return call('myGiftLinks');
}

/** DELETE /me/gift-links/{id} */
export async function revokeGiftLink(id: string): Promise<GiftLink> {
  return call('revokeGiftLink', { params: { id } });
}

/** Where a signed-out browser keeps the key a gift link knows it by (one per link). */
const readerKeyName = (token: string) => `gift-reader:${token}`;

function storedReaderKey(token: string): string | undefined {
  try {
    return localStorage.getItem(readerKeyName(token)) ?? undefined;
  } catch {
    return undefined; // storage refused (private mode): this open counts as a new reader
  }
}

/**
 * POST /gift-links/open: the article in full, or 402 with its teaser. A signed-out reader's key is
 * kept, so opening the link again in this browser takes no second seat.
 */
export async function openGiftLink(articleId: string, token: string): Promise<GiftRead> {
  const readerKey = storedReaderKey(token);
  const data = await call('openGiftLink', {
    body: { articleId, token, ...(readerKey ? { readerKey } : {}) },
  });
  if (data.readerKey) {
    try {
      localStorage.setItem(readerKeyName(token), data.readerKey);
    } catch {
      // Not kept: the next open asks for a new seat.
    }
  }
  return data;
}

/** A shareable URL of a gift link: the article page with the token. */
export const giftUrl = (link: Pick<GiftLink, 'articleId' | 'token'>, origin = window.location.origin) =>
  `${origin}/article-details/${link.articleId}?gift=${enc(link.token)}`;

export const giftQueries = {
  /** Keyed by the signed-in email, so sign-out drops it. */
  mine: (email: string) =>
    queryOptions({ queryKey: accountKeys.myGiftLinksOf(email), queryFn: fetchMyGiftLinks }),
  /** Signed-in readers under their email (the server counts them by account), others apart. */
  read: (articleId: string, token: string, email: string | null) =>
    queryOptions({
      queryKey: accountKeys.giftRead(articleId, token, email ?? ''),
      queryFn: () => openGiftLink(articleId, token),
      // A refusal (402, 404) is the screen's to tell, not a toast's; it does not change by retrying.
      meta: { errorToast: false },
      retry: false,
      staleTime: Infinity,
    }),
};

export const useMyGiftLinks = (email: string | null | undefined) =>
  useQuery({ ...giftQueries.mine(email ?? ''), enabled: !!email });

export const useGiftRead = (articleId: string, token: string, email: string | null, enabled: boolean) =>
  useQuery({ ...giftQueries.read(articleId, token, email), enabled });

/** Creates a link; the creator's list (and what is left this month) is refreshed. */
export function useCreateGiftLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGiftLink,
    // Refusals are told next to the button (402, 409), not in a toast.
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.myGiftLinks }),
  });
}

export function useRevokeGiftLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeGiftLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.myGiftLinks }),
  });
}
