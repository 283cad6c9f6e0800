import { UserModel, type Label } from './user-model';

/**
 * Users' models kept in memory between calls, least recently used evicted first. Each entry
 * carries the version it was built at; a caller that finds a different version in the
 * database rebuilds (another replica learned something meanwhile).
 */
interface Entry {
  version: number;
  model: UserModel;
}

export class UserModelCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 500) {}

  /** The cached model when it is at `version`. */
  get(userId: string, version: number): UserModel | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.model;
  }

  /** Builds a model from the user's labels (oldest first) and caches it. */
  build(userId: string, version: number, labels: readonly Label[]): UserModel {
    const model = new UserModel();
    for (const label of labels) model.learn(label);
    this.put(userId, version, model);
    return model;
  }

  /**
   * Applies newly recorded labels to a cached model that was current just before them
   * (version − 1), so learning is incremental; any other cached version is dropped.
   */
  advance(
    userId: string,
    version: number,
    changes: readonly { label?: Label; forget?: string }[],
  ): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    if (entry.version !== version - 1) {
      this.entries.delete(userId);
      return;
    }
    for (const change of changes) {
      if (change.label) entry.model.learn(change.label);
      else if (change.forget) entry.model.forget(change.forget);
    }
    entry.version = version;
  }

  private put(userId: string, version: number, model: UserModel): void {
    this.entries.delete(userId);
    this.entries.set(userId, { version, model });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
