import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage';
import { SESSION_HANDOFF_STORAGE_KEY, SESSION_HANDOFF_TTL_MS, takeSessionHandoff, writeSessionHandoff } from './session-handoff';

describe('the session hand-off to /login/callback/web', () => {
  it('is taken once by the same tab', () => {
    const storage = memoryStorage();
    writeSessionHandoff(storage, 'session-token-abc_123', 1_000);
    expect(takeSessionHandoff(storage, 2_000)).toBe('session-token-abc_123');
    expect(takeSessionHandoff(storage, 2_000)).toBeNull();
  });

  it('is refused when stale, from the future, or not written by the widget, and removed all the same', () => {
    const storage = memoryStorage();
    writeSessionHandoff(storage, 'token', 0);
    expect(takeSessionHandoff(storage, SESSION_HANDOFF_TTL_MS + 1)).toBeNull();
    writeSessionHandoff(storage, 'token', 5_000);
    expect(takeSessionHandoff(storage, 1_000)).toBeNull();
    for (const raw of ['not json', '{"token":1,"at":0}', '{"token":"<script>","at":0}', 'null', `{"token":"${'a'.repeat(600)}","at":0}`, '{"at":0}']) {
      storage.set(SESSION_HANDOFF_STORAGE_KEY, raw);
      expect(takeSessionHandoff(storage, 10)).toBeNull();
      expect(storage.get(SESSION_HANDOFF_STORAGE_KEY)).toBeNull();
    }
  });
});
