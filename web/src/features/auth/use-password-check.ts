import { useEffect, useRef, useState } from 'react';
import { validatePassword } from '../../lib/auth/auth-actions';
import { checkPassword, defaultPasswordCheck, type PasswordCheck } from './password-policy';

/**
 * A new password checked against the identity server's policy as it is typed, while `active`.
 * Once the server has no policy to give, the default stands in without asking again. `validate`
 * takes a verdict afresh at submit, and `setCheck` shows it.
 */
export function usePasswordCheck(password: string, active: boolean) {
  const [check, setCheck] = useState<PasswordCheck>(() => defaultPasswordCheck(''));
  const policyMissing = useRef(false);

  const validate = (pw: string) => {
    if (policyMissing.current) return Promise.reject(new Error('no policy'));
    return validatePassword(pw);
  };

  useEffect(() => {
    if (!active) return;
    let current = true;
    void checkPassword(validate, password).then((result) => {
      if (result.source === 'default') policyMissing.current = true;
      if (current) setCheck(result);
    });
    return () => {
      current = false;
    };
  }, [password, active]);

  return { check, setCheck, validate };
}
