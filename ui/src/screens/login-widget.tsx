import { loginView, openLoginFlow, type ReturnContext, type WidgetConfig } from '@vestibule/core';
import { useMemo, useState } from 'react';
import { ToastRegion } from '../components/toast-region';
import { useFlow } from '../hooks/use-flow';
import { useAuthCore } from '../provider';
import { EmailConfirmationScreen } from './email-confirmation-screen';
import { MainScreen } from './main-screen';

export interface LoginWidgetProps {
  readonly config: WidgetConfig;
  readonly returnContext: ReturnContext;
  /** Identifies the flow instance; a new key starts a fresh widget. */
  readonly flowKey: string;
  /** Seeds the e-mail field (what was typed into the pre-rendered page before it hydrated). */
  readonly initialEmail?: string;
}

/** The login widget: renders whichever screen the core's login flow is on. */
export function LoginWidget({ config, returnContext, flowKey, initialEmail }: LoginWidgetProps) {
  const core = useAuthCore();
  const { state, send } = useFlow(flowKey, () => openLoginFlow(core, flowKey, config, returnContext, initialEmail));
  const view = useMemo(() => loginView(state), [state]);
  // Focus moves to a screen's heading only after the user navigated, never on first load.
  const [leftMain, setLeftMain] = useState(false);
  if (view.screen !== 'main' && !leftMain) setLeftMain(true);

  return (
    <div className="vb-widget">
      {view.screen === 'main' ? (
        <MainScreen view={view.main} send={send} focusHeading={leftMain} />
      ) : (
        <EmailConfirmationScreen view={view.confirmation} send={send} />
      )}
      <ToastRegion />
    </div>
  );
}
