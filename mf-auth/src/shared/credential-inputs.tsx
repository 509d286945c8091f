import { Field } from '@cadence/shared-ui';

interface CredentialInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A form the therapist just asked for: their typing starts here. */
  autoFocus?: boolean;
}

type Credential = { type: 'email'; name: 'email'; autoComplete: 'email' } | { type: 'password'; name: 'password'; autoComplete: 'current-password' | 'new-password' };

function CredentialInput({ label, value, onChange, autoFocus, ...credential }: CredentialInputProps & Credential) {
  return (
    <Field label={label}>
      {(control) => (
        <input {...control} {...credential} className="ui-control" required autoFocus={autoFocus} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** An email address as the browser and password managers read it (the account's username). */
export function EmailInput(props: CredentialInputProps) {
  return <CredentialInput {...props} type="email" name="email" autoComplete="email" />;
}

/**
 * A password: the one the account has (`current-password`: login, confirmations) or a new one
 * (`new-password`: a password manager offers to generate and save it).
 */
export function PasswordInput({ autoComplete = 'current-password', ...props }: CredentialInputProps & { autoComplete?: 'current-password' | 'new-password' }) {
  return <CredentialInput {...props} type="password" name="password" autoComplete={autoComplete} />;
}
