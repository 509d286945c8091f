import {
  confirmTotpSetup, regenerateRecoveryCodes, saveFile, startTotpSetup, turnOffTwoStep, useAuthStore,
  type AuthUser, type SecondFactor, type TotpSetup,
} from '@cadence/shared-auth';
import { Alert, Button, Skeleton, StatusChip, TextInput } from '@cadence/shared-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { reasonOf } from '../account/account-api.ts';
import { MESSAGES } from '../messages.ts';
import { QrCode } from '@cadence/shared-ui/qr';
import { useInvalidateTwoStep, useTwoStepStatus } from './two-step-queries.ts';
import { codeProblem, groupedSecret, normalizeCode, RECOVERY_CODES_FILE, recoveryCodesText, twoStepFailure } from './two-step-rules.ts';

type Mode =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TotpSetup }
  | { kind: 'confirm'; action: 'off' | 'regenerate' }
  | { kind: 'codes'; codes: string[] };

/**
 * A current code before a change (turning on, off, regenerating): the app's code, or — where
 * `allowRecovery` — one of the recovery codes, for a therapist without their phone.
 */
function CodeForm({ label, explain, submitLabel, allowRecovery, onSubmit, onCancel }: {
  label: string;
  explain?: string;
  submitLabel: string;
  allowRecovery: boolean;
  onSubmit: (factor: SecondFactor, code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [factor, setFactor] = useState<SecondFactor>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(factor, code);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await onSubmit(factor, normalizeCode(factor, code));
    } catch (e) {
      setError(twoStepFailure(factor, e));
      const input = form.current?.querySelector('input');
      input?.focus();
      input?.select();
    } finally {
      setBusy(false);
    }
  }

  const totp = factor === 'totp';
  return (
    <form ref={form} className="account-form" noValidate onSubmit={(e) => void submit(e)} aria-label={label}>
      {explain && <p className="account-text">{explain}</p>}
      <TextInput
        key={factor}
        label={totp ? MESSAGES.appCode : MESSAGES.recoveryCodeLabel}
        hint={totp ? MESSAGES.appCodeHint : undefined}
        error={error ?? undefined}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocus
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : 'text'}
        spellCheck={false}
        maxLength={totp ? 12 : 32}
      />
      <p role="alert" className="ui-visually-hidden">{error ?? ''}</p>
      <div className="account-row">
        <Button type="submit" variant="primary" loading={busy}>{submitLabel}</Button>
        {allowRecovery && (
          <Button variant="quiet" disabled={busy} onClick={() => { setFactor(totp ? 'recoveryCode' : 'totp'); setCode(''); setError(null); }}>
            {totp ? MESSAGES.useRecoveryCode : MESSAGES.useAppCode}
          </Button>
        )}
        <Button disabled={busy} onClick={onCancel}>{MESSAGES.cancel}</Button>
      </div>
    </form>
  );
}

