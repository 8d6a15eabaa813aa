import { BUNDLED_LOCALES, OAUTH_PROVIDERS, OTP_METHODS, PRODUCTS, unbuiltProducts, ALL_PRODUCTS } from '@vestibule/core';
import { LoginWidget, RichMessage, useI18n } from '@vestibule/ui';
import { useMemo } from 'react';
import { PageShell } from './page-shell';
import { OTP_EXPIRATION_CHOICES, THEMES, parsePlaygroundQuery, playgroundSearch } from './playground-query';
import { SHOW_DEVELOPER_MESSAGES } from '../developer-messages';

const NO_RETURN = { redirect: null, source: null } as const;
const NAMESPACES = ['main', 'pages'] as const;

function Checkboxes({ legend, name, options, checked }: { legend: string; name: string; options: readonly string[]; checked: readonly string[] }) {
  return (
    <fieldset className="app-fieldset">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="app-check">
          <input type="checkbox" name={name} value={option} defaultChecked={checked.includes(option)} /> {option}
        </label>
      ))}
    </fieldset>
  );
}

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/**
 * `/playground`: the widget with any configuration, kept in the URL so a link reproduces it.
 * The form is a plain GET form: it works before (and without) any script.
 */
export default function PlaygroundPage({ search }: { search: string }) {
  const query = useMemo(() => parsePlaygroundQuery(search), [search]);
  const canonical = playgroundSearch(query);
  const unbuilt = unbuiltProducts(query.config);
  const { t } = useI18n(NAMESPACES);
  // Counts and the playground's own parameter names only: what a link carries is never echoed.
  const ignoredNotes = [
    ...(query.ignored.settings > 0 ? [t('playground.unknownSettings', { count: query.ignored.settings })] : []),
    ...query.ignored.values.map(({ param, count }) => t('playground.unknownValues', { param, count })),
  ];

  return (
    <PageShell wide>
      <div className="app-playground">
        <form className="app-playground__controls" method="get" action="/playground">
          <h1 className="app-title">{t('playground.title')}</h1>
          {/* With every box unticked a form sends no `products` at all, which reads as the default;
              this empty value makes it `?products=`, an empty list the preview says it cannot show. */}
          <input type="hidden" name="products" value="" />
          <Checkboxes legend={t('playground.products')} name="products" options={PRODUCTS} checked={query.config.products} />
          <Checkboxes legend={t('playground.otpMethods')} name="otpMethods" options={OTP_METHODS} checked={query.config.otpOptions?.methods ?? []} />
          <label className="app-select">
            {t('playground.otpExpiration')}{' '}
            {/* Empty by default: requests then state no expiry and the project's applies (SPEC §9). */}
            <select name="otpExpirationMinutes" defaultValue={query.config.otpOptions?.expirationMinutes?.toString() ?? ''}>
              <option value="">{t('playground.otpExpirationProject')}</option>
              {OTP_EXPIRATION_CHOICES.map((minutes) => (
                <option key={minutes}>{minutes}</option>
              ))}
            </select>
          </label>
          <Checkboxes
            legend={t('playground.oauthProviders')}
            name="oauthProviders"
            options={OAUTH_PROVIDERS}
            checked={(query.config.oauthOptions?.providers ?? []).map((provider) => provider.type)}
          />
          <label className="app-select">
            {t('playground.theme')}{' '}
            <select name="theme" defaultValue={query.theme}>
              {THEMES.map((theme) => (
                <option key={theme}>{theme}</option>
              ))}
            </select>
          </label>
          <label className="app-select">
            {t('playground.locale')}{' '}
            <select name="locale" defaultValue={query.locale}>
              {[...new Set([...BUNDLED_LOCALES, query.locale])].map((locale) => (
                <option key={locale}>{locale}</option>
              ))}
            </select>
          </label>
          <button className="app-button" type="submit">
            {t('playground.apply')}
          </button>
          <p className="app-note">
            <RichMessage id="playground.linkToConfig" values={{ link: <a href={`/playground${canonical}`}>/playground{canonical}</a> }} />
          </p>
        </form>
        <div className="app-playground__preview">
          {ignoredNotes.length > 0 && (
            <p className="app-notice" role="status">
              {ignoredNotes.join(' ')}
            </p>
          )}
          {unbuilt.length > 0 && (
            <p className="app-notice" role="status">
              {t('playground.notYetAvailable', { products: unbuilt.join(', ') })}
            </p>
          )}
          {query.config.products.length === 0 ? (
            <p className="app-notice" role="status">
              {t('playground.noProducts')}
            </p>
          ) : (
            <div data-theme={query.theme} className="app-theme">
              <LoginWidget products={ALL_PRODUCTS} flowKey={`playground:${canonical}`} config={query.config} returnContext={NO_RETURN} locale={query.locale} productionHost={query.oneTap !== null} developerMessages={SHOW_DEVELOPER_MESSAGES} />
            </div>
          )}
        </div>
      </div>
    </PageShell>
  );
}
