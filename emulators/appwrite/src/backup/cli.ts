// `npm run backup -- <dir>` and `npm run restore -- <dir>` (root package.json): the embedded
// backend's data directory (`.data`, as `npm start` uses it) to a backup directory and back.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupError, takeBackup } from './backup.ts';
import { RestoreError, restoreBackup } from './restore.ts';
import { MANIFEST_FILE, type Manifest } from './manifest.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const USAGE = `usage:
  npm run backup -- <backup dir> [--data <data dir>] [--encrypt] [--passphrase-file <file>]
  npm run restore -- <backup dir> [--data <empty data dir>] [--passphrase-file <file>]
The data directory defaults to .data (where npm start keeps it). The passphrase comes from
--passphrase-file, else CADENCE_BACKUP_PASSPHRASE, else it is asked for on the terminal.`;

/** Asks without echoing what is typed. */
async function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function passphrase(file: string | undefined, confirm: boolean): Promise<string | undefined> {
  if (file) return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  const fromEnv = process.env.CADENCE_BACKUP_PASSPHRASE;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return undefined;
  const first = await ask('Passphrase: ');
  if (confirm && (await ask('Passphrase again: ')) !== first) throw new BackupError('The two passphrases differ; nothing was backed up');
  return first;
}

/** Whether to ask for a passphrase; restoreBackup itself judges the manifest. */
function encryptedBackup(dir: string): boolean {
  try {
    return Boolean((JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Partial<Manifest>).encryption);
  } catch {
    return false;
  }
}

function summary(manifest: Manifest): string {
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  const count = (kind: string): number => manifest.files.filter((f) => f.kind === kind).length;
  return `${count('database')} database(s), ${count('key')} key(s), ${count('file')} stored file segment(s), ${(bytes / 1024 / 1024).toFixed(1)} MiB${manifest.encryption ? ', encrypted' : ''}; snapshot ${manifest.snapshotAt}`;
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { data: { type: 'string' }, encrypt: { type: 'boolean' }, 'passphrase-file': { type: 'string' }, help: { type: 'boolean' } },
  });
  const dir = positionals[0];
  if (values.help || !dir || positionals.length > 1 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    process.exit(2);
  }
  const dataDir = path.resolve(values.data ?? path.join(repoRoot, '.data'));
  if (command === 'backup') {
    let secret: string | undefined;
    if (values.encrypt || values['passphrase-file']) {
      secret = await passphrase(values['passphrase-file'], true);
      if (!secret) throw new BackupError('--encrypt needs a passphrase: --passphrase-file, CADENCE_BACKUP_PASSPHRASE, or a terminal to type it in');
    }
    const manifest = await takeBackup({ dataDir, outDir: dir, ...(secret ? { passphrase: secret } : {}) });
    console.log(`Backed up ${dataDir} to ${path.resolve(dir)}: ${summary(manifest)}. Checksums in ${MANIFEST_FILE}.`);
    if (!manifest.encryption) console.log('The backup holds the keys beside the data in clear: keep it as safe as the data itself, or use --encrypt.');
  } else {
    const secret = encryptedBackup(dir) ? await passphrase(values['passphrase-file'], false) : undefined;
    const manifest = await restoreBackup({ backupDir: dir, dataDir, ...(secret !== undefined ? { passphrase: secret } : {}) });
    console.log(`Restored ${path.resolve(dir)} into ${dataDir}: ${summary(manifest)}. Start Cadence on it with npm start.`);
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof BackupError || error instanceof RestoreError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
