// What the appwrite SDK's JSON parser (json-bigint) needs of bignumber.js, for the browser builds
// (tooling/rspack-app.mjs resolves json-bigint's `require('bignumber.js')` here; tests and Node use the
// real one). json-bigint makes a BigNumber only of a number literal longer than 15 characters, and the
// SDK's reviver at once turns it back into a plain value: a safe integer into a number, an int64
// into a BigInt, anything else into the nearest double. It asks only `_isBigNumber`, `isInteger()`,
// `toFixed()` (of an integer) and `toNumber()`; json-bigint's stringify asks `isBigNumber`. This
// answers exactly those, from the literal itself — ~8 KB gzip less on every page than the whole
// arbitrary-precision library. tooling/json-number.test.ts checks each answer against bignumber.js.

const LITERAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

class JsonNumber {
  /** @param {string} literal a JSON number literal (json-bigint has checked its syntax) */
  constructor(literal) {
    const match = LITERAL.exec(String(literal));
    if (!match) throw new Error(`Not a JSON number: ${literal}`);
    const [, sign, whole, fraction = '', exponent = '0'] = match;
    this.literal = String(literal);
    // The value is sign × digits × 10^scale, digits without leading or trailing zeros ('' for zero).
    let digits = (whole + fraction).replace(/^0+/, '');
    let scale = Number(exponent) - fraction.length;
    const trailing = digits.length - digits.replace(/0+$/, '').length;
    digits = digits.slice(0, digits.length - trailing);
    scale += trailing;
    this.sign = sign;
    this.digits = digits;
    this.scale = digits ? scale : 0;
  }

  get _isBigNumber() {
    return true;
  }

  isInteger() {
    return this.scale >= 0;
  }

  /** The integer's decimal digits, no exponent (what the SDK's reviver hands to BigInt). */
  toFixed() {
    if (!this.isInteger()) throw new Error('Only an integer is written out in full here');
    if (!this.digits) return '0';
    return `${this.sign}${this.digits}${'0'.repeat(this.scale)}`;
  }

  toNumber() {
    return Number(this.literal);
  }

  toString() {
    return this.literal;
  }

  toJSON() {
    return this.literal;
  }

  static isBigNumber(value) {
    return value instanceof JsonNumber;
  }
}

module.exports = JsonNumber;
