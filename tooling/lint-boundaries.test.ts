import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('dependency boundaries (one lint config)', () => {
  it('fails when a remote imports another remote', async () => {
    expect(await restrictedImports("import x from '../../mf-billing/src/paywall/paywall.tsx';\nexport { x };", 'mf-auth/src/a.ts')).toHaveLength(1);
    expect(await restrictedImports("import x from 'mf_billing/Paywall';\nexport { x };", 'mf-account/src/a.ts')).toHaveLength(1);
  });

  it('fails when a remote imports the shell', async () => {
    expect(await restrictedImports("import { routeTable } from '../../shell/src/route-table.ts';\nexport { routeTable };", 'mf-content/src/a.ts')).toHaveLength(1);
  });

  it('fails when shared-auth imports a remote', async () => {
    expect(await restrictedImports("import x from '../../mf-auth/src/login/login-page.tsx';\nexport { x };", 'shared-auth/src/a.ts')).toHaveLength(1);
  });

  it('allows shared-auth, libraries and a remote’s own modules', async () => {
    const code = "import { getConfig } from '@cadence/shared-auth';\nimport { useState } from 'react';\nimport { x } from './own.ts';\nexport { getConfig, useState, x };";
    expect(await restrictedImports(code, 'mf-auth/src/a.ts')).toEqual([]);
  });

  it('fails when app code imports react-router itself instead of @cadence/shared-router', async () => {
    for (const library of ['react-router', 'react-router-dom']) {
      const code = `import { Link } from '${library}';\nexport { Link };`;
      expect(await restrictedImports(code, 'shell/src/a.tsx')).toHaveLength(1);
      expect(await restrictedImports(code, 'mf-billing/src/a.tsx')).toHaveLength(1);
      expect(await restrictedImports(code, 'mf-billing/src/a.test.tsx')).toHaveLength(1);
    }
    expect(await restrictedImports("import { Link } from '@cadence/shared-router';\nexport { Link };", 'mf-content/src/a.tsx')).toEqual([]);
  });

  it('keeps the MemoryRouter entry to unit tests', async () => {
    const code = "import { MemoryRouter } from '@cadence/shared-router/testing';\nexport { MemoryRouter };";
    expect(await restrictedImports(code, 'mf-account/src/a.tsx')).toHaveLength(1);
    expect(await restrictedImports(code, 'shell/src/a.tsx')).toHaveLength(1);
    expect(await restrictedImports(code, 'mf-account/src/a.test.tsx')).toEqual([]);
  });

  it('keeps the Appwrite SDK inside shared-auth at runtime: types and tests are free', async () => {
    const value = "import { ID } from 'appwrite';\nexport { ID };";
    expect(await restrictedImports(value, 'mf-auth/src/a.ts')).toHaveLength(1);
    expect(await restrictedImports(value, 'shell/src/a.ts')).toHaveLength(1);
    expect(await restrictedImports(value, 'shared-auth/src/a.ts')).toEqual([]);
    expect(await restrictedImports(value, 'mf-auth/src/a.test.ts')).toEqual([]);
    expect(await restrictedImports("import type { Models } from 'appwrite';\nexport type M = Models.User;", 'mf-billing/src/a.ts')).toEqual([]);
  });
});
