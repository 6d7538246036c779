import { formatDate } from '@/lib/format-date';
import { profileMessages } from './messages';

/** Empty values read 'N/A' (docs/product.md §2 Profile). */
export function orNA(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : profileMessages.notAvailable;
}

/** '1990-03-12' → '12 March 1990' (the stored date is a calendar date, shown without time zone shifts). */
export function formatBirth(birth: string | undefined): string {
  if (!birth) return profileMessages.notAvailable;
  return formatDate(birth, 'long') ?? birth;
}

export function formatGender(gender: string | undefined): string {
  if (!gender) return profileMessages.notAvailable;
  return gender.charAt(0).toUpperCase() + gender.slice(1);
}
