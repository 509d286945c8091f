// The billing labels are written twice on purpose: backend functions deploy to Appwrite on their own
// (plain JS, no workspace imports), the browser reads them from shared-auth. They must never drift.
import { describe, expect, it } from 'vitest';
import { BILLING_LABELS } from '../backend/functions/lib/billing-rules.js';
import { USER_LABELS } from '../shared-auth/src/constants.ts';

describe('billing labels (spec §3 user labels)', () => {
  it('the backend writes exactly the labels the app reads, in the same order', () => {
    expect([...BILLING_LABELS]).toEqual([...USER_LABELS]);
  });
});
