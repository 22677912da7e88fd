import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import type { SyncConfigCheck } from '@shop/shared/schemas';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { authSession, type AuthState } from '../../../lib/auth/auth-session';
import { checkAdminAccess, type AdminAccess } from '../api/admin-api';

// The admin route (docs/rules.md#states-and-transitions and docs/rules.md#roles-and-permissions): 'Verifying access...' while checking, then the page
// for an admin, or a redirect (replace) to /login for anyone else. The API decides who is admin
// (the admin claim or users/{uid}.isAdmin): its admin-only config check answers 200 or 401/403.

export interface AdminSession {
  load(): Promise<unknown>;
  getState(): AuthState;
}

type Phase = { kind: 'checking' } | { kind: 'allowed'; check: SyncConfigCheck } | { kind: 'failed'; message: string };

export interface AdminGuardProps {
  children: (check: SyncConfigCheck) => ReactNode;
  /** Where the page lives, so that sign-in can come back to it. */
  from: string;
  session?: AdminSession;
  verify?: () => Promise<AdminAccess>;
}

export function AdminGuard({ children, from, session = authSession, verify = checkAdminAccess }: AdminGuardProps) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const toLogin = () => navigate('/login', { replace: true, state: { from } });
    void (async () => {
      try {
        await session.load();
      } catch {
        // Without the sign-in service nobody is signed in: the state below says signed out.
      }
      if (!current) return;
      if (session.getState().status !== 'signed-in') return toLogin();
      const access = await verify();
      if (!current) return;
      if (access.kind === 'denied') toLogin();
      else if (access.kind === 'allowed') setPhase({ kind: 'allowed', check: access.check });
      else setPhase({ kind: 'failed', message: access.message });
    })();
    return () => {
      current = false;
    };
  }, [navigate, from, session, verify, attempt]);

  if (phase.kind === 'allowed') return <>{children(phase.check)}</>;
  if (phase.kind === 'failed') {
    return (
      <div className="container">
        <div className="callout callout--error" role="alert">
          <p>Access could not be verified: {phase.message}</p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              setPhase({ kind: 'checking' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
  return <LoadingScreen label={MESSAGES.verifyingAccess} />;
}
