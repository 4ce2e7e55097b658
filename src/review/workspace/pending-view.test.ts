import { expect, test, vi } from 'vitest';
import { createPendingView } from './pending-view.ts';

/** A view over an address bar of its own, whose reads the test settles by hand. */
function setUp({
  address = 'stage=new',
  isRead = () => false,
}: { address?: string; isRead?: (next: URLSearchParams) => boolean } = {}) {
  const bar = { address, written: [] as Array<[string, boolean]> };
  const reads: Array<{ search: string; settle: (failed?: boolean) => void }> =
    [];
  const view = createPendingView(() => new URLSearchParams(bar.address));
  const listener = vi.fn();
  view.subscribe(listener);
  const options = (replace = false) => ({
    replace,
    isRead,
    read: (next: URLSearchParams) =>
      new Promise<void>((resolve, reject) =>
        reads.push({
          search: next.toString(),
          settle: (failed) => (failed ? reject(new Error('down')) : resolve()),
        }),
      ),
    write: (next: URLSearchParams, isReplacing: boolean) => {
      bar.address = next.toString();
      bar.written.push([bar.address, isReplacing]);
    },
  });
  return { view, options, bar, reads, listener };
}

/** Lets the reads' settling run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test('writes the address at once and holds the list shown until the new one is read', async () => {
  const { view, options, bar, reads, listener } = setUp();
  view.change({ country: 'GB' }, options());
  expect(bar.written).toEqual([['stage=new&country=GB', false]]);
  expect(reads.map((read) => read.search)).toEqual(['stage=new&country=GB']);
  expect(view.held()).toBe('stage=new');
  expect(listener).toHaveBeenCalledTimes(1);

  reads[0]?.settle();
  await settled();
  expect(view.held()).toBeNull();
  expect(listener).toHaveBeenCalledTimes(2);
});

test('holds nothing for a list already at hand', () => {
  const { view, options, bar, reads, listener } = setUp({
    isRead: () => true,
  });
  view.change({ open: 'a1' }, options());
  expect(bar.written).toEqual([['stage=new&open=a1', false]]);
  expect(reads).toEqual([]);
  expect(view.held()).toBeNull();
  expect(listener).not.toHaveBeenCalled();
});

test('keeps the first list held through a second change, until the last one asked is read', async () => {
  const { view, options, bar, reads } = setUp();
  view.change({ country: 'GB' }, options());
  view.change({ platform: 'instagram' }, options());
  expect(bar.address).toBe('stage=new&country=GB&platform=instagram');
  expect(view.held()).toBe('stage=new');

  reads[0]?.settle();
  await settled();
  expect(view.held()).toBe('stage=new');

  reads[1]?.settle();
  await settled();
  expect(view.held()).toBeNull();
});

test('lets the list follow when a change leads back to a list at hand, and again when the one read before it comes', async () => {
  const { view, options, reads } = setUp({
    isRead: (next) => next.toString() === 'stage=new',
  });
  view.change({ country: 'GB' }, options());
  view.change({ country: null }, options());
  expect(view.held()).toBeNull();
  reads[0]?.settle();
  await settled();
  expect(view.held()).toBeNull();
});

test('lets the list follow when its page failed, for it to say so', async () => {
  const { view, options, reads } = setUp();
  view.change({ country: 'GB' }, options());
  reads[0]?.settle(true);
  await settled();
  expect(view.held()).toBeNull();
});

test('replaces the address for what is typed', () => {
  const { view, options, bar } = setUp();
  view.change({ search: 'ann' }, options(true));
  expect(bar.written).toEqual([['stage=new&search=ann', true]]);
});

test('lets the list follow the address at once when it changes another way', async () => {
  const { view, options, reads } = setUp();
  view.change({ country: 'GB' }, options());
  view.drop();
  expect(view.held()).toBeNull();
  view.change({ platform: 'instagram' }, options());
  reads[0]?.settle();
  await settled();
  expect(view.held()).toBe('stage=new&country=GB');
});
