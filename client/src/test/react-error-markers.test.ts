/**
 * The build's edit of React DOM (scripts/react-error-markers-plugin.ts): its five markers are made
 * without the Error constructor, keep React's message and `instanceof Error`, and an unexpected
 * source fails the build instead of being left as it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_DOM_MARKERS, withoutErrorMarkers } from '../../scripts/react-error-markers-plugin';

const require = createRequire(import.meta.url);
const reactDomDir = path.dirname(require.resolve('react-dom'));
const reactDomClient = readFileSync(path.join(reactDomDir, 'cjs/react-dom-client.production.js'), 'utf8');

describe('React DOM error markers', () => {
  it('the installed React DOM has its five markers made without the Error constructor', () => {
    const edited = withoutErrorMarkers(reactDomClient);
    for (const name of REACT_DOM_MARKERS) {
      expect(edited).not.toMatch(new RegExp(`\\b${name} = Error\\(`));
      expect(edited).toMatch(
        new RegExp(`\\b${name} = __newsroomErrorMarker\\(formatProdErrorMessage\\(\\d+\\)\\)`),
      );
    }
    expect(edited.startsWith(reactDomClient.slice(0, 200)), 'the file still starts as React wrote it').toBe(
      true,
    );
  });

  it('a marker keeps its message and is an Error to whoever catches it', () => {
    const source =
      REACT_DOM_MARKERS.map((name, i) => `var ${name} = Error(formatProdErrorMessage(${460 + i}));`).join(
        '\n',
      ) +
      `\nfunction formatProdErrorMessage(code) { return "Minified React error #" + code; }` +
      `\nreturn SuspenseException;`;
    const marker = new Function(withoutErrorMarkers(source))() as Error;
    expect(marker).toBeInstanceOf(Error);
    expect(marker.message).toBe('Minified React error #461');
    expect(String(marker)).toBe('Error: Minified React error #461');
  });

  it('fails when React DOM no longer holds one of the markers', () => {
    const without = reactDomClient.replace(
      /\bSuspenseActionException = Error\(/,
      'SuspenseActionException = make(',
    );
    expect(() => withoutErrorMarkers(without)).toThrow(/SuspenseActionException.*found 0/);
  });
});
