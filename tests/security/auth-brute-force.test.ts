import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../server/services/auth/tokens.ts';
import { rest } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

// The API trusts X-Forwarded-For from loopback (a local proxy), which lets this test speak as
// several client addresses.
let service: TestService;
let token: string;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', AUTH_FAILURE_LIMIT: '5', AUTH_FAILURE_WINDOW_SECONDS: '600' });
  token = (await newWorkspace(service)).token;
});
afterAll(async () => service?.stop());

describe('token brute force', () => {
  it('an address that presents too many invalid tokens gets 429 with Retry-After; other addresses are unaffected', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    const guesses = rest(service.url, mintToken().token);
    // Five invalid tokens are answered 401; the sixth attempt is refused.
    for (let i = 0; i < 5; i += 1) {
      const res = await rest(service.url, mintToken().token).get('/me', attacker);
      expect(res.status, `guess ${i}`).toBe(401);
    }
    const sixth = await guesses.get('/me', attacker);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe('rate_limited');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Blocked: even a valid token from that address waits for the window.
    expect((await rest(service.url, token).get('/me', attacker)).status).toBe(429);
    // Another address is not affected; missing tokens do not count as guesses.
    expect((await rest(service.url, token).get('/me', { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await rest(service.url).get('/me', { 'x-forwarded-for': '198.51.100.10' })).status).toBe(401);
    expect((await rest(service.url, token).get('/me', { 'x-forwarded-for': '198.51.100.10' })).status).toBe(200);
  });
});
