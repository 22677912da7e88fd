import { useId } from 'react';
import type { PasswordCheck } from '../password-policy';
import { PasswordRules } from './password-rules';

// The e-mail and password inputs every sign-in, sign-up and reset form shows, and the alert under
// the form, written once so their labels, autocomplete hints, the rules under a new password and
// the failure read the same everywhere.

export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>E-mail address</label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A password input; with `check`, a new password, whose rules are listed under it as it is typed. */
export function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  check,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  check?: PasswordCheck;
}) {
  const id = useId();
  const rulesId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={check ? rulesId : undefined}
      />
      {check && <PasswordRules id={rulesId} check={check} />}
    </div>
  );
}

/** Under the card, a region that exists before its text, so screen readers announce a failure. */
export function AuthError({ error }: { error: string | null }) {
  return (
    <div role="alert" className="auth-card">
      {error && (
        <p className="form-message form-message--error" data-testid="auth-error">
          {error}
        </p>
      )}
    </div>
  );
}
