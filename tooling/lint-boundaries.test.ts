import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { remotes } from './remotes.mjs';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function messages(code: string, filePath: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const restrictedImports = (code: string, filePath: string) => messages(code, filePath, '@typescript-eslint/no-restricted-imports');

describe('dependency boundaries (one lint config)', () => {
  it('fails when a remote imports another remote', async () => {
    expect(await restrictedImports("import x from '../../mf-billing/src/paywall/paywall.tsx';\nexport { x };", 'mf-auth/src/a.ts')).toHaveLength(1);
    expect(await restrictedImports("import x from 'mf_billing/Paywall';\nexport { x };", 'mf-account/src/a.ts')).toHaveLength(1);
  });

  it('covers every remote in tooling/remotes.mjs, by folder and by federation name', async () => {
    const dirs = Object.values(remotes).map((remote) => remote.dir);
    for (const dir of dirs) {
      const other = dirs.find((d) => d !== dir) as string;
      expect(await restrictedImports(`import x from '../../${other}/src/a.tsx';\nexport { x };`, `${dir}/src/a.ts`)).toHaveLength(1);
    }
  });

  it('lets the shell name a remote’s types but never bundle its code', async () => {
    expect(await restrictedImports("import page from 'mf_auth/LoginPage';\nexport { page };", 'shell/src/a.tsx')).toHaveLength(1);
    expect(await restrictedImports("import x from '../../mf-auth/src/login/login-page.tsx';\nexport { x };", 'shell/src/a.tsx')).toHaveLength(1);
    expect(await restrictedImports("import type Page from 'mf_auth/LoginPage';\nexport type P = typeof Page;", 'shell/src/a.ts')).toEqual([]);
  });

  it('keeps shared-router to routing: react-router-dom yes, auth and apps no', async () => {
    expect(await restrictedImports("export { Link } from 'react-router-dom';", 'shared-router/src/a.ts')).toEqual([]);
    expect(await restrictedImports("import { getConfig } from '@cadence/shared-auth';\nexport { getConfig };", 'shared-router/src/a.ts')).toHaveLength(1);
    expect(await restrictedImports("import x from '../../mf-auth/src/a.tsx';\nexport { x };", 'shared-router/src/a.ts')).toHaveLength(1);
  });

  it('checks the rules of hooks in React code', async () => {
    const code = "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    for (const file of ['shell/src/a.tsx', 'mf-dashboard/src/a.tsx', 'shared-auth/src/a.tsx']) {
      expect(await messages(code, file, 'react-hooks/rules-of-hooks')).toHaveLength(1);
    }
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

  it('keeps shared-auth’s test seams (configureAppwrite, setConfig) to unit tests', async () => {
    const code = "import { setConfig } from '@cadence/shared-auth/testing';\nexport { setConfig };";
    expect(await restrictedImports(code, 'mf-billing/src/a.tsx')).toHaveLength(1);
    expect(await restrictedImports(code, 'shell/src/a.tsx')).toHaveLength(1);
    expect(await restrictedImports(code, 'mf-billing/src/a.test.tsx')).toEqual([]);
  });

  it('keeps the Appwrite SDK inside shared-auth at runtime: types and tests are free', async () => {
    const value = "import { ID } from 'appwrite';\nexport { ID };";
    expect(await restrictedImports(value, 'mf-auth/src/a.ts')).toHaveLength(1);
    expect(await restrictedImports(value, 'shell/src/a.ts')).toHaveLength(1);
    expect(await restrictedImports(value, 'shared-auth/src/a.ts')).toEqual([]);
    expect(await restrictedImports(value, 'mf-auth/src/a.test.ts')).toEqual([]);
    expect(await restrictedImports("import type { Models } from 'appwrite';\nexport type M = Models.User;", 'mf-billing/src/a.ts')).toEqual([]);
  });
  it('keeps shared-ui presentational: no auth, data or routing inside it', async () => {
    for (const code of [
      "import { getConfig } from '@cadence/shared-auth';\nexport { getConfig };",
      "import { Link } from '@cadence/shared-router';\nexport { Link };",
      "import { ID } from 'appwrite';\nexport { ID };",
      "import { create } from 'zustand';\nexport { create };",
      "import x from '../../mf-auth/src/a.tsx';\nexport { x };",
    ]) {
      expect(await restrictedImports(code, 'shared-ui/src/a.tsx')).toHaveLength(1);
    }
    expect(await restrictedImports("import { Check } from 'lucide-react';\nimport { useId } from 'react';\nexport { Check, useId };", 'shared-ui/src/a.tsx')).toEqual([]);
  });

  it('has everyone else import shared-ui by its package name, and icons only through it', async () => {
    const byName = "import { Button } from '@cadence/shared-ui';\nimport '@cadence/shared-ui/tokens.css';\nexport { Button };";
    for (const file of ['shell/src/a.tsx', 'mf-account/src/a.tsx', 'shared-auth/src/a.tsx']) {
      expect(await restrictedImports(byName, file)).toEqual([]);
      expect(await restrictedImports("import { Button } from '../../shared-ui/src/button/button.tsx';\nexport { Button };", file)).toHaveLength(1);
      expect(await restrictedImports("import { Button } from '@cadence/shared-ui/src/button/button.tsx';\nexport { Button };", file)).toHaveLength(1);
      expect(await restrictedImports("import { Bell } from 'lucide-react';\nexport { Bell };", file)).toHaveLength(1);
    }
  });
});
