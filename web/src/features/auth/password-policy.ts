import type { PasswordValidationStatus } from 'firebase/auth';

// The identity server's password policy as a checklist (docs/rules.md#validation: minimum length, default
// 6; optional maximum; optional lowercase, uppercase, numeric and non-alphanumeric characters).
// Where the server has no policy to give (the Auth emulator does not implement it), the spec's
// default applies and the page says so.

export interface PasswordRequirement {
  id: string;
  label: string;
  met: boolean;
}

export interface PasswordCheck {
  requirements: PasswordRequirement[];
  isValid: boolean;
  /** Whether the identity server supplied the policy, or the spec's default stood in. */
  source: 'server' | 'default';
}

export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

export function requirementsFromStatus(status: PasswordValidationStatus): PasswordRequirement[] {
  const options = status.passwordPolicy.customStrengthOptions;
  const list: PasswordRequirement[] = [
    {
      id: 'min',
      label: `At least ${options.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH} characters`,
      met: status.meetsMinPasswordLength ?? false,
    },
  ];
  if (options.maxPasswordLength !== undefined) {
    list.push({
      id: 'max',
      label: `At most ${options.maxPasswordLength} characters`,
      met: status.meetsMaxPasswordLength ?? true,
    });
  }
  if (options.containsLowercaseLetter)
    list.push({ id: 'lower', label: 'A lowercase letter', met: status.containsLowercaseLetter ?? false });
  if (options.containsUppercaseLetter)
    list.push({ id: 'upper', label: 'An uppercase letter', met: status.containsUppercaseLetter ?? false });
  if (options.containsNumericCharacter)
    list.push({ id: 'number', label: 'A number', met: status.containsNumericCharacter ?? false });
  if (options.containsNonAlphanumericCharacter) {
    list.push({
      id: 'symbol',
      label: 'A symbol such as ! or #',
      met: status.containsNonAlphanumericCharacter ?? false,
    });
  }
  return list;
}

export function defaultPasswordCheck(password: string): PasswordCheck {
  const met = [...password].length >= DEFAULT_MIN_PASSWORD_LENGTH;
  return {
    requirements: [{ id: 'min', label: `At least ${DEFAULT_MIN_PASSWORD_LENGTH} characters`, met }],
    isValid: met,
    source: 'default',
  };
}

/** The server's verdict on a password, or the spec's default policy when the server has none. */
export async function checkPassword(
  validate: (password: string) => Promise<PasswordValidationStatus>,
  password: string,
): Promise<PasswordCheck> {
  try {
    const status = await validate(password);
    return { requirements: requirementsFromStatus(status), isValid: status.isValid, source: 'server' };
  } catch {
    return defaultPasswordCheck(password);
  }
}
