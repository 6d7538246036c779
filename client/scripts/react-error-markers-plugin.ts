import type { Plugin } from 'vite';

/**
 * React DOM's production build makes five `Error`s when its module is evaluated: markers it throws
 * and catches by identity (`SuspenseException` and its kin; React's messages call them "not a real
 * error"). In a browser with an inspector attached (DevTools, Lighthouse, our browser tests), V8
 * takes a detailed stack trace of every Error made, which means the source positions of every frame:
 * here the whole React DOM module and the entry around it, re-parsed inside the entry's one task
 * (seen as `V8.CollectSourcePositions`, 160-330 ms of a 250-520 ms evaluation at 4x CPU throttling).
 * Without it the entry evaluates in 55-90 ms. docs/decisions/react-error-markers.md.
 *
 * This build-time edit makes those five markers objects that inherit from `Error.prototype` (same
 * message, `instanceof Error`, thrown and compared by identity as before) without calling the Error
 * constructor. It fails the build when React DOM's source no longer holds exactly these five, so an
 * upgrade is looked at instead of silently paying the cost again.
 */
export const REACT_DOM_MARKERS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

const FILE = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;
const HELPER = '__newsroomErrorMarker';

/** React DOM's client source with its markers made without the Error constructor. */
export function withoutErrorMarkers(code: string): string {
  let edited = code;
  for (const name of REACT_DOM_MARKERS) {
    const made = new RegExp(`\\b${name} = Error\\(formatProdErrorMessage\\((\\d+)\\)\\)`, 'g');
    const found = edited.match(made)?.length ?? 0;
    if (found !== 1)
      throw new Error(
        `react-error-markers-plugin: expected one "${name} = Error(...)" in React DOM, found ${found}`,
      );
    edited = edited.replace(made, `${name} = ${HELPER}(formatProdErrorMessage($1))`);
  }
  // After the source, not before it: the file starts with "use strict" (a declaration is hoisted).
  const helper =
    `\nfunction ${HELPER}(message) {\n` +
    `  return Object.create(Error.prototype, { message: { value: message, writable: true, configurable: true } });\n` +
    `}\n`;
  return edited + helper;
}

export function reactErrorMarkersPlugin(): Plugin {
  return {
    name: 'newsroom-react-error-markers',
    apply: 'build',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0]!)) return null;
      return { code: withoutErrorMarkers(code), map: null };
    },
  };
}
