import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fillMessageTemplate,
  MACHINE_HANDLING_DEFAULT,
  messageFor,
  readMachineHandling,
  templateVariables,
} from './machine-handling';

describe('voicemail message template', () => {
  it('fills variables from the contact metadata', () => {
    expect(
      fillMessageTemplate('Hi {{first_name}}, this is {{ company }}.', { first_name: 'Ana', company: 'Acme' }),
    ).toBe('Hi Ana, this is Acme.');
  });

  it('leaves an unknown or empty variable out, with the space before it', () => {
    expect(fillMessageTemplate('Hi {{first_name}}, call us back.', {})).toBe('Hi, call us back.');
    expect(fillMessageTemplate('Hi {{first_name}} {{last_name}}!', { first_name: 'Ana', last_name: ' ' })).toBe(
      'Hi Ana!',
    );
  });

  it('lists the variables a message uses, once each', () => {
    expect(templateVariables('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
  });

  it('never leaves braces of a placeholder in the spoken text, whatever the metadata', () => {
    const name = fc.stringMatching(/^[a-z_]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(name, { maxLength: 4 }),
        fc.dictionary(
          name,
          fc.string({ maxLength: 10 }).filter((value) => !value.includes('{{')),
        ),
        (names, metadata) => {
          const template = `Hello ${names.map((n) => `{{${n}}}`).join(' and ')} goodbye`;
          const filled = fillMessageTemplate(template, metadata);
          expect(filled).not.toMatch(/\{\{\s*[\w.-]+\s*\}\}/);
          for (const n of names) if (metadata[n]?.trim()) expect(filled).toContain(metadata[n]);
        },
      ),
    );
  });

  it('gives a message only when the campaign leaves one', () => {
    expect(messageFor(MACHINE_HANDLING_DEFAULT, { first_name: 'Ana' })).toBeNull();
    expect(
      messageFor(
        { action: 'leave_message', message: 'Hi {{first_name}}', screeningBot: 'human' },
        { first_name: 'Ana' },
      ),
    ).toBe('Hi Ana');
  });

  it('reads anything unreadable as the default', () => {
    expect(readMachineHandling(null)).toEqual(MACHINE_HANDLING_DEFAULT);
    expect(readMachineHandling({ action: 'shout', screeningBot: 'robot' })).toEqual(MACHINE_HANDLING_DEFAULT);
    expect(readMachineHandling({ action: 'hang_up', message: 'x', screeningBot: 'machine' })).toEqual({
      action: 'hang_up',
      message: null,
      screeningBot: 'machine',
    });
  });
});
