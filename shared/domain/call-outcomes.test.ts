import { describe, expect, it } from 'vitest';
import { answeredBy, CALL_OUTCOMES, reachFigures } from './call-outcomes';

describe('who answered', () => {
  it('names a person, a machine or nobody for every outcome', () => {
    const by = Object.fromEntries(CALL_OUTCOMES.map((outcome) => [outcome, answeredBy(outcome)]));
    expect(by).toEqual({
      answered: 'person',
      voicemail: 'machine',
      busy: null,
      no_answer: null,
      failed: null,
      voicemail_left: 'machine',
      machine_no_message: 'machine',
      screened: 'machine',
      fax: 'machine',
      transferred: 'person',
      transfer_missed: 'person',
    });
    expect(answeredBy('something_new')).toBeNull();
  });
});

describe('reach figures', () => {
  it('counts every call once in calls, and people, machines, messages and transfers apart', () => {
    expect(
      reachFigures([
        { outcome: 'answered', calls: 10 },
        { outcome: 'transferred', calls: 2 },
        { outcome: 'transfer_missed', calls: 1 },
        { outcome: 'voicemail_left', calls: 4 },
        { outcome: 'machine_no_message', calls: 1 },
        { outcome: 'no_answer', calls: 5 },
        { outcome: 'answered', calls: 1 },
      ]),
    ).toEqual({ calls: 24, person: 14, machine: 5, voicemailLeft: 4, transferred: 2, transferMissed: 1 });
    expect(reachFigures([])).toEqual({
      calls: 0,
      person: 0,
      machine: 0,
      voicemailLeft: 0,
      transferred: 0,
      transferMissed: 0,
    });
  });
});
