// Text written out as UTF-8 a piece at a time (issue 35): the export's CSVs and FHIR bundle (~200 MB at
// 2,000 clients) go straight into buffers of a few MB, each piece encoded where it lands, instead of
// being joined into one string, encoded whole and the pieces copied into one buffer again. Those
// strings lived long enough for the garbage collector to copy them, and each whole copy was fresh
// memory the kernel had to hand over. The chunks are the bytes in order; lib/zip.js takes them as they are.

/** The first buffer's size; each next one twice the last, up to LARGEST (a small file stays small). */
const FIRST = 64 << 10;
const LARGEST = 4 << 20;

export class Utf8Chunks {
  /** @type {Buffer[]} */
  #full = [];

  #buffer = Buffer.allocUnsafe(FIRST);

  #at = 0;

  /** @param {string} text */
  write(text) {
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
    if (this.#at + text.length * 3 > this.#buffer.length) {
      if (this.#at > 0) this.#full.push(this.#buffer.subarray(0, this.#at));
      this.#buffer = Buffer.allocUnsafe(Math.max(Math.min(this.#buffer.length * 2, LARGEST), text.length * 3));
      this.#at = 0;
    }
    this.#at += this.#buffer.write(text, this.#at, 'utf8');
  }

  /** The bytes written so far, in order (no empty chunk). @returns {Buffer[]} */
  chunks() {
    return this.#at > 0 ? [...this.#full, this.#buffer.subarray(0, this.#at)] : [...this.#full];
  }
}
