import { useEffect, useState } from 'react';

type Formatter = (e164: string) => string;

let formatter: Formatter | null = null;
let loading: Promise<Formatter> | null = null;

function loadFormatter(): Promise<Formatter> {
  loading ??= import('@shared/domain/phone-format').then((module) => (formatter = module.formatPhoneNumber));
  return loading;
}

/**
 * A stored E.164 number in international format, for screens on a first load (the dashboard's agent cards): the
 * formatter's metadata loads after the page, which shows the number as stored until then.
 */
export function PhoneNumberText({ value }: { value: string }) {
  const [format, setFormat] = useState<Formatter | null>(() => formatter);
  useEffect(() => {
    if (format) return;
    let current = true;
    void loadFormatter().then((loaded) => current && setFormat(() => loaded));
    return () => {
      current = false;
    };
  }, [format]);
  return <>{format ? format(value) : value}</>;
}
