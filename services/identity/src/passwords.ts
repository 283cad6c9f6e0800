import * as argon2 from 'argon2';

export interface PasswordHashingParams {
  memoryKib: number;
  timeCost: number;
}

/** argon2id password hashing with the configured cost. */
export class Passwords {
  private readonly options: argon2.Options;
  /** Computed up front, so the first unknown email costs no more than later ones. */
  private readonly decoy: Promise<string>;

  constructor(params: PasswordHashingParams) {
    this.options = {
      type: argon2.argon2id,
      memoryCost: params.memoryKib,
      timeCost: params.timeCost,
      parallelism: 1,
    };
    this.decoy = this.hash('decoy password for unknown accounts');
    // Awaited at each use; this only keeps an early failure from being reported as unhandled.
    this.decoy.catch(() => undefined);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  /**
   * Checks a password against a stored hash, or against a decoy hash of the same cost when
   * there is no account, so that the answer time does not tell which emails are registered.
   */
  async verify(storedHash: string | undefined, password: string): Promise<boolean> {
    const hash = storedHash ?? (await this.decoy);
    const matches = await argon2.verify(hash, password).catch(() => false);
    return matches && storedHash !== undefined;
  }

  /** True when a stored hash was made with other (usually older, cheaper) parameters. */
  isOutdated(storedHash: string): boolean {
    return argon2.needsRehash(storedHash, this.options);
  }
}
