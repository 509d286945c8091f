import { Field } from '@cadence/shared-ui';

interface CredentialInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A form the therapist just asked for: their typing starts here. */
  autoFocus?: boolean;
}

/** An email address as the browser and password managers read it (the account's username). */
export function EmailInput({ label, value, onChange, autoFocus }: CredentialInputProps) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          className="ui-control"
          type="email"
          name="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * A password: the one the account has (`current-password`: login, confirmations) or a new one
 * (`new-password`: a password manager offers to generate and save it).
 */
export function PasswordInput({ label, value, onChange, autoComplete = 'current-password' }: CredentialInputProps & { autoComplete?: 'current-password' | 'new-password' }) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          className="ui-control"
          type="password"
          name="password"
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
