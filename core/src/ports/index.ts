export type * from './auth-provider.port';
export type * from './navigation.port';
export type * from './logger.port';
