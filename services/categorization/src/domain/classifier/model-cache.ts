import { UserModel, type Label } from './user-model';

/**
 * Users' models kept in memory between calls, least recently used evicted first. Each entry
 * carries the version it was built at; a caller that finds a different version in the
 * database rebuilds (another replica learned something meanwhile). Bounded twice: by users,
 * and by the labels all cached models hold, since a model's memory grows with its labels
 * (about 0.8 KB each) and one council's 50,000 purchase-card lines weigh as much as a
 * hundred households.
 */
type Change = { label?: Label; forget?: string };

interface Entry {
  version: number;
  model: UserModel;
  /** Changes of later versions that arrived before the one in between (version → changes). */
  early: Map<number, readonly Change[]>;
}

/** Out-of-order versions held for one user before the model is rebuilt instead. */
const MAX_EARLY = 32;

/** Labels all cached models may hold together: about 120 MB. */
export const DEFAULT_MAX_CACHED_LABELS = 150_000;

export class UserModelCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly capacity = 500,
    private readonly maxLabels = DEFAULT_MAX_CACHED_LABELS,
  ) {}

  /** Labels held by the cached models. */
  get labels(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.model.size;
    return total;
  }

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
   * Applies newly recorded labels to the cached model, so learning is incremental. Two label
   * writes of one user commit in version order but may report back in either order: a version
   * that arrives early waits (up to MAX_EARLY) for the one before it instead of throwing the
   * model away, which would make the next classification rebuild it from every label.
   */
  advance(userId: string, version: number, changes: readonly Change[]): void {
    const entry = this.entries.get(userId);
    if (!entry || version <= entry.version) return;
    if (version > entry.version + 1) {
      if (entry.early.size >= MAX_EARLY) this.entries.delete(userId);
      else entry.early.set(version, changes);
      return;
    }
    let next: readonly Change[] | undefined = changes;
    while (next) {
      for (const change of next) {
        if (change.label) entry.model.learn(change.label);
        else if (change.forget) entry.model.forget(change.forget);
      }
      entry.version += 1;
      next = entry.early.get(entry.version + 1);
      entry.early.delete(entry.version + 1);
    }
    this.trim(userId);
  }

  private put(userId: string, version: number, model: UserModel): void {
    this.entries.delete(userId);
    this.entries.set(userId, { version, model, early: new Map() });
    this.trim(userId);
  }

  /**
   * Evicts the least recently used models until both bounds hold; never `keep`, the model just
   * used (a user with more labels than the bound is still served, and cached alone).
   */
  private trim(keep: string): void {
    let labels = this.labels;
    for (const [userId, entry] of this.entries) {
      if (this.entries.size <= this.capacity && labels <= this.maxLabels) return;
      if (userId === keep) continue;
      this.entries.delete(userId);
      labels -= entry.model.size;
    }
  }
}
