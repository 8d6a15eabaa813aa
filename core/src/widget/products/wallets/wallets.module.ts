import type { ProductModule } from '../../widget.types';
import { walletsEffectFailure, interpretWalletsEffect } from './wallets.effects';
import { enterWallets, walletsSnapshot, walletsTransition, resumeWallets } from './wallets.machine';
import type { WalletsEffect, WalletsEvent, WalletsState, WalletsView } from './wallets.types';
import { walletsView } from './wallets.view';

/** The wallets product, loaded when the visitor first enters it. */
export const walletsModule: ProductModule<WalletsState, WalletsEvent, WalletsEffect, WalletsView> = {
  id: 'wallets',
  enter: enterWallets,
  transition: walletsTransition,
  interpret: interpretWalletsEffect,
  onEffectFailure: walletsEffectFailure,
  view: walletsView,
  snapshot: walletsSnapshot,
  resume: resumeWallets,
};
