import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../lib/lazy-page';
import { LoadOnOpen } from './load-on-open';

let loads = 0;
const Dialog = lazyPage(async () => {
  loads += 1;
  return { default: ({ open }: { open: boolean }) => <p>{open ? 'dialog open' : 'dialog closed'}</p> };
});

describe('LoadOnOpen', () => {
  it('asks for its code only once opened, then keeps it mounted when it closes', async () => {
    const { rerender } = render(
      <LoadOnOpen open={false}>
        <Dialog open={false} />
      </LoadOnOpen>,
    );
    expect(loads).toBe(0);
    expect(screen.queryByText(/dialog/)).not.toBeInTheDocument();

    rerender(
      <LoadOnOpen open>
        <Dialog open />
      </LoadOnOpen>,
    );
    expect(await screen.findByText('dialog open')).toBeInTheDocument();
    expect(loads).toBe(1);

    rerender(
      <LoadOnOpen open={false}>
        <Dialog open={false} />
      </LoadOnOpen>,
    );
    // Still there, so a dialog closes with its animation.
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
  });
});