/** The codes, once: a list, a file to download, the clipboard. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);

  function download() {
    saveFile(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain' }), RECOVERY_CODES_FILE);
  }

  function copy() {
    Promise.resolve().then(() => navigator.clipboard.writeText(codes.join('\n'))).then(
      () => setCopied(MESSAGES.codesCopied),
      () => setCopied(MESSAGES.copyFailed),
    );
  }

  return (
    <section className="account-stack" aria-labelledby={headingId}>
      <h5 id={headingId} ref={heading} tabIndex={-1} className="account-subtitle">{MESSAGES.recoveryCodesTitle}</h5>
      <p className="account-text">{MESSAGES.recoveryCodesExplain}</p>
      <ol className="account-codes" aria-label={MESSAGES.recoveryCodesList}>
        {codes.map((code) => <li key={code}><code>{code}</code></li>)}
      </ol>
      <div className="account-row">
        <Button onClick={download}>{MESSAGES.downloadCodes}</Button>
        <Button onClick={copy}>{MESSAGES.copyCodes}</Button>
        <Button variant="primary" onClick={onDone}>{MESSAGES.savedCodes}</Button>
      </div>
      {copied && <p role="status" className="account-text">{copied}</p>}
    </section>
  );
}

function TotpSetupPanel({ setup, email, onTurnedOn, onCancel }: {
  setup: TotpSetup;
  email: string;
  onTurnedOn: (codes: string[]) => Promise<void>;
  onCancel: () => void;
}) {
  const [keyCopied, setKeyCopied] = useState<string | null>(null);
  return (
    <div className="account-stack">
      <p className="account-text">{MESSAGES.scanQr}</p>
      <QrCode value={setup.uri} label={MESSAGES.qrLabel} className="account-qr" />
      <p className="account-text">{MESSAGES.enterKeyInstead}</p>
      <dl className="account-fields">
        <dt>{MESSAGES.setupKey}</dt>
        <dd><code className="account-secret" data-secret={setup.secret}>{groupedSecret(setup.secret)}</code></dd>
        <dt>Account</dt>
        <dd>{email}</dd>
      </dl>
      <div className="account-row">
        <Button size="sm" onClick={() => {
          Promise.resolve().then(() => navigator.clipboard.writeText(setup.secret)).then(
            () => setKeyCopied(MESSAGES.keyCopied), () => setKeyCopied(MESSAGES.copyFailed));
        }}>{MESSAGES.copyKey}</Button>
        {keyCopied && <span role="status">{keyCopied}</span>}
      </div>
      <CodeForm
        label={MESSAGES.confirmTurnOn}
        submitLabel={MESSAGES.confirmTurnOn}
        allowRecovery={false}
        onSubmit={async (_factor, code) => onTurnedOn(await confirmTotpSetup(code))}
        onCancel={onCancel}
      />
    </div>
  );
}

/** issue 17: Settings → Security → Two-step verification: status, turn on, recovery codes, turn off. */
export function TwoStepSettings({ user }: { user: AuthUser }) {
  const status = useTwoStepStatus(user);
  const invalidate = useInvalidateTwoStep();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [starting, setStarting] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const focusActions = useRef(false);

  useEffect(() => {
    if (mode.kind !== 'idle' || !focusActions.current) return;
    focusActions.current = false;
    actions.current?.querySelector('button')?.focus();
  }, [mode]);

  const backToIdle = () => {
    focusActions.current = true;
    setMode({ kind: 'idle' });
  };
  const changed = async () => {
    await Promise.all([invalidate(), useAuthStore.getState().refreshUser()]);
  };

  async function start() {
    setStarting(true);
    setNotice(null);
    try {
      setMode({ kind: 'setup', setup: await startTotpSetup() });
    } catch (e) {
      setNotice({ ok: false, text: MESSAGES.twoStepFailed(reasonOf(e)) });
    } finally {
      setStarting(false);
    }
  }

  if (status.isPending) return <Skeleton label={MESSAGES.twoStepLoading} lines={2} />;

  return (
    <div className="account-stack">
      <h4 className="account-subtitle">{MESSAGES.twoStep}</h4>
      <p className="account-row account-text">
        <span>{MESSAGES.twoStep}:</span>
        <StatusChip tone={status.on ? 'success' : 'neutral'} label={status.on ? MESSAGES.twoStepOn : MESSAGES.twoStepOff} />
      </p>
      {status.isError && <Alert tone="error">{MESSAGES.twoStepLoadFailed}</Alert>}
      {notice && <Alert tone={notice.ok ? 'success' : 'error'}>{notice.text}</Alert>}

      {mode.kind === 'idle' && (
        <>
          <p className="account-text">{status.on ? MESSAGES.twoStepExplainOn : MESSAGES.twoStepExplainOff}</p>
          <div className="account-row" ref={actions}>
            {status.on ? (
              <>
                <Button className="account-action" onClick={() => { setNotice(null); setMode({ kind: 'confirm', action: 'regenerate' }); }}>
                  {MESSAGES.regenerateCodes}
                </Button>
                <Button variant="danger" className="account-action" onClick={() => { setNotice(null); setMode({ kind: 'confirm', action: 'off' }); }}>
                  {MESSAGES.turnOffTwoStep}
                </Button>
              </>
            ) : (
              <Button variant="primary" className="account-action" loading={starting} disabled={status.isError} onClick={() => void start()}>
                {MESSAGES.turnOnTwoStep}
              </Button>
            )}
          </div>
        </>
      )}

      {mode.kind === 'setup' && (
        <TotpSetupPanel
          setup={mode.setup}
          email={user.email}
          onTurnedOn={async (codes) => {
            await changed();
            setNotice({ ok: true, text: MESSAGES.twoStepTurnedOn });
            setMode({ kind: 'codes', codes });
          }}
          onCancel={backToIdle}
        />
      )}

      {mode.kind === 'confirm' && mode.action === 'regenerate' && (
        <CodeForm
          label={MESSAGES.regenerateCodes}
          explain={MESSAGES.regenerateExplain}
          submitLabel={MESSAGES.confirmRegenerate}
          allowRecovery
          onSubmit={async (factor, code) => setMode({ kind: 'codes', codes: await regenerateRecoveryCodes(factor, code) })}
          onCancel={backToIdle}
        />
      )}

      {mode.kind === 'confirm' && mode.action === 'off' && (
        <CodeForm
          label={MESSAGES.turnOffTwoStep}
          explain={MESSAGES.turnOffExplain}
          submitLabel={MESSAGES.confirmTurnOff}
          allowRecovery
          onSubmit={async (factor, code) => {
            await turnOffTwoStep(factor, code);
            await changed();
            setNotice({ ok: true, text: MESSAGES.twoStepTurnedOff });
            backToIdle();
          }}
          onCancel={backToIdle}
        />
      )}

      {mode.kind === 'codes' && <RecoveryCodes codes={mode.codes} email={user.email} onDone={backToIdle} />}
    </div>
  );
}
