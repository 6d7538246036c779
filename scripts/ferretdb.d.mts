/** Types of scripts/ferretdb.mjs for the TypeScript that imports it (bench/cluster.ts). */
export declare const FERRETDB_VERSION: string;
/** The FerretDB binary, built once per machine (throws when it cannot be). */
export declare function ensureBinary(): string;
/** A fresh FerretDB on SQLite on a free loopback port. */
export declare function startFerretDb(binary?: string): Promise<{ uri: string; stop(): Promise<void> }>;
