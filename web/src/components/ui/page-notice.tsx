import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { pageNoticeOf, type PageNoticeKind } from '../../lib/page-notice-state';
import './notice-card.css';
import './page-notice.css';

// One sentence a page shows after a step that changed the account but not the page the shopper
// asked for: "Welcome" after sign-up (which lands on the page they came from), "You are signed
// out" after leaving a page only a signed-in shopper sees, "Your new password is set" after
// choosing one from the reset e-mail's link. It rides in the history entry's state
// (lib/page-notice-state.ts), so a reload or Back does not repeat it once dismissed. A polite live region:
// read after the new page's heading, where focus goes (use-route-focus.ts).

const TEXT: Record<PageNoticeKind, string> = {
  welcome: MESSAGES.welcomeAccountReady,
  'signed-out': MESSAGES.signedOut,
  'password-changed': MESSAGES.passwordChanged,
};

export function PageNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const kind = pageNoticeOf(location.state);

  const dismiss = () => {
    const { pageNotice: _shown, ...rest } = (location.state ?? {}) as Record<string, unknown>;
    void navigate(location, { replace: true, state: Object.keys(rest).length ? rest : null });
  };

  // The region exists before its text (it loads with the page), so screen readers announce the
  // text when it appears.
  return (
    <div className="page-notice" role="status" aria-live="polite" data-testid="page-notice">
      {kind && (
        <p className="page-notice__card notice-card">
          <span>{TEXT[kind]}</span>
          <button type="button" className="page-notice__close" onClick={dismiss} aria-label="Dismiss this notice">
            ×
          </button>
        </p>
      )}
    </div>
  );
}
