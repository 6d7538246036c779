import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailHistory, MailPreferences, MailPreferencesInput } from '@newsroom/common';
import { call } from './call';
import { accountKeys } from './account-keys';

/**
 * The reader's e-mail (docs/decisions/email.md): their preferences (the digest, its scope and hour,
 * notices) and the mails the app sent them.
 */

export type { MailHistory, MailPreferences, MailPreferencesInput } from '@newsroom/common';

/** GET /me/mail-preferences */
export async function fetchMailPreferences(): Promise<MailPreferences> {
  return call('myMailPreferences');
}

/** PUT /me/mail-preferences: turning the digest on mails a confirm link first (double opt-in). */
export async function saveMailPreferences(input: MailPreferencesInput): Promise<MailPreferences> {
  return call('saveMailPreferences', { body: input });
}

/** GET /me/mails */
export async function fetchMyMails(): Promise<MailHistory> {
  return call('myMails');
}

export const useMailPreferences = () =>
  useQuery({ queryKey: accountKeys.mailPreferences, queryFn: fetchMailPreferences });

export const useMyMails = () => useQuery({ queryKey: accountKeys.myMails, queryFn: fetchMyMails });

/** Saves; the answer is the new state, and a confirm mail may have joined the history. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.mailPreferences, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.myMails }),
  });
}
