import { describe, expect, it } from 'vitest';
import { disclosureHeard, openingWords } from './disclosure';

const turns = (...messages: string[]) => messages.map((message) => ({ role: 'agent', message }));

describe('disclosure check', () => {
  it('hears an automated caller naming the business in the first words, whatever the case and punctuation', () => {
    const opening = openingWords(turns('Hi, this is the AUTOMATED assistant calling for Demo Dental Clinic. Kia ora!'));
    expect(disclosureHeard(opening, 'Demo Dental Clinic')).toBe(true);
    expect(disclosureHeard(openingWords(turns("Hello, I'm an AI assistant from Demo-Dental.")), 'Demo Dental')).toBe(
      true,
    );
  });

  it('flags an opening without the automated words or without the business name', () => {
    expect(disclosureHeard(openingWords(turns('Kia ora, this is Demo Dental Clinic calling.')), 'Demo Dental')).toBe(
      false,
    );
    expect(disclosureHeard(openingWords(turns('Hi, this is an automated assistant calling.')), 'Demo Dental')).toBe(
      false,
    );
  });

  it('reads only the agent’s opening words, not the caller’s or later ones', () => {
    const late = [...turns(`Hello ${'there '.repeat(70)}`), ...turns('I am an automated assistant for Demo Dental')];
    expect(disclosureHeard(openingWords(late), 'Demo Dental')).toBe(false);
    const callerSaysIt = [{ role: 'user', message: 'Is this an automated call from Demo Dental?' }];
    expect(disclosureHeard(openingWords(callerSaysIt), 'Demo Dental')).toBe(false);
  });
});
