import { isAuthorized } from '../domain/rbac/rbac-policy';
import { stream } from '../flows/stream';
import { providerCall, type CallRuntime } from '../flows/provider-call';
import type { Unsubscribable } from '../ports/scheduler.port';
import { ok, type Result } from '../domain/errors/auth-error';
import type { CallOptions } from '../ports/call-options';
import type { ProjectSettingsPort, RbacPolicy } from '../ports/project-settings.port';
import type { SessionState } from '../state/session.store';
import { createStore, interoperable, readonlyStore, type ReadableStore } from '../state/store';

/** What {@link createPermissions} reads: the session store and the project-settings port (`core.host` has both). */
export type PermissionsHost = CallRuntime & {
  readonly ports: { readonly projectSettings: ProjectSettingsPort };
  readonly session: ReadableStore<SessionState>;
};

/** The permissions of whoever is signed in now, as one snapshot. */
export interface PermissionsState {
  /**
   * `loading` until the role policy has been fetched and the provider has said who is signed in;
   * `unavailable` when the policy could not be fetched (no permission is assumed, and the fetch
   * is tried again at the session's next change); `ready` otherwise, signed out included.
   */
  readonly status: 'loading' | 'ready' | 'unavailable';
  /**
   * May the signed-in user do `action` on `resourceId` (SPEC §6)? `false` while loading, when
   * signed out or the session is unavailable, and when the policy is unavailable or absent.
   */
  can(resourceId: string, action: string): boolean;
}

/**
 * The role policy as a query any front end can ask without React: a store of
 * {@link PermissionsState} that follows the session (a role gained or lost is answered without a
 * reload) and the policy's arrival.
 */
export interface Permissions extends ReadableStore<PermissionsState> {
  /** The current answer: `getSnapshot().can(resourceId, action)`. */
  can(resourceId: string, action: string): boolean;
  /** The answer for one resource and action as a store of its own: it reports only when the answer flips. */
  watch(resourceId: string, action: string): ReadableStore<boolean>;
  /** Stops following the session and abandons a fetch in flight. */
  dispose(): void;
}

type PolicyFetch = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'loaded'; readonly policy: RbacPolicy | null };

const LOADING: PermissionsState = { status: 'loading', can: () => false };
const UNAVAILABLE: PermissionsState = { status: 'unavailable', can: () => false };

const sameRoles = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((role, index) => role === b[index]));

/**
 * Answers "may this user do action A on resource R?" from the provider's role policy (the
 * project settings' `rbacPolicy`, fetched once through the port, which keeps it for the page) and
 * the signed-in user's role ids (the session store, which publishes a change of roles). A policy
 * that cannot be fetched, or that the provider did not send, grants nothing: the failure is logged
 * and the answer is `false`, as the provider's own SDK does. Create it where permissions are
 * asked about (it is not part of a page's first load); `dispose` it with the page.
 *
 * @example
 * const permissions = createPermissions(core.host);
 * const canEdit = permissions.watch('documents', 'edit');
 * const render = () => (editButton.hidden = !canEdit.getSnapshot());
 * render();
 * canEdit.subscribe(render);
 */
/** The project's role policy; a port that cannot read one has none (no permissions). */
const policyOf = (host: PermissionsHost, options: CallOptions): Promise<Result<RbacPolicy | null>> =>
  host.ports.projectSettings.rbacPolicy?.(options) ?? Promise.resolve(ok(null));

export function createPermissions(host: PermissionsHost): Permissions {
  let fetched: PolicyFetch = { status: 'loading' };
  let roles: readonly string[] | null = null;
  let fetching: Unsubscribable | null = null;

  const evaluate = (current: PermissionsState): PermissionsState => {
    const session = host.session.getSnapshot();
    if (fetched.status === 'loading' || session.status === 'unknown') return LOADING;
    if (fetched.status === 'failed') return UNAVAILABLE;
    const nextRoles = session.status === 'authenticated' ? session.user.roles : null;
    // A refresh or a metadata change re-reports the user: the same roles keep the same answer.
    if (current.status === 'ready' && sameRoles(roles, nextRoles)) return current;
    roles = nextRoles;
    const { policy } = fetched;
    return { status: 'ready', can: (resourceId, action) => nextRoles !== null && isAuthorized(policy, nextRoles, resourceId, action) };
  };

  const store = createStore<PermissionsState>(LOADING);
  const refresh = () => store.update(evaluate);

  const fetchPolicy = () => {
    // Nothing is shown for a failure here, so no error messages need loading first.
    const quiet: CallRuntime = { ...host, prepareErrorDisplay: () => Promise.resolve() };
    fetching = providerCall(quiet, (options) => policyOf(host, options), (result) => result).subscribe((result) => {
      fetching = null;
      if (!result.ok) {
        host.logger.error('The role policy could not be fetched: no permissions are assumed', result.error);
        fetched = { status: 'failed' };
      } else {
        const policy = result.value;
        if (policy === null) host.logger.error('The provider sent no role policy: no permissions are assumed');
        fetched = { status: 'loaded', policy };
      }
      refresh();
    });
  };

  const unsubscribeSession = host.session.subscribe(() => {
    // A failed fetch is tried again when the session changes (a sign-in, a role change).
    if (fetched.status === 'failed' && fetching === null) fetchPolicy();
    refresh();
  });
  fetchPolicy();
  // The session may have been answered before this was created; the fetch may have answered at once.
  refresh();

  const can = (resourceId: string, action: string) => store.getSnapshot().can(resourceId, action);
  const watch = (resourceId: string, action: string): ReadableStore<boolean> => {
    const answer = () => can(resourceId, action);
    /** Reports `onAnswer` with each answer that differs from the last one reported. */
    const follow = (onAnswer: (next: boolean) => void, last: boolean) =>
      store.subscribe(() => {
        const next = answer();
        if (next === last) return;
        last = next;
        onAnswer(next);
      });
    return {
      getSnapshot: answer,
      subscribe: (onChange) => follow(() => onChange(), answer()),
      state$: interoperable(
        stream<boolean>((subscriber) => {
          const first = answer();
          subscriber.next(first);
          return follow((next) => subscriber.next(next), first);
        }),
      ),
    };
  };

  return {
    ...readonlyStore(store),
    can,
    watch,
    dispose: () => {
      fetching?.unsubscribe();
      fetching = null;
      unsubscribeSession();
    },
  };
}
