// The appwrite SDK's ES module build, made tree-shakable where its compiler left it opaque (every app's
// build runs it through this loader: tooling/rspack-app.mjs). TypeScript compiles an enum to
// `var E; (function (E) { E["A"] = "a"; … })(E || (E = {}));` and a class's static members to
// `Query.equal = …;` statements after the class: both are writes a minifier must keep, so every enum
// (the ~420 time zones, ~200 flags …) and the Operator helper rode along in the shell's main.js though
// Cadence uses three enums — ~8 KB gzip on every page. Rewritten — an enum as a pure expression
// (`var E = /* @__PURE__ */ (function (E) { …; return E; })({})`), a class's statics as its static
// fields — what nothing imports is dropped and what is imported behaves exactly as before. (Not a
// class and its statics inside one pure arrow: Rspack's module concatenation then left the SDK's
// `JSONbig` unrenamed inside Client's methods, and every request failed.)
// tooling/appwrite-sdk-loader.test.ts runs the SDK's real file through it and checks every export
// still matches the original; tooling/remote-build.test.ts holds main.js to its budget.

const ENUM = /^var (\w+);\n\(function \(\1\) \{\n((?:[ \t]+.*\n)*?)\}\)\(\1 \|\| \(\1 = \{\}\)\);$/gm;

/** The SDK's source with its enums as pure expressions and its classes' statics as static fields. */
export function treeShakableSdk(source) {
  const enumsPure = source.replace(ENUM, (_, name, body) => `var ${name} = /* @__PURE__ */ (function (${name}) {\n${body}    return ${name};\n})({});`);
  return moveStaticsIntoClasses(enumsPure);
}

/** Lines between a class's statics: blank lines and doc comments. */
const BETWEEN = /^(\s*$|\/\*\*| \*)/;

/**
 * `class C { … }` followed by `C.x = …;` statements (one line, or — when the line ends with an open
 * bracket — several, up to a line that starts at column 0 with `]`, `}` or `)` and ends with `;`): the
 * statements become static fields of the class (`static x = …;`, their comments with them), which a
 * minifier drops with the class when nothing uses it. (None of them reads `this`.)
 */
function moveStaticsIntoClasses(source) {
  const lines = source.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i += 1) {
    const name = /^class (\w+)\b.*\{$/.exec(lines[i])?.[1];
    if (!name) {
      out.push(lines[i]);
      continue;
    }
    let end = i + 1;
    while (end < lines.length && lines[end] !== '}') end += 1;
    const statics = [];
    let pending = [];
    let next = end + 1;
    for (let k = end + 1; k < lines.length; k += 1) {
      if (lines[k].startsWith(`${name}.`)) {
        let statementEnd = k;
        if (/[{([]\s*$/.test(lines[k])) {
          statementEnd = k + 1;
          while (statementEnd < lines.length && !/^[\]})].*;\s*$/.test(lines[statementEnd])) statementEnd += 1;
        }
        statics.push(...pending, `static ${lines[k].slice(name.length + 1)}`, ...lines.slice(k + 1, statementEnd + 1));
        pending = [];
        k = statementEnd;
        next = statementEnd + 1;
      } else if (BETWEEN.test(lines[k])) pending.push(lines[k]);
      else break;
    }
    out.push(...lines.slice(i, end), ...statics.map((line) => (line ? `    ${line}` : line)), '}');
    i = next - 1;
  }
  return out.join('\n');
}

export default function appwriteSdkLoader(source) {
  return treeShakableSdk(source);
}
