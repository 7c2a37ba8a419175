import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id, OWASP minimum: 19 MiB memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not importable as a value)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export class PasswordHasher {
  #dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as a real verification, for unknown emails: a login for an address
   * without an account must not answer faster than a wrong password.
   */
  async verifyDummy(password: string): Promise<void> {
    this.#dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.#dummyHash, password);
  }

  /** Computes the dummy hash ahead, so the first unknown-email login is not slower. */
  async warmUp(): Promise<void> {
    this.#dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.#dummyHash;
  }
}
