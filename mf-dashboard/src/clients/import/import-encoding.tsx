import { Alert, RadioGroup } from '@cadence/shared-ui';
import { accentedValues, isLegacyEncoding, LEGACY_ENCODING_LABELS, LEGACY_ENCODINGS, type ImportFileReading, type LegacyEncoding } from './import-file.ts';

export const ENCODING_TEXTS = {
  title: 'This file is not saved as UTF-8',
  body: (encoding: LegacyEncoding) =>
    `Cadence read its accented letters as ${LEGACY_ENCODING_LABELS[encoding]} text. Check the values below as they read now; if they look wrong, choose the other reading.`,
  values: 'Values with accented letters, as read now',
  question: 'How was this file saved?',
  chosen: (encoding: LegacyEncoding) => `Read as ${LEGACY_ENCODING_LABELS[encoding]}.`,
  evidence: 'Its accented letters make words this way, not symbols.',
  alike: 'Both readings look alike, so the more common one is used.',
  refused: (encoding: LegacyEncoding, message: string) => `Read as ${LEGACY_ENCODING_LABELS[encoding]}, the file cannot be imported: ${message}`,
} as const;

export interface ImportEncodingNoticeProps {
  reading: ImportFileReading;
  onChange: (encoding: LegacyEncoding) => void;
  /** Why the file cannot be read the way the person chose (it stays read the way it was). */
  error?: string | null;
}

/**
 * How a file that is not UTF-8 text was read (Windows-1252 or Mac Roman, guessed from its bytes):
 * the guess and why, values with accented letters as they read now, and a way to read it the other
 * way. Shown only for such a file; UTF-8 and UTF-16 are read as they are.
 */
export function ImportEncodingNotice({ reading, onChange, error }: ImportEncodingNoticeProps) {
  const { legacyGuess: guess, encoding: used } = reading;
  if (!guess || !isLegacyEncoding(used)) return null;
  const why = used === guess.encoding ? (guess.evidence ? ENCODING_TEXTS.evidence : ENCODING_TEXTS.alike) : null;
  const values = accentedValues(reading);
  return (
    <div className="client-import__dates">
      <Alert tone="info" title={ENCODING_TEXTS.title}>
        <p>{ENCODING_TEXTS.body(used)}</p>
        {values.length > 0 && (
          <ul className="client-import__values" aria-label={ENCODING_TEXTS.values}>
            {values.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        )}
      </Alert>
      <RadioGroup
        label={ENCODING_TEXTS.question}
        orientation="horizontal"
        options={LEGACY_ENCODINGS.map((encoding) => ({ value: encoding, label: LEGACY_ENCODING_LABELS[encoding] }))}
        value={used}
        onChange={(value) => onChange(value as LegacyEncoding)}
        hint={[ENCODING_TEXTS.chosen(used), why].filter(Boolean).join(' ')}
        error={error}
      />
    </div>
  );
}
