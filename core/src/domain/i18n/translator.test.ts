import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';

describe('translator', () => {
  it('renders English catalogue strings with parameters', () => {
    const i18n = createTranslator('en');
    expect(i18n.t('login.title')).toBe('Sign up or log in');
    expect(i18n.t('emailConfirmation.sentTo', { email: 'ada@example.com' })).toBe('An email was sent to ada@example.com');
  });

  it('renders literal provider text as given', () => {
    expect(createTranslator().text({ text: 'Server said <b>no</b>' })).toBe('Server said <b>no</b>');
  });

  it('falls back to English for an unknown locale and applies overrides', () => {
    const i18n = createTranslator('xx', { 'login.title': 'Welcome back' });
    expect(i18n.locale).toBe('en');
    expect(i18n.t('login.title')).toBe('Welcome back');
    expect(i18n.t('login.continue')).toBe('Continue');
  });

  it('leaves a placeholder visible when its parameter is missing', () => {
    expect(createTranslator().t('emailConfirmation.sentTo')).toBe('An email was sent to {email}');
  });
});
