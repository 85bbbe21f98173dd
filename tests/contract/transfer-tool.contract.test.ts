import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_TEST_NUMBERS } from '../../server/src/sandbox/call-script';
import {
  finishedConversation,
  numberForAgent,
  officialClients,
  startContractSandbox,
  type ContractSandbox,
} from './support/contract-sandbox';

/**
 * The transfer_to_number system tool through the official SDK against the sandbox: the agent's tool as the vendor
 * document describes it, and the transcript's tool call and result for a transfer answered and one missed. Every
 * answer passes the recording proxy, so the harness fails at close when one breaks the vendor document's schema.
 */

const DESK = '+14155550123';
const ANSWERED = `+1415550${RESERVED_TEST_NUMBERS.transferAnsweredSuffix.slice(-4)}`;
const UNANSWERED = `+1415550${RESERVED_TEST_NUMBERS.transferUnansweredSuffix.slice(-4)}`;

describe('the sandbox’s transfer_to_number tool', () => {
  let harness: ContractSandbox;
  let elevenlabs: ElevenLabsClient;
  let agentId: string;
  let phoneNumberId: string;

  beforeAll(async () => {
    harness = await startContractSandbox({ callDelayMs: 30 });
    ({ elevenlabs } = officialClients(harness));
    ({ agentId } = await harness.voice.createAgent({
      name: 'Front desk',
      prompt: 'Book appointments.',
      firstMessage: 'Hello!',
      voiceId: null,
      knowledgeBase: [],
      transfers: [
        {
          phoneNumber: DESK,
          condition: 'The caller wants to book now',
          transferType: 'conference',
          ringTimeoutSecs: 30,
        },
      ],
      tags: [],
    }));
    ({ phoneNumberId } = await numberForAgent(harness, agentId, { country: 'US', label: 'Front desk' }));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('keeps the tool as sent and refuses a transfer without a destination with the vendor’s 422', async () => {
    const agent = await elevenlabs.conversationalAi.agents.get(agentId);
    const tool = agent.conversationConfig.agent?.prompt?.builtInTools?.transferToNumber;
    expect(tool?.name).toBe('transfer_to_number');
    expect(tool?.responseTimeoutSecs).toBe(30);
    expect(tool?.params).toMatchObject({
      systemToolType: 'transfer_to_number',
      transfers: [{ transferDestination: { type: 'phone', phoneNumber: DESK }, transferType: 'conference' }],
    });
    // Sent as JSON by hand: the SDK itself refuses a transfer without its condition before it is sent.
    const { baseUrl, apiKey } = harness.sandbox.elevenlabs;
    const patch = (transfers: unknown[]) =>
      fetch(`${baseUrl}/v1/convai/agents/${agentId}`, {
        method: 'PATCH',
        headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          conversation_config: {
            agent: {
              prompt: {
                built_in_tools: {
                  transfer_to_number: {
                    name: 'transfer_to_number',
                    params: { system_tool_type: 'transfer_to_number', transfers },
                  },
                },
              },
            },
          },
        }),
      });
    const noCondition = await patch([{ transfer_destination: { type: 'phone', phone_number: DESK } }]);
    expect(noCondition.status).toBe(422);
    const badNumber = await patch([
      { condition: 'Always', transfer_destination: { type: 'phone', phone_number: '12' } },
    ]);
    expect(badNumber.status).toBe(422);
    const badType = await patch([{ condition: 'Always', transfer_type: 'blind' }]);
    expect(badType.status).toBe(422);
    // Nothing refused changed the agent.
    const after = await elevenlabs.conversationalAi.agents.get(agentId);
    expect(after.conversationConfig.agent?.prompt?.builtInTools?.transferToNumber?.params).toMatchObject({
      transfers: [{ transferDestination: { type: 'phone', phoneNumber: DESK } }],
    });
  });

  it('reports an answered transfer and a missed one in the transcript, as the adapter reads them', async () => {
    const call = async (toNumber: string) => {
      const { conversationId } = await harness.voice.startOutboundCall({
        agentId,
        agentPhoneNumberId: phoneNumberId,
        toNumber,
      });
      return finishedConversation(harness, conversationId);
    };
    const answered = await call(ANSWERED);
    expect(answered.outcome).toBe('answered');
    expect(answered.transfer).toMatchObject({ toNumber: DESK, answered: true });
    expect(answered.transfer!.ringSecs).toBeGreaterThanOrEqual(4);
    const missed = await call(UNANSWERED);
    expect(missed.transfer).toMatchObject({ toNumber: DESK, answered: false, ringSecs: 30 });
    expect(missed.analysis?.transcriptSummary).toContain('call back');

    // A number with no transfer rule, or an agent without the tool, makes no transfer.
    const plain = await call('+14155550101');
    expect(plain.transfer).toBeNull();
  });
});
