import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import SignedInMenu from '../../../src/components/layouts/signed-in-menu';

vi.mock('../../../src/lib/auth/auth-actions', () => ({ signOut: async () => undefined }));

// The header's account menu of a signed-in shopper.

const user = { uid: 'u1', email: 'sam@example.test', displayName: 'Sam Lee', emailVerified: true, admin: false };

describe("the signed-in shopper's account menu", () => {
  test('its button is named by the word it shows first (WCAG 2.5.3), then who is signed in', () => {
    render(
      <MemoryRouter>
        <SignedInMenu user={user} />
      </MemoryRouter>,
    );
    const button = screen.getByTestId('header-account');
    expect(button).not.toHaveAttribute('aria-label');
    expect(button).toHaveAccessibleName(/^Account,? signed in as Sam Lee$/);
  });

  test('leads to the orders and to the team orders the shopper started', async () => {
    render(
      <MemoryRouter>
        <SignedInMenu user={user} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByTestId('header-account'));
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Team orders' })).toHaveAttribute('href', '/account#team-orders');
  });
});
