import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStripeForm, FormDecodingError, keyPath } from './form-data';

/** The encoding the `stripe` SDK uses for bodies and query strings (its `stringifyRequestData`). */
function encodeLikeTheSdk(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const encode = (key: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((item, index) => encode(`${key}[${index}]`, item));
    else if (typeof value === 'object' && value !== null) {
      for (const [child, entry] of Object.entries(value)) encode(`${key}[${child}]`, entry);
    } else
      pairs.push(
        `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(value))}`,
      );
  };
  for (const [key, value] of Object.entries(data)) encode(key, value);
  return pairs.join('&');
}

describe('Stripe form decoding', () => {
  it('reads bracketed keys into objects and indexed keys into arrays', () => {
    expect(
      decodeStripeForm(
        'customer=cus_1&items[0][price]=price_a&items[1][price]=price_b&items[1][metadata][k]=v&metadata[tenant_id]=t1&expand[]=latest_invoice&expand[]=customer',
      ),
    ).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a' }, { price: 'price_b', metadata: { k: 'v' } }],
      metadata: { tenant_id: 't1' },
      expand: ['latest_invoice', 'customer'],
    });
  });

  it('decodes percent-escapes and plus signs, keeps empty values as "unset", and orders indexes numerically', () => {
    expect(
      decodeStripeForm('name=Acme+Ltd&email=a%2Bb%40c.test&description=&tiers[10][up_to]=inf&tiers[2][up_to]=5'),
    ).toEqual({
      name: 'Acme Ltd',
      email: 'a+b@c.test',
      description: '',
      tiers: [{ up_to: '5' }, { up_to: 'inf' }],
    });
    expect(decodeStripeForm('expand%5B0%5D=tiers')).toEqual({ expand: ['tiers'] });
  });

  it('refuses keys that clash or reach the prototype', () => {
    for (const text of ['a=1&a[b]=2', 'a[b]=2&a=1', '__proto__[x]=1', 'metadata[constructor]=1', 'a[b=1', 'a]b[=1']) {
      expect(() => decodeStripeForm(text), text).toThrow(FormDecodingError);
    }
    expect(keyPath('items[0][price]')).toEqual(['items', '0', 'price']);
  });

  it('reads back whatever the SDK encodes', () => {
    const key = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
    const leaf = fc.string({ maxLength: 12 }).filter((text) => text !== '');
    const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
        leaf,
        fc.array(tie('node'), { minLength: 1, maxLength: 12 }),
        fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }), (data) => {
        expect(decodeStripeForm(encodeLikeTheSdk(data))).toEqual(data);
      }),
    );
  });
});
