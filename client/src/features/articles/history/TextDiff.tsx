import { diffWords } from 'diff';
import { historyMessages as m } from './messages';

/**
 * The words two texts differ by, from `current` to `earlier`: what restoring `earlier` would bring back
 * is underlined (<ins>), what it would take away is struck through (<del>). Neither relies on colour,
 * and each says what it is to a screen reader.
 */
export function TextDiff({ current, earlier }: { current: string; earlier: string }) {
  const parts = diffWords(current, earlier);
  return (
    <p className="whitespace-pre-wrap break-words">
      {parts.map((part, i) => {
        if (part.added) {
          return (
            <ins key={i} className="bg-accent/15 underline decoration-2 underline-offset-2">
              <span className="sr-only">{m.inserted}</span>
              {part.value}
            </ins>
          );
        }
        if (part.removed) {
          return (
            <del key={i} className="text-muted line-through decoration-2">
              <span className="sr-only">{m.deleted}</span>
              {part.value}
            </del>
          );
        }
        return <span key={i}>{part.value}</span>;
      })}
    </p>
  );
}
