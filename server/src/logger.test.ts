import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logDestination } from './logger';

function loggedText(isTTY: boolean): string {
  const output = Object.assign(new PassThrough(), { isTTY });
  const chunks: string[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const logger = createLogger({ logLevel: 'info', nodeEnv: 'development' }, logDestination(output));
  logger.info({ user: { password: 'hunter2' }, tenantId: 't1' }, 'Tenant created');
  logger.flush();
  return chunks.join('');
}

describe('log output', () => {
  it('writes readable lines to a terminal, redacted', () => {
    const text = loggedText(true);
    expect(text).toMatch(/INFO.*Tenant created/);
    expect(text).toContain('tenantId: "t1"');
    expect(text).not.toContain('hunter2');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('writes one JSON object a line anywhere else', () => {
    const text = loggedText(false);
    expect(JSON.parse(text)).toMatchObject({
      level: 30,
      msg: 'Tenant created',
      tenantId: 't1',
      user: { password: '[redacted]' },
    });
  });

  it('never writes the text of a call, whatever the tenant redacts', () => {
    const output = Object.assign(new PassThrough(), { isTTY: false });
    const chunks: string[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const logger = createLogger({ logLevel: 'info', nodeEnv: 'production' }, logDestination(output));
    const said = 'my card is 4111 1111 1111 1111';
    logger.info(
      {
        transcript: [{ message: said }],
        call: { summary: said, transcriptSummary: said, conversationData: said },
        analysis: { transcript_summary: said },
      },
      'call recorded',
    );
    logger.flush();
    const text = chunks.join('');
    expect(text).toContain('call recorded');
    expect(text).not.toContain('4111');
  });
});
