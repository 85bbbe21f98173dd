/**
 * Money: every amount is an integer count of a currency's minor units (cents for NZD, USD and AUD) with its ISO 4217
 * code, lower case at the API and in the database. Vendors may charge in another currency than the tenant's; their
 * charge is converted here, at a configured rate for that exact pair, never at a guessed one.
 */

/** Rates by pair, `from:to` in lower case (e.g. 'usd:nzd'): units of `to` for one unit of `from`. */
export type CurrencyRates = Readonly<Record<string, number>>;

/** A conversion between two currencies for which no rate is configured. */
export class UnknownCurrencyPairError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(
      `No rate is configured from ${from.toUpperCase()} to ${to.toUpperCase()}; ` +
        `add ${from.toUpperCase()}:${to.toUpperCase()}=<rate> to CURRENCY_RATES`,
    );
    this.name = 'UnknownCurrencyPairError';
  }
}

const pairKey = (from: string, to: string) => `${from.toLowerCase()}:${to.toLowerCase()}`;

const minorDigits = new Map<string, number>();

/** How many decimals the currency's minor unit has (2 for NZD and USD, 0 for JPY), as Intl knows it. */
export function minorUnitDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = minorDigits.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
    minorDigits.set(code, digits);
  }
  return digits;
}

/** Units of `to` for one unit of `from`: 1 for the same currency, the configured rate otherwise. */
export function currencyRate(from: string, to: string, rates: CurrencyRates): number {
  if (from.toLowerCase() === to.toLowerCase()) return 1;
  const rate = rates[pairKey(from, to)];
  if (rate === undefined) throw new UnknownCurrencyPairError(from, to);
  return rate;
}

/**
 * A vendor's charge in millionths of a unit of `from` (vendors bill fractions of a cent) as whole minor units of
 * `to`. Rounding: to the nearest minor unit, halves up; a negative charge (a vendor's credit) counts as nothing.
 */
export function convertMicros(amountMicros: number, from: string, to: string, rates: CurrencyRates): number {
  const rate = currencyRate(from, to, rates);
  const minor = (Math.max(0, amountMicros) / 1_000_000) * rate * 10 ** minorUnitDigits(to);
  return Math.round(minor);
}

const PAIR = /^([a-z]{3}):([a-z]{3})=(.+)$/i;

/**
 * Reads a rate table written `USD:NZD=1.7,USD:AUD=1.5`: three-letter codes, a positive rate per pair. Throws on a
 * malformed entry, a rate that is not a positive number, or a pair given twice.
 */
export function parseCurrencyRates(text: string): CurrencyRates {
  const rates: Record<string, number> = {};
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const match = PAIR.exec(entry);
    const rate = match ? Number(match[3]) : Number.NaN;
    if (!match || !Number.isFinite(rate) || rate <= 0) {
      throw new Error(`CURRENCY_RATES: "${entry}" is not FROM:TO=<positive rate>, e.g. USD:NZD=1.7`);
    }
    const key = pairKey(match[1]!, match[2]!);
    if (key in rates) throw new Error(`CURRENCY_RATES: ${entry.split('=')[0]} is given twice`);
    rates[key] = rate;
  }
  return rates;
}
