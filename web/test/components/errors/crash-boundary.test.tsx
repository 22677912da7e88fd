import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { CrashBoundary } from '../../../src/components/errors/crash-boundary';
import { reloadPage } from '../../../src/lib/reload-page';

vi.mock('../../../src/lib/reload-page', () => ({ reloadPage: vi.fn() }));

let failing = true;
function Fragile() {
  if (failing) throw new Error('boom');
  return <p>All good</p>;
}

function Harness() {
  return (
    <CrashBoundary>
      <Fragile />
    </CrashBoundary>
  );
}

describe('crash screen', () => {
  beforeEach(() => {
    failing = true;
    // React reports the caught error on the console; the test is about what the visitor sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  test('shows the spec title, text and both buttons', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText("Something went wrong. We're sorry, but something unexpected happened."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  test('Try Again renders the content again once it no longer fails', async () => {
    render(<Harness />);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  test('Try Again shows the crash screen again if the content still fails', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  test('Reload Page reloads the page', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
