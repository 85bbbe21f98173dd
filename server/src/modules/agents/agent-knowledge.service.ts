import type { KnowledgeSource } from '@shared/api/agents.types';
import { withTypeExtension, type DetectedFileType } from '@shared/domain/file-signature';
import { publicUrlProblem } from '@shared/domain/public-url';
import type { AppDeps } from '../../app-deps';
import { invalidField } from '../../domain/domain-error';
import { OutboundRequestRefused } from '../../lib/outbound-request';
import { callProvider } from '../../lib/provider-call';
import type { VoiceKnowledgeRef } from '../../providers/voice/voice.types';
import type { UploadsService } from '../uploads/uploads.service';

type KnowledgeFile = Awaited<ReturnType<UploadsService['read']>>;

/** A knowledge source checked before anything is made anywhere, with the file's bytes when it is a file. */
export type CheckedKnowledge = { source: { url: string } } | { source: { fileId: string }; file: KnowledgeFile };

export type AgentKnowledgeService = ReturnType<typeof createAgentKnowledgeService>;

export function sameKnowledge(a: KnowledgeSource | null, b: KnowledgeSource | null): boolean {
  if (!a || !b) return a === b;
  return 'url' in a ? 'url' in b && a.url === b.url : 'fileId' in b && a.fileId === b.fileId;
}

/** An agent's knowledge source: a public page or one of the tenant's PDFs, made into the provider's documents. */
export function createAgentKnowledgeService(
  deps: Pick<AppDeps, 'logger' | 'voice' | 'outbound'>,
  uploads: UploadsService,
) {
  /**
   * The URL's text can hide a private address (a name resolving to 127.0.0.1, a mapped IPv6 form), so the page is
   * fetched once through the outbound guard, which checks the address actually connected to on every hop.
   */
  async function reachPublicPage(url: string): Promise<void> {
    try {
      const response = await deps.outbound(url, {
        method: 'GET',
        timeoutMs: 5_000,
        maxBodyBytes: 64_000,
        maxRedirects: 3,
      });
      if (response.status >= 400) throw new Error(`answered ${response.status}`);
    } catch (error) {
      throw invalidField(
        'knowledge.url',
        error instanceof OutboundRequestRefused
          ? 'The knowledge URL must be a public web address.'
          : 'The knowledge URL could not be reached; check that the page is online.',
      );
    }
  }

  return {
    /** A URL must be public (SECURITY G1); a file must be the tenant's knowledge PDF (another tenant's is 404). */
    async check(tenantId: string, source: KnowledgeSource | null): Promise<CheckedKnowledge | null> {
      if (!source) return null;
      if ('url' in source) {
        const problem = publicUrlProblem(source.url);
        if (problem) throw invalidField('knowledge.url', problem);
        await reachPublicPage(source.url);
        return { source };
      }
      const file = await uploads.read(tenantId, source.fileId);
      if (file.upload.kind !== 'knowledge')
        throw invalidField('knowledge.fileId', 'The knowledge file must be an uploaded PDF.');
      return { source, file };
    },

    /** The provider's knowledge documents for a checked source; fetching the URL is the provider's job. */
    async createDocuments(agentName: string, knowledge: CheckedKnowledge | null): Promise<VoiceKnowledgeRef[]> {
      if (!knowledge) return [];
      if (!('file' in knowledge)) {
        const { url } = knowledge.source;
        return [
          await callProvider(deps.logger, 'The voice service could not read the knowledge URL', () =>
            deps.voice.createKnowledgeFromUrl(url, `${agentName} – website`),
          ),
        ];
      }
      const { upload, data } = knowledge.file;
      return [
        await callProvider(deps.logger, 'The voice service could not read the knowledge file', () =>
          deps.voice.createKnowledgeFromFile(
            {
              data,
              filename: withTypeExtension(upload.originalName, upload.mimeType as DetectedFileType),
              mimeType: upload.mimeType,
            },
            `${agentName} – ${upload.originalName}`,
          ),
        ),
      ];
    },
  };
}
