// reflect-metadata is needed by inversify even without decorators; it is imported here only.
import 'reflect-metadata';
import '@vestibule/ui/styles.css';
import './app.css';
import { AuthCoreProvider } from '@vestibule/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createContainer } from './composition/container';
import { readEnvironment } from './composition/environment';
import { TOKENS } from './composition/tokens';
import { resolveRoute } from './router';

const route = resolveRoute(window.location, window.history);
const core = createContainer(readEnvironment(import.meta.env, window.location.origin)).get(TOKENS.AuthCore);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <AuthCoreProvider core={core}>
      <App route={route} />
    </AuthCoreProvider>
  </StrictMode>,
);
