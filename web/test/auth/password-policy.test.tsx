import { MESSAGES } from '@shop/shared';
import { render, screen } from '@testing-library/react';
import type { PasswordValidationStatus } from 'firebase/auth';
import { describe, expect, test } from 'vitest';
import { PasswordRules } from '../../src/features/auth/components/password-rules';
import { describeAuthError } from '../../src/features/auth/auth-errors';
import { checkPassword } from '../../src/features/auth/password-policy';

/** A verdict shaped as the identity server's validatePassword returns it. */
function serverVerdict(password: string): PasswordValidationStatus {
  const policy = {
    minPasswordLength: 8,
    maxPasswordLength: 20,
    containsUppercaseLetter: true,
    containsNumericCharacter: true,
  };
  const status = {
    meetsMinPasswordLength: password.length >= 8,
    meetsMaxPasswordLength: password.length <= 20,
    containsUppercaseLetter: /[A-Z]/.test(password),
    containsNumericCharacter: /\d/.test(password),
  };
  return {
    ...status,
    isValid: Object.values(status).every(Boolean),
    passwordPolicy: {
      customStrengthOptions: policy,
      allowedNonAlphanumericCharacters: '!#',
      enforcementState: 'ENFORCE',
      forceUpgradeOnSignin: false,
    },
  };
}

describe('password policy', () => {
  test("each of the server's requirements is listed as met or not met while typing", async () => {
    const check = await checkPassword(async (pw) => serverVerdict(pw), 'longpassword');
    expect(check).toMatchObject({ source: 'server', isValid: false });
    render(<PasswordRules id="rules" check={check} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '✓At least 8 characters: met',
      '✓At most 20 characters: met',
      '○An uppercase letter: not met yet',
      '○A number: not met yet',
    ]);
    expect((await checkPassword(async (pw) => serverVerdict(pw), 'Longpassword1')).isValid).toBe(true);
  });

  test("without a policy from the server (the Auth emulator has none) the spec's default of 6 characters applies", async () => {
    const unavailable = async (): Promise<PasswordValidationStatus> => {
      throw new Error('The Auth emulator answered 501: it serves no password policy.');
    };
    expect(await checkPassword(unavailable, 'abcde')).toEqual({
      source: 'default',
      isValid: false,
      requirements: [{ id: 'min', label: 'At least 6 characters', met: false }],
    });
    const ok = await checkPassword(unavailable, 'abcdef');
    expect(ok.isValid).toBe(true);
    render(<PasswordRules id="rules" check={ok} />);
    // The shopper sees the rule, not how the page came by it.
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();
    expect(screen.queryByText(/policy|service/i)).not.toBeInTheDocument();
  });

  test("identity errors read as sentences, never the provider's developer text", () => {
    expect(describeAuthError({ code: 'auth/email-already-in-use' }, 'sign-up')).toBe(
      'An account with this e-mail address already exists. Sign in instead.',
    );
    expect(describeAuthError({ code: 'auth/invalid-credential' })).toBe('The e-mail address or password is not right.');
    // Another of the provider's codes: a sentence, not "Firebase: Error (auth/internal-error)."
    expect(
      describeAuthError(
        Object.assign(new Error('Firebase: Error (auth/internal-error).'), { code: 'auth/internal-error' }),
      ),
    ).toBe(MESSAGES.signInFailed);
    expect(describeAuthError({ code: 'auth/internal-error' }, 'sign-up')).toBe(MESSAGES.signUpFailed);
    // Not the provider's: the page's own message stays (such as the sign-in service not loading).
    expect(describeAuthError(new Error('Something odd'))).toBe('Something odd');
  });

  test('sign-up with an address that has an account, under email-enumeration protection: what to do, not whether it exists', () => {
    // Firebase then answers auth/invalid-credential, which on sign-up is no wrong password.
    const text = describeAuthError({ code: 'auth/invalid-credential' }, 'sign-up');
    expect(text).toBe(MESSAGES.signUpNotCreated);
    expect(text).not.toMatch(/password is not right|already exists/);
  });
});
