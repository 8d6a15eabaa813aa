import { appPath, withReturnContext, type ReturnContext, type SafePath } from '@vestibule/core';
import { ROUTE_PATHS } from '../route-paths';

// Apart from return-paths.ts (first load): only the lazily loaded return pages link back to /login.

/** `/login` carrying the return context, for links back into the sign-in. */
export const loginPath = (context: ReturnContext): SafePath => withReturnContext(appPath(ROUTE_PATHS.login), context);
