import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// json-number.cjs answers for bignumber.js inside the browser builds: every answer the SDK asks of a
// parsed number must be bignumber.js's own.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromSdk = createRequire(createRequire(path.join(root, 'shared-auth/package.json')).resolve('appwrite/package.json'));
const requireFromJsonBigint = createRequire(requireFromSdk.resolve('json-bigint'));
interface NumberLike {
  _isBigNumber: boolean;
  isInteger(): boolean;
  toFixed(): string;
  toNumber(): number;
}
type NumberClass = (new (literal: string) => NumberLike) & { isBigNumber(value: unknown): boolean };
const BigNumber = requireFromJsonBigint('bignumber.js') as NumberClass;
const JsonNumber = createRequire(import.meta.url)('./json-number.cjs') as NumberClass;
const parserWith = (numberClass: NumberClass) => {
  // json-bigint's parser, its `require('bignumber.js')` answered by numberClass (as the build's alias does).
  const parse = requireFromJsonBigint.resolve('./lib/parse.js');
  const module = { exports: {} as (options: object) => (text: string, reviver?: (key: string, value: unknown) => unknown) => unknown };
  const source = `${requireFromJsonBigint('node:fs').readFileSync(parse, 'utf8')}`;
  new Function('module', 'exports', 'require', source)(module, module.exports, (id: string) => (id === 'bignumber.js' ? numberClass : requireFromJsonBigint(id)));
  return module.exports({ storeAsString: false });
};

/** The appwrite SDK's reviver (dist/esm/sdk.js), as it turns a parsed big number back into a value. */
function sdkReviver(_key: string, value: unknown) {
  const number = value as NumberLike;
  if (value === null || typeof value !== 'object' || number._isBigNumber !== true) return value;
  if (!number.isInteger()) return number.toNumber();
  const digits = number.toFixed();
  const integer = BigInt(digits);
  if (integer >= BigInt(Number.MIN_SAFE_INTEGER) && integer <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(digits);
  if (integer >= -(2n ** 63n) && integer <= 2n ** 63n - 1n) return integer;
  return number.toNumber();
}

/** Number literals as JSON writes them: sign, whole part, fraction, exponent, many digits, many zeros. */
function literals(count: number): string[] {
  let seed = 30;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const digits = (length: number, zeros: boolean) =>
    Array.from({ length }, () => (zeros && random(3) === 0 ? '0' : String(random(10)))).join('');
  const out = [
    '9007199254740991', '9007199254740992', '-9007199254740993', '9223372036854775807', '9223372036854775808',
    '-9223372036854775808', '-9223372036854775809', '1234567890123456.0', '-0.0000000000000000', '0e99999999999999',
    '1.2345e17', '123456789012345678e-2', '-1.5e20', '0.30000000000000004', '12345678901234567890123e-5', '1E+18', '1.0000000000000000e3',
  ];
  while (out.length < count) {
    const whole = random(4) === 0 ? '0' : String(1 + random(9)) + digits(random(22), true);
    const fraction = random(2) ? `.${digits(1 + random(20), true)}` : '';
    const exponent = random(3) === 0 ? `${random(2) ? 'e' : 'E'}${['', '+', '-'][random(3)]}${random(40)}` : '';
    const literal = `${random(2) ? '-' : ''}${whole}${fraction}${exponent}`;
    if (literal.length > 15) out.push(literal);
  }
  return out;
}

describe('json-number.cjs, what the SDK asks of bignumber.js', () => {
  it('answers isInteger, toFixed and toNumber as bignumber.js does for every number literal', () => {
    for (const literal of literals(3000)) {
      const expected = new BigNumber(literal);
      const actual = new JsonNumber(literal);
      expect(actual._isBigNumber, literal).toBe(true);
      expect(actual.isInteger(), literal).toBe(expected.isInteger());
      if (expected.isInteger()) expect(actual.toFixed(), literal).toBe(expected.toFixed());
      expect(Object.is(actual.toNumber(), expected.toNumber()), literal).toBe(true);
      expect(JsonNumber.isBigNumber(actual)).toBe(true);
    }
    expect(JsonNumber.isBigNumber({ _isBigNumber: true })).toBe(false);
  });

  it('gives the SDK the very values bignumber.js gave it when json-bigint parses a response', () => {
    const real = parserWith(BigNumber);
    const light = parserWith(JsonNumber);
    const body = JSON.stringify({ total: 2, documents: [{ $id: 'a', amount: 12 }] }).replace('12', `[${literals(400).join(',')}]`);
    const expected = real(body, sdkReviver);
    expect(light(body, sdkReviver)).toEqual(expected);
    expect(JSON.stringify(light(body, sdkReviver), (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))).toBe(
      JSON.stringify(expected, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
    );
  });
});
