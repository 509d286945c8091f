import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { treeShakableSdk } from './appwrite-sdk-loader.mjs';

// The SDK every app bundles, read through the loader the builds use (tooling/rspack-app.mjs).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sdkDir = path.dirname(createRequire(path.join(root, 'shared-auth/package.json')).resolve('appwrite/package.json'));
const sdkFile = path.join(sdkDir, 'dist/esm/sdk.js');
const jsonBigint = createRequire(sdkFile).resolve('json-bigint');
const source = readFileSync(sdkFile, 'utf8');
const rewritten = treeShakableSdk(source);

const dir = mkdtempSync(path.join(tmpdir(), 'cadence-sdk-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The rewritten SDK as a module of its own (its one import pointed at the installed json-bigint). */
async function importRewritten(): Promise<Record<string, unknown>> {
  const file = path.join(dir, 'sdk.mjs');
  writeFileSync(file, rewritten.replace(/from 'json-bigint'/, `from ${JSON.stringify(pathToFileURL(jsonBigint).href)}`));
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

const ownStatics = (value: unknown) =>
  Object.getOwnPropertyNames(value)
    .filter((name) => !['length', 'name', 'prototype'].includes(name))
    .sort()
    .map((name) => [name, typeof (value as Record<string, unknown>)[name]]);

describe('the appwrite SDK made tree-shakable', () => {
  it('writes every enum as a pure expression and every static member as a static field, leaving no write a minifier must keep', () => {
    expect(rewritten).not.toMatch(/\}\)\((\w+) \|\| \(\1 = \{\}\)\);/);
    const enums = [...source.matchAll(/^var (\w+);\n\(function \(\1\) \{$/gm)].map((match) => match[1]);
    // Time zones and flags are the bulk: if the SDK's compiler output changes shape, this fails first.
    expect(enums).toEqual(expect.arrayContaining(['Timezone', 'Flag', 'OAuthProvider', 'ExecutionStatus', 'AuthenticationFactor']));
    for (const name of enums) expect(rewritten).toContain(`var ${name} = /* @__PURE__ */ (function (${name}) {`);
    // Every static member is a static field of its class: no statement after a class assigns one.
    expect(rewritten.split('\n').filter((line) => /^[A-Z]\w*\.\w+ = /.test(line))).toEqual([]);
    expect(rewritten).toContain("    static equal = (attribute, value) => new Query('equal', attribute, value).toString();");
    expect(rewritten).toMatch(/^ {4}static read = \(role\) => \{\n {8}return `read\("\$\{role\}"\)`;\n {4}\};$/m);
    expect(rewritten).toContain('    static CHUNK_SIZE = 5 * 1024 * 1024; // 5MB\n}');
  });

  it('exports the same things as the SDK: the same enum members, the same classes with the same static members', async () => {
    const original = (await import(pathToFileURL(sdkFile).href)) as Record<string, unknown>;
    const shaken = await importRewritten();
    expect(Object.keys(shaken).sort()).toEqual(Object.keys(original).sort());
    for (const [name, value] of Object.entries(original)) {
      if (typeof value === 'function') expect(ownStatics(shaken[name]), name).toEqual(ownStatics(value));
      else expect(shaken[name], name).toEqual(value);
    }
    const Query = shaken.Query as typeof import('appwrite').Query;
    const Permission = shaken.Permission as typeof import('appwrite').Permission;
    const Role = shaken.Role as typeof import('appwrite').Role;
    const OriginalQuery = original.Query as typeof import('appwrite').Query;
    expect(Query.or([Query.equal('status', ['Show']), Query.greaterThan('amount', 9007199254740993n as unknown as number)])).toBe(
      OriginalQuery.or([OriginalQuery.equal('status', ['Show']), OriginalQuery.greaterThan('amount', 9007199254740993n as unknown as number)]),
    );
    expect(Permission.read(Role.user('u1'))).toBe('read("user:u1")');
    expect((shaken.Client as typeof import('appwrite').Client).CHUNK_SIZE).toBe(5 * 1024 * 1024);
  });
});
