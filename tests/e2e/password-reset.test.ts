/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@shop/shared';
import { PASSWORD_RESET_PATH } from '@shop/shared/pages';
import { createTestUser } from '../fixtures/auth.js';
import { partOf } from '../fixtures/mime-message.js';
import { outboxFiles } from '../fixtures/outbox.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// "Forgot password?" end to end (docs/rules.md#validation): asked for on /login at phone width, the
// store's e-mail actually written by the worker, its link opening the store's own page, the new
// password chosen by keyboard, the shopper signed in on their account, the new password working in
// another browser, and the link refused with a clear sentence once used.

describeWithBrowser('choosing a new password from the reset e-mail', () => {
  const suite = storeInBrowser();
  const url = (p: string) => `${suite.stack.url}${p}`;

  /** The reset e-mail the worker wrote for `email`: its link, read from the plain-text part. */
  function resetLinkFor(email: string): string | null {
    const outbox = suite.stack.config.OUTBOX_DIR;
    for (const file of outboxFiles(outbox)) {
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm').test(raw)) continue;
      const link = /Choose a new password: (\S+)/.exec(partOf(raw, 'text/plain'))?.[1];
      if (link) return link;
    }
    return null;
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(url('/login'));
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  }

  test('from /login to signed in with the new password, and the link refused once used', async () => {
    const shopper = await createTestUser();
    const newPassword = 'copper kettle 42';

    // Asked for on a phone.
    const phone = await suite.newPage(VIEWPORTS.phone);
    await phone.goto(url('/login'));
    await phone.getByRole('button', { name: 'Forgot password?' }).click();
    await phone.getByLabel('E-mail address').fill(shopper.email);
    await phone.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => phone.getByTestId('reset-sent').textContent())
      .toBe(MESSAGES.passwordResetSent(shopper.email));

    // The e-mail the store actually sent leads to the store's own page.
    await expect.poll(() => resetLinkFor(shopper.email), { timeout: 30_000 }).toBeTruthy();
    const link = resetLinkFor(shopper.email)!;
    expect(link.startsWith(url(`${PASSWORD_RESET_PATH}?oobCode=`))).toBe(true);

    await phone.goto(link);
    await expect.poll(() => phone.getByTestId('reset-email').textContent()).toBe(shopper.email);
    expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('Choose a new password');
    expect(await phone.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await saveScreenshot(phone, 'password-reset-375');
    await phone.setViewportSize(VIEWPORTS.desktop);
    await saveScreenshot(phone, 'password-reset-1280');
    await phone.setViewportSize(VIEWPORTS.phone);

    // By keyboard: into the field, type, and Enter saves.
    await phone.getByLabel('New password', { exact: true }).focus();
    await phone.keyboard.type(newPassword);
    await expect
      .poll(() => phone.getByText('At least 6 characters').locator('xpath=ancestor::li').getAttribute('data-met'))
      .toBe('true');
    await phone.keyboard.press('Tab');
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe('Save and sign in');
    await phone.keyboard.press('Enter');

    // Signed in, on their account, told why.
    await phone.waitForURL(url('/account'));
    await expect.poll(() => phone.getByTestId('page-notice').textContent()).toContain(MESSAGES.passwordChanged);
    await expect.poll(() => phone.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
    await expect.poll(() => phone.getByText(shopper.email).count()).toBeGreaterThan(0);

    // Another browser: the new password signs in, the old one no longer does.
    const other = await suite.newPage(VIEWPORTS.desktop);
    await signIn(other, shopper.email, shopper.password);
    await expect
      .poll(() => other.getByTestId('auth-error').textContent())
      .toBe('The e-mail address or password is not right.');
    await signIn(other, shopper.email, newPassword);
    await other.waitForURL(url('/store'));

    // The same link again, in a fresh browser: refused, with a way to ask for a new one.
    const again = await suite.newPage(VIEWPORTS.phone);
    await again.goto(link);
    await expect.poll(() => again.getByTestId('reset-link-refused').textContent()).toBe(MESSAGES.passwordResetLinkUsed);
    expect(await again.getByRole('button', { name: 'Send a new link' }).isVisible()).toBe(true);
    expect(await again.getByLabel('New password', { exact: true }).count()).toBe(0);
    await saveScreenshot(again, 'password-reset-used-375');
  });
});
