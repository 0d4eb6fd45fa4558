import { describe, expect, it, vi } from 'vitest';
import { refreshAcrossTabs } from '../../src/system/system';

function store(refreshToken: string) {
  localStorage.setItem('isLoggedIn', 'true');
  localStorage.setItem('accessToken', `access-${refreshToken}`);
  localStorage.setItem('refreshToken', refreshToken);
  localStorage.setItem('expiresAt', String(Date.now() + 60_000));
}

describe('token refresh shared by tabs', () => {
  it('refreshes with the server when storage still holds this tab’s refresh token', async () => {
    store('r1');
    const refresh = vi.fn(async () => ({ accessToken: 'a2', refreshToken: 'r2', expiresAt: 1 }));
    await expect(refreshAcrossTabs('r1', refresh)).resolves.toMatchObject({ refreshToken: 'r2' });
    expect(refresh).toHaveBeenCalledWith('r1');
  });

  it('takes the tokens another tab already refreshed instead of reusing a rotated refresh token', async () => {
    store('r2');
    const refresh = vi.fn();
    await expect(refreshAcrossTabs('r1', refresh)).resolves.toMatchObject({ accessToken: 'access-r2', refreshToken: 'r2' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes when nothing is stored (another tab logged out): the server decides', async () => {
    const refresh = vi.fn(async () => {
      throw new Error('INVALID_GRANT');
    });
    await expect(refreshAcrossTabs('r1', refresh)).rejects.toThrow('INVALID_GRANT');
  });
});
