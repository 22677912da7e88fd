import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useCartStore } from '../../../lib/cart/use-cart';
import { authSession, useAuthState } from '../../../lib/auth/auth-session';
import {
  sendPasswordReset,
  signInWithEmail,
  signInWithGoogle,
  signOut,
  signUpWithEmail,
} from '../../../lib/auth/auth-actions';
import { pageNoticeState } from '../../../lib/page-notice-state';
import { describeAuthError } from '../auth-errors';
import { reportIfCookieDependent } from '../../../lib/cookie-dependent-failure';
import { checkPassword } from '../password-policy';
import { AuthError, EmailField, PasswordField } from './auth-fields';
import { usePasswordCheck } from '../use-password-check';
import '../auth.css';

type Mode = 'sign-in' | 'sign-up' | 'reset';

/** The page that sent the visitor here, if any (only a path of this site). */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** Where to go after signing in: the page that sent them here, else the admin home for the studio, else the store. */
async function landing(state: unknown): Promise<string> {
  return returnPath(state) ?? ((await authSession.isAdmin()) ? '/admin' : '/store');
}

function SignedIn({ email, onSignOut, busy }: { email: string | null; onSignOut: () => void; busy: boolean }) {
  return (
    <div className="card auth-card">
      <h2>Signed in</h2>
      <p>
        You are signed in as <strong data-testid="signed-in-email">{email ?? 'your account'}</strong>.
      </p>
      <p>
        <Link to="/store">Go to the store</Link> · <Link to="/store/cart">View your cart</Link>
      </p>
      <button type="button" className="button button--ghost" onClick={onSignOut} disabled={busy}>
        {busy ? 'Signing out...' : 'Sign out'}
      </button>
    </div>
  );
}

/** /login: e-mail and password or Google; sign-up with the identity server's password policy. */
export function LoginPage() {
  const auth = useAuthState();
  // The cart must exist before sign-in so that it can save first and merge after.
  useCartStore();
  const navigate = useNavigate();
  const location = useLocation();
  // Links that offer an account (the order confirmation) open the sign-up form: /login?mode=sign-up.
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(location.search).get('mode') === 'sign-up' ? 'sign-up' : 'sign-in',
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const { check, setCheck, validate } = usePasswordCheck(password, mode === 'sign-up');

  useEffect(() => {
    authSession.load().catch((e: Error) => setError(`The sign-in service could not be loaded: ${e.message}`));
  }, []);

  const run = async (action: () => Promise<void>, after: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      after();
    } catch (e) {
      setError(describeAuthError(e, mode));
      reportIfCookieDependent(e);
    } finally {
      setBusy(false);
    }
  };
  const done = () => {
    // A new account is greeted on the page it lands on; a returning shopper just carries on.
    const state = mode === 'sign-up' ? pageNoticeState('welcome') : undefined;
    void landing(location.state).then((to) => navigate(to, { replace: true, state }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'reset') {
      const address = email.trim();
      void run(
        // The reset e-mail's page lands them where they were heading, as signing in would.
        () => sendPasswordReset(address, returnPath(location.state)),
        () => setResetSentTo(address),
      );
      return;
    }
    if (mode === 'sign-up') {
      void run(async () => {
        // The rules are checked as the password is typed, but a submit can come before that check
        // has answered for the last keystroke (a fast typist, a password manager's fill and Enter):
        // the verdict is taken afresh for the password being sent.
        const verdict = await checkPassword(validate, password);
        setCheck(verdict);
        if (!verdict.isValid)
          throw Object.assign(new Error('password rules'), { code: 'auth/password-does-not-meet-requirements' });
        await signUpWithEmail(email.trim(), password);
      }, done);
      return;
    }
    void run(() => signInWithEmail(email.trim(), password), done);
  };

  if (auth.status === 'unknown') return <LoadingScreen />;

  return (
    <div className="container page">
      {auth.status === 'signed-in' ? (
        <SignedIn
          email={auth.user.email}
          busy={busy}
          onSignOut={() =>
            void run(
              () => signOut(),
              () => undefined,
            )
          }
        />
      ) : (
        <div className="card auth-card">
          <ul className="auth-tabs">
            <li>
              <button type="button" aria-pressed={mode === 'sign-in'} onClick={() => setMode('sign-in')}>
                Sign in
              </button>
            </li>
            <li>
              <button type="button" aria-pressed={mode === 'sign-up'} onClick={() => setMode('sign-up')}>
                Create account
              </button>
            </li>
          </ul>
          <form
            className="auth-form"
            onSubmit={onSubmit}
            noValidate
            aria-label={mode === 'sign-in' ? 'Sign in' : mode === 'sign-up' ? 'Create account' : 'Reset your password'}
          >
            {mode === 'reset' && (
              <p className="fine-print">
                Enter the e-mail address of your account: we send it a link to choose a new password.
              </p>
            )}
            <EmailField value={email} onChange={setEmail} />
            {mode !== 'reset' && (
              <PasswordField
                label="Password"
                autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
                value={password}
                onChange={setPassword}
                check={mode === 'sign-up' ? check : undefined}
              />
            )}
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy
                ? 'Please wait...'
                : mode === 'sign-in'
                  ? 'Sign in'
                  : mode === 'sign-up'
                    ? 'Create account'
                    : 'Send reset link'}
            </button>
            {mode === 'sign-in' && (
              <button type="button" className="auth-link" onClick={() => setMode('reset')}>
                Forgot password?
              </button>
            )}
            {mode === 'reset' && (
              <>
                {resetSentTo !== null && (
                  <p className="form-message" role="status" data-testid="reset-sent">
                    {MESSAGES.passwordResetSent(resetSentTo)}
                  </p>
                )}
                <button type="button" className="auth-link" onClick={() => setMode('sign-in')}>
                  Back to sign in
                </button>
              </>
            )}
          </form>
          <p className="auth-divider">or</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void run(() => signInWithGoogle(), done)}
            disabled={busy}
          >
            Continue with Google
          </button>
          <p className="fine-print">Signing in keeps the cart you have now: it joins your account's cart.</p>
        </div>
      )}
      <AuthError error={error} />
    </div>
  );
}
