import { createHmac, createSecretKey } from 'node:crypto';
import { createJwtSigner } from '../../server/src/lib/jwt';
import { interleave, timeLoop, type BenchResult } from './harness';

/** H3: verifying an access token against a raw HMAC-SHA256 check plus JSON parse of the same token. */
export async function benchTokenVerify(): Promise<BenchResult> {
  const secret = 'bench-secret-0123456789-0123456789-abcdef';
  const signer = createJwtSigner(secret, { issuer: 'parley', audience: 'parley-api', maxLifetimeSec: 900 });
  const now = Math.floor(Date.now() / 1000);
  const token = signer.sign({ typ: 'access', sub: 'user-1', tid: 'tenant-1', role: 'admin', bst: 'active' }, 900, now);
  const key = createSecretKey(Buffer.from(secret));
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const iterations = 20_000;
  const { ours, bare } = await interleave(
    7,
    () => timeLoop(iterations, () => signer.verify(token, now)),
    () =>
      timeLoop(iterations, () => {
        const mac = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
        if (mac === signature) JSON.parse(Buffer.from(payload, 'base64url').toString());
      }),
  );
  const ratio = ours / bare;
  return {
    id: 'H3',
    workload: 'access-token verification (µs per token)',
    ours,
    limit: bare,
    unit: 'µs',
    ratio,
    target: '≤ 3×',
    pass: ratio <= 3,
  };
}
