import { CheckIcon } from '@/components/screen-icons';

/** What a plan gives, each line ticked. */
export function BenefitList({ items }: { items: readonly string[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {items.map((b) => (
        <li key={b} className="flex items-center gap-2">
          <CheckIcon className="text-success" aria-hidden="true" /> {b}
        </li>
      ))}
    </ul>
  );
}
