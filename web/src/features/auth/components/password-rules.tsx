import type { PasswordCheck } from '../password-policy';

/** Each requirement of the password policy, met or not, as the shopper types. */
export function PasswordRules({ check, id }: { check: PasswordCheck; id: string }) {
  return (
    <div id={id}>
      <ul className="password-rules" aria-label="Password requirements">
        {check.requirements.map((r) => (
          <li key={r.id} data-met={r.met}>
            <span className="password-rules__mark" aria-hidden="true">
              {r.met ? '✓' : '○'}
            </span>
            <span>
              {r.label}
              <span className="visually-hidden">{r.met ? ': met' : ': not met yet'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
