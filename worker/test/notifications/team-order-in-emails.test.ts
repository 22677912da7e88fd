import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail, orderShippedEmail } from '../../src/jobs/notifications/order-emails.js';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';

// docs/rules.md#team-orders: the lead's own order of a team order says so in its e-mails, by the
// team order's name, so two hoodies in one parcel read as the team's order and not a mistake.

const links = { url: 'http://shop.test/account', supportEmail: 'help@shop.test' };

describe("the lead's order e-mails", () => {
  const team = paidOrder({
    owner: { kind: 'user', id: 'lead-1' },
    teamOrderId: '7f7c3c1e-52b0-4c52-9b52-0d52e52a52b5',
    teamOrderTitle: 'Platform team hoodies',
    number: 'CS-52052',
  });

  it('name the team order in the confirmation and the shipping notice, in text and HTML', () => {
    for (const email of [
      orderConfirmationEmail(team, links),
      orderShippedEmail({ ...team, status: 'shipped' }, links),
    ]) {
      expect(email.text).toContain('Team order: \u201cPlatform team hoodies\u201d');
      expect(email.html).toContain('Platform team hoodies');
    }
  });

  it('say nothing of a team order on any other order', () => {
    const plain = paidOrder({ number: 'CS-52053' });
    expect(orderConfirmationEmail(plain, links).text).not.toContain('Team order');
    expect(orderShippedEmail({ ...plain, status: 'shipped' }, links).text).not.toContain('Team order');
  });
});
