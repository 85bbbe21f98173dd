/** The emulated Twilio number stock: the same numbers on every machine and every start. */

export type InventoryCountry = 'NZ' | 'AU' | 'US';
/** Twilio's number types, as the AvailablePhoneNumbers paths name them. */
export type NumberType = 'Local' | 'Mobile' | 'TollFree';

export interface InventoryNumber {
  phoneNumber: string;
  friendlyName: string;
  isoCountry: InventoryCountry;
  /** Mobile and toll-free numbers belong to no place: Twilio answers null for these. */
  region: string | null;
  locality: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  rateCenter: string | null;
  lata: string | null;
  /** Upper-case SMS and MMS, as Twilio spells them in available-number capabilities. */
  capabilities: { voice: boolean; SMS: boolean; MMS: boolean; fax: boolean };
}

export interface InventoryQuery {
  areaCode?: string;
  contains?: string;
  voiceEnabled?: boolean;
  smsEnabled?: boolean;
  limit: number;
}

interface Area {
  /** The national significant number's leading digits: what a caller dials after the country code. */
  prefix: string;
  region: string | null;
  locality: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  lata?: string;
}

interface CountryPlan {
  /** Digits after the prefix. */
  subscriberDigits: number;
  /** Fixed leading subscriber digits: ranges set aside for fiction where the regulator has one. */
  reservedStart: string;
  format(nationalNumber: string, area: Area): string;
  areas: Area[];
}

const NUMBERS_PER_AREA = 25;
const DIAL_CODES: Record<InventoryCountry, string> = { NZ: '64', AU: '61', US: '1' };

/**
 * The types each country sells, as Twilio offers them: local numbers everywhere, toll-free in the US (which has no
 * mobile type: Twilio answers 404 there), mobile in Australia.
 */
