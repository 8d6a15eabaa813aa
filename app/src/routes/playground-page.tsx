import { OAUTH_PROVIDERS, OTP_METHODS, PRODUCTS, unbuiltProducts } from '@vestibule/core';
import { LoginWidget, useAuthCore } from '@vestibule/ui';
import { useMemo } from 'react';
import { PageShell } from './page-shell';
import { THEMES, parsePlaygroundQuery, playgroundSearch } from './playground-query';

const NO_RETURN = { redirect: null, source: null } as const;

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

/**
 * `/playground`: the widget with any configuration, kept in the URL so a link reproduces it.
 * The form is a plain GET form: it works before (and without) any script.
 */
export function PlaygroundPage({ search }: { search: string }) {
  const core = useAuthCore();
  const query = useMemo(() => parsePlaygroundQuery(search), [search]);
  const canonical = playgroundSearch(query);
  const unbuilt = unbuiltProducts(query.config);
  const { t } = core.i18n;

  return (
    <PageShell wide>
      <div className="app-playground">
        <form className="app-playground__controls" method="get" action="/playground">
          <h1 className="app-title">{t('playground.title')}</h1>
          <Checkboxes legend="Products" name="products" options={PRODUCTS} checked={query.config.products} />
          <Checkboxes legend="Passcode methods" name="otpMethods" options={OTP_METHODS} checked={query.config.otpOptions?.methods ?? []} />
          <Checkboxes
            legend="OAuth providers"
            name="oauthProviders"
            options={OAUTH_PROVIDERS}
            checked={(query.config.oauthOptions?.providers ?? []).map((provider) => provider.type)}
          />
          <label className="app-select">
            Theme{' '}
            <select name="theme" defaultValue={query.theme}>
              {THEMES.map((theme) => (
                <option key={theme}>{theme}</option>
              ))}
            </select>
          </label>
          <input type="hidden" name="locale" value={query.locale} />
          <button className="app-button" type="submit">
            Apply
          </button>
          <p className="app-note">
            Link to this configuration: <a href={`/playground${canonical}`}>/playground{canonical}</a>
          </p>
        </form>
        <div className="app-playground__preview">
          {query.ignored.length > 0 && (
            <p className="app-notice" role="status">
              {t('playground.unknownValues', { values: query.ignored.join(', ') })}
            </p>
          )}
          {unbuilt.length > 0 && (
            <p className="app-notice" role="status">
              {t('playground.notYetAvailable', { products: unbuilt.join(', ') })}
            </p>
          )}
          <div data-theme={query.theme} className="app-theme">
            <LoginWidget flowKey={`playground:${canonical}`} config={query.config} returnContext={NO_RETURN} />
          </div>
        </div>
      </div>
    </PageShell>
  );
}
