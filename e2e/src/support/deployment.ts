import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * What the tests that run Truss as several processes of one deployment share: a PostgreSQL
 * database of their own on the test server, and the secrets every instance must agree on.
 */

/** A fresh database named `<prefix>_<random>` on the server of `adminUrl`. */
export interface OwnDatabase {
  name: string;
  /** Its connection string (DATABASE_URL of the instances). */
  url: string;
  /** Drops it, connections and all. */
  drop(): Promise<void>;
}

async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createOwnDatabase(adminUrl: string, prefix: string): Promise<OwnDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** JWT_SECRET and TOKEN_HMAC_SECRET, the same for every instance, as one deployment has. */
export function deploymentSecrets(): { JWT_SECRET: string; TOKEN_HMAC_SECRET: string } {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_HMAC_SECRET: randomBytes(32).toString('hex'),
  };
}
