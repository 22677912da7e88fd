import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, PASSWORD_RESET_CODE_PARAM, PASSWORD_RESET_NEXT_PARAM } from '@shop/shared';
import { ACCOUNT_PATH } from '@shop/shared/pages';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useCartStore } from '../../../lib/cart/use-cart';
import { checkPasswordResetCode, resetPasswordAndSignIn, sendPasswordReset } from '../../../lib/auth/auth-actions';
import { pageNoticeState } from '../../../lib/page-notice-state';
import { describeAuthError, describeResetLinkError } from '../auth-errors';
import { AuthError, EmailField, PasswordField } from './auth-fields';
import { usePasswordCheck } from '../use-password-check';
import '../auth.css';

// /account/reset-password?oobCode=...: the page the reset e-mail's link opens (docs/rules.md#validation).
// It checks the one-time code and shows the account it is for, takes the new password under the
// identity server's policy (the sign-up form's live list), saves it and signs the shopper in, then
// takes them to their account or the page they asked from. A code that no longer works says why
// and offers a new link on the spot.

type LinkState = { kind: 'checking' } | { kind: 'ready'; email: string } | { kind: 'refused'; message: string };

/** The page to land on: a path of this site, else the account. */
function landingFrom(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : ACCOUNT_PATH;
}

function NewLinkForm({ message }: { message: string }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    setBusy(true);
    setError(null);
    sendPasswordReset(address)
      .then(() => setSentTo(address))
      .catch((err: unknown) => setError(describeAuthError(err, 'reset')))
      .finally(() => setBusy(false));
  };
  return (
    <div className="card auth-card">
      <p className="form-message form-message--error" role="alert" data-testid="reset-link-refused">
        {message}
      </p>
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Ask for a new link">
        <EmailField value={email} onChange={setEmail} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Please wait...' : 'Send a new link'}
        </button>
        {sentTo !== null && (
          <p className="form-message" role="status" data-testid="reset-sent">
            {MESSAGES.passwordResetSent(sentTo)}
          </p>
        )}
        {error && (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        )}
      </form>
      <p className="fine-print">
        Remember your password? <Link to="/login">Sign in</Link>
      </p>
    </div>
  );
}

export function PasswordResetPage() {
  // The cart must exist before sign-in so that it can save first and merge after.
  useCartStore();
  const [params] = useSearchParams();
  const code = params.get(PASSWORD_RESET_CODE_PARAM);
  const landing = landingFrom(params.get(PASSWORD_RESET_NEXT_PARAM));
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>(() =>
    code ? { kind: 'checking' } : { kind: 'refused', message: MESSAGES.passwordResetLinkUsed },
  );
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { check } = usePasswordCheck(password, link.kind === 'ready');

  useEffect(() => {
    if (!code) return;
    let current = true;
    checkPasswordResetCode(code)
      .then((email) => current && setLink({ kind: 'ready', email }))
      .catch((e: unknown) => {
        if (!current) return;
        setLink({ kind: 'refused', message: describeResetLinkError(e) ?? describeAuthError(e, 'reset') });
      });
    return () => {
      current = false;
    };
  }, [code]);

  if (link.kind === 'checking') return <LoadingScreen label="Checking your link..." />;
  if (link.kind === 'refused')
    return (
      <div className="container page">
        <NewLinkForm message={link.message} />
      </div>
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!code) return;
    if (!check.isValid) {
      setError('The password does not meet the requirements listed below.');
      return;
    }
    setBusy(true);
    setError(null);
    resetPasswordAndSignIn(code, link.email, password)
      .then(() => navigate(landing, { replace: true, state: pageNoticeState('password-changed') }))
      .catch((err: unknown) => {
        const refused = describeResetLinkError(err);
        if (refused) setLink({ kind: 'refused', message: refused });
        else setError(describeAuthError(err, 'sign-up'));
        setBusy(false);
      });
  };

  return (
    <div className="container page">
      <div className="card auth-card">
        <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
          <p>
            For the account <strong data-testid="reset-email">{link.email}</strong>
          </p>
          {/* Lets a password manager store the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            check={check}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Please wait...' : 'Save and sign in'}
          </button>
        </form>
      </div>
      <AuthError error={error} />
    </div>
  );
}
