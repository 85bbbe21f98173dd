import { ElevenLabsError, ElevenLabsTimeoutError } from '@elevenlabs/elevenlabs-js';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/domain-error';
import { mapElevenLabsError, vendorDetail } from './elevenlabs-errors';

const thrown = (error: unknown, notFound = 'Thing not found'): unknown => {
  try {
    mapElevenLabsError(error, notFound);
  } catch (caught) {
    return caught;
  }
  throw new Error('mapElevenLabsError returned');
};

describe('vendorDetail', () => {
  it('reads the three shapes of detail the vendor sends', () => {
    expect(vendorDetail({ detail: 'plain words' })).toEqual({ code: null, message: 'plain words' });
    expect(vendorDetail({ detail: { status: 'agent_not_found', message: 'No agent' } })).toEqual({
      code: 'agent_not_found',
      message: 'No agent',
    });
    expect(
      vendorDetail({ detail: [{ loc: ['body', 'conversation_config', 'agent'], msg: 'required' }, { loc: [] }] }),
    ).toEqual({ code: null, message: 'conversation_config.agent: required; invalid' });
  });

  it('answers nothing for a body without detail', () => {
    expect(vendorDetail(null)).toEqual({ code: null, message: null });
    expect(vendorDetail({ other: 1 })).toEqual({ code: null, message: null });
    expect(vendorDetail({ detail: [] })).toEqual({ code: null, message: null });
  });
});

describe('mapElevenLabsError', () => {
  it('names the missing thing from the vendor code, else from the caller', () => {
    const coded = thrown(new ElevenLabsError({ statusCode: 404, body: { detail: { status: 'document_not_found' } } }));
    expect(coded).toMatchObject({
      code: 'PROVIDER_NOT_FOUND',
      message: 'Knowledge document not found at the voice provider',
    });
    expect(thrown(new ElevenLabsError({ statusCode: 404, body: {} }))).toMatchObject({ message: 'Thing not found' });
  });

  it('maps statuses to domain codes, with the vendor reason where it helps', () => {
    const rejected = thrown(new ElevenLabsError({ statusCode: 422, body: { detail: 'bad voice' } }));
    expect(rejected).toMatchObject({
      code: 'PROVIDER_REJECTED',
      message: 'Voice provider rejected the request: bad voice',
    });
    expect(thrown(new ElevenLabsError({ statusCode: 409, body: {} }))).toMatchObject({ code: 'PROVIDER_CONFLICT' });
    expect(thrown(new ElevenLabsError({ statusCode: 429, body: {} }))).toMatchObject({ code: 'PROVIDER_BUSY' });
    expect(thrown(new ElevenLabsError({ statusCode: 503, body: {} }))).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(thrown(new ElevenLabsTimeoutError('slow'))).toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });

  it('lets our own bugs through unchanged', () => {
    const bug = new TypeError('undefined is not a function');
    expect(thrown(bug)).toBe(bug);
    expect(thrown(bug)).not.toBeInstanceOf(DomainError);
  });
});