const PLANS: Record<InventoryCountry, Partial<Record<NumberType, CountryPlan>>> = {
  NZ: {
    Local: {
      subscriberDigits: 7,
      reservedStart: '555',
      format: (n, area) => `0${area.prefix} ${n.slice(1, 4)} ${n.slice(4)}`,
      areas: [
        area('9', 'Auckland', 'Auckland', '1010', -36.8485, 174.7633),
        area('4', 'Wellington', 'Wellington', '6011', -41.2865, 174.7762),
        area('3', 'Canterbury', 'Christchurch', '8011', -43.5321, 172.6362),
        area('7', 'Waikato', 'Hamilton', '3204', -37.787, 175.2793),
        area('6', 'Manawatu-Whanganui', 'Palmerston North', '4410', -40.3523, 175.6082),
      ],
    },
  },
  AU: {
    Local: {
      subscriberDigits: 8,
      reservedStart: '5550',
      format: (n, area) => `(0${area.prefix}) ${n.slice(1, 5)} ${n.slice(5)}`,
      areas: [
        area('2', 'NSW', 'Sydney', '2000', -33.8688, 151.2093),
        area('3', 'VIC', 'Melbourne', '3000', -37.8136, 144.9631),
        area('7', 'QLD', 'Brisbane', '4000', -27.4698, 153.0251),
        area('8', 'WA', 'Perth', '6000', -31.9523, 115.8613),
      ],
    },
    Mobile: {
      subscriberDigits: 8,
      // 0491 570 xxx: the regulator's range for fiction.
      reservedStart: '91570',
      format: (n) => `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
      areas: [nationwide('4')],
    },
  },
  US: {
    Local: {
      subscriberDigits: 7,
      reservedStart: '55501',
      format: (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
      areas: [
        area('415', 'CA', 'San Francisco', '94103', 37.7749, -122.4194, '722'),
        area('212', 'NY', 'New York', '10001', 40.7128, -74.006, '132'),
        area('312', 'IL', 'Chicago', '60601', 41.8781, -87.6298, '358'),
        area('206', 'WA', 'Seattle', '98101', 47.6062, -122.3321, '674'),
        area('512', 'TX', 'Austin', '78701', 30.2672, -97.7431, '558'),
        area('305', 'FL', 'Miami', '33101', 25.7617, -80.1918, '460'),
      ],
    },
    TollFree: {
      subscriberDigits: 7,
      reservedStart: '55501',
      format: (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
      areas: [nationwide('800'), nationwide('888'), nationwide('877')],
    },
  },
};

/** A range that belongs to no place (mobile, toll-free). */
function nationwide(prefix: string): Area {
  return { prefix, region: null, locality: null, postalCode: null, latitude: null, longitude: null };
}

function planOf(country: InventoryCountry, type: NumberType): CountryPlan | undefined {
  return PLANS[country][type];
}

function area(
  prefix: string,
  region: string,
  locality: string,
  postalCode: string,
  latitude: number,
  longitude: number,
  lata?: string,
): Area {
  return { prefix, region, locality, postalCode, latitude, longitude, lata };
}

/** A small seeded generator (mulberry32), so the stock never depends on Math.random. */
function seededRandom(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function areaNumbers(country: InventoryCountry, plan: CountryPlan, entry: Area): InventoryNumber[] {
  const random = seededRandom(`${country}:${entry.prefix}`);
  const freeDigits = plan.subscriberDigits - plan.reservedStart.length;
  const seen = new Set<string>();
  const numbers: InventoryNumber[] = [];
  while (numbers.length < NUMBERS_PER_AREA) {
    const tail = String(Math.floor(random() * 10 ** freeDigits)).padStart(freeDigits, '0');
    if (seen.has(tail)) continue;
    seen.add(tail);
    const national = `${entry.prefix}${plan.reservedStart}${tail}`;
    const sms = country === 'US' ? random() < 0.9 : random() < 0.6;
    numbers.push({
      phoneNumber: `+${DIAL_CODES[country]}${national}`,
      friendlyName: plan.format(national, entry),
      isoCountry: country,
      region: entry.region,
      locality: entry.locality,
      postalCode: entry.postalCode,
      latitude: entry.latitude,
      longitude: entry.longitude,
      rateCenter:
        country === 'US' && entry.locality ? entry.locality.toUpperCase().replace(/\s+/g, '').slice(0, 10) : null,
      lata: entry.lata ?? null,
      capabilities: { voice: random() < 0.92, SMS: sms, MMS: country === 'US' && sms, fax: false },
    });
  }
  return numbers.sort((a, b) => a.phoneNumber.localeCompare(b.phoneNumber));
}

const stock = new Map<string, InventoryNumber[]>();

/**
 * Every number of a type the emulator can sell in a country, areas interleaved so an unfiltered search shows several;
 * none for a type the country does not have.
 */
export function countryInventory(country: InventoryCountry, type: NumberType = 'Local'): InventoryNumber[] {
  const cached = stock.get(`${country}:${type}`);
  if (cached) return cached;
  const plan = planOf(country, type);
  if (!plan) return [];
  const perArea = plan.areas.map((entry) => areaNumbers(country, plan, entry));
  const numbers: InventoryNumber[] = [];
  for (let index = 0; index < NUMBERS_PER_AREA; index += 1) {
    for (const list of perArea) {
      const next = list[index];
      if (next) numbers.push(next);
    }
  }
  stock.set(`${country}:${type}`, numbers);
  return numbers;
}

export function isInventoryCountry(country: string): country is InventoryCountry {
  return Object.hasOwn(PLANS, country);
}

/** Whether Twilio sells that type of number in the country at all (a search for another type is a 404). */
export function sellsNumberType(country: InventoryCountry, type: NumberType): boolean {
  return planOf(country, type) !== undefined;
}

export function findInventoryNumber(phoneNumber: string): InventoryNumber | undefined {
  for (const country of Object.keys(PLANS) as InventoryCountry[]) {
    for (const type of Object.keys(PLANS[country]) as NumberType[]) {
      const found = countryInventory(country, type).find((entry) => entry.phoneNumber === phoneNumber);
      if (found) return found;
    }
  }
  return undefined;
}

const KEYPAD: Record<string, string> = Object.fromEntries(
  ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqrs', 'tuv', 'wxyz'].flatMap((letters, index) =>
    [...letters].map((letter) => [letter, String(index + 2)]),
  ),
);

/** Twilio's Contains: digits, letters as on a keypad, `*` for any one digit, anywhere in the number. */
export function matchesContains(phoneNumber: string, pattern: string): boolean {
  const digits = phoneNumber.replace(/\D/g, '');
  const wanted = [...pattern.toLowerCase()].map((char) => KEYPAD[char] ?? char).join('');
  if (!/^[0-9*]+$/.test(wanted)) return false;
  const regex = new RegExp(wanted.replace(/\*/g, '\\d'));
  return regex.test(digits);
}

/** The area code as a person types it: a leading trunk 0 (NZ, AU) is allowed. */
function matchesAreaCode(entry: InventoryNumber, areaCode: string): boolean {
  const national = entry.phoneNumber.slice(DIAL_CODES[entry.isoCountry].length + 1);
  const wanted = entry.isoCountry === 'US' ? areaCode : areaCode.replace(/^0/, '');
  return wanted.length > 0 && national.startsWith(wanted);
}

export function searchInventory(
  country: InventoryCountry,
  type: NumberType,
  query: InventoryQuery,
  isTaken: (phoneNumber: string) => boolean,
): InventoryNumber[] {
  return countryInventory(country, type)
    .filter(
      (entry) =>
        !isTaken(entry.phoneNumber) &&
        (!query.areaCode || matchesAreaCode(entry, query.areaCode)) &&
        (!query.contains || matchesContains(entry.phoneNumber, query.contains)) &&
        (!query.voiceEnabled || entry.capabilities.voice) &&
        (!query.smsEnabled || entry.capabilities.SMS),
    )
    .slice(0, query.limit);
}
