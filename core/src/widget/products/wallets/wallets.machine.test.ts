import { describe, expect, it } from 'vitest';
import { authError } from '../../../domain/errors/auth-error';
import { ALL_PRODUCTS } from '../../all-products';
import type { ProductContext } from '../../widget.types';
import { enterWallets, walletsSnapshot, walletsTransition, resumeWallets } from './wallets.machine';

const context: ProductContext = {
  now: 0,
  input: { config: { products: ['emailMagicLinks', 'crypto'] }, returnContext: { redirect: null, source: null }, origin: 'http://localhost', products: ALL_PRODUCTS },
  senderDomain: null,
  passwordRule: null,
};
const entered = () => enterWallets({ type: 'slotAction', product: 'wallets', email: '', detail: null }, context).state;

describe('wallets machine', () => {
  it('opens its first screen, idle', () => {
    expect(entered()).toEqual({ screen: 'start', error: null, busy: false });
  });

  it('is busy while its call runs, and makes one call however often Continue is pressed', () => {
    const submitted = walletsTransition(entered(), { type: 'submitted' }, context);
    expect(submitted.state.busy).toBe(true);
    expect(submitted.effects).toEqual([{ type: 'walletsCall', key: 'wallets:call' }]);
    expect(walletsTransition(submitted.state, { type: 'submitted' }, context).effects).toEqual([]);
  });

  it('shows a failure and reports it', () => {
    const submitted = walletsTransition(entered(), { type: 'submitted' }, context);
    const error = authError('network_unreachable');
    const failed = walletsTransition(submitted.state, { type: 'failed', error }, context);
    expect(failed.state).toEqual({ screen: 'start', busy: false, error: { key: 'error.network_unreachable' } });
    expect(failed.effects).toEqual([{ type: 'reportError', error }]);
  });

  it('a reload brings its screen back from the record it stored, and refuses any other record', () => {
    expect(resumeWallets(walletsSnapshot(entered()), context)?.state).toEqual(entered());
    expect(resumeWallets({ screen: '<img src=x onerror=alert(1)>' }, context)).toBeNull();
  });
});
