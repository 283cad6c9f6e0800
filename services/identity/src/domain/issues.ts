import type { FieldIssue } from '@pfs/kit';

/** Collects every problem of one request, so the client can fix them all in one round trip. */
export class IssueList {
  readonly issues: FieldIssue[] = [];

  add(field: string, message: string): void {
    this.issues.push({ field, message });
  }

  /** Checks a required text's length in characters (code points, not UTF-16 units). */
  requireLength(field: string, value: string, min: number, max: number): void {
    const length = [...value].length;
    if (length === 0 && min > 0) this.add(field, 'is required');
    else if (length < min) this.add(field, `must be at least ${min} characters`);
    else if (length > max) this.add(field, `must be at most ${max} characters`);
  }

  get isEmpty(): boolean {
    return this.issues.length === 0;
  }
}
