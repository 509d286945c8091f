// Where a function's code and local variables are found (functions/registry.ts), for the layout
// backend/appwrite.json uses (one folder, entrypoints `<id>/src/main.js`) and the one-folder-per-function
// layout the emulator tests use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionVariables, parseFunctions } from '../src/functions/registry.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-registry-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('function registry', () => {
  const projectFile = path.join(root, 'appwrite.json');
  const project = {
    functions: [
      { $id: 'checkout', path: 'functions', entrypoint: 'checkout/src/main.js', vars: { FROM_JSON: 'json', BOTH: 'json' } },
      { $id: 'billing-portal', path: 'functions', entrypoint: 'billing-portal/src/main.js' },
      { $id: 'legacy', path: 'functions/legacy', entrypoint: 'src/main.js' },
    ],
  };
  write(path.join(root, 'functions/checkout/.env.local'), 'BOTH=dotenv\nONLY_CHECKOUT="yes"\n');
  write(path.join(root, 'functions/legacy/.env.local'), 'LEGACY=1\n');
  const defs = parseFunctions(project, projectFile);

  it('resolves the code as <path>/<entrypoint>', () => {
    expect(defs.get('checkout')).toMatchObject({ dir: path.join(root, 'functions'), entrypoint: 'checkout/src/main.js' });
    expect(defs.get('legacy')).toMatchObject({ dir: path.join(root, 'functions/legacy'), entrypoint: 'src/main.js' });
  });

  it("reads .env.local from the function's own folder, never a sibling's", () => {
    const checkout = defs.get('checkout');
    const portal = defs.get('billing-portal');
    const legacy = defs.get('legacy');
    if (!checkout || !portal || !legacy) throw new Error('missing definitions');
    expect(functionVariables(checkout, {})).toEqual({ FROM_JSON: 'json', BOTH: 'dotenv', ONLY_CHECKOUT: 'yes' });
    expect(functionVariables(portal, {})).toEqual({});
    expect(functionVariables(legacy, {})).toEqual({ LEGACY: '1' });
    expect(functionVariables(checkout, { FUNCTION_VARS_CHECKOUT: '{"BOTH":"env"}' })).toMatchObject({ BOTH: 'env' });
  });
});
